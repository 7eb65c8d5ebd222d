import Foundation
import Testing
import CGSL
@testable import PushSim

/// The push-hint study (Scenarios/push-hint-study.json) end to end.
@Suite struct StudyTests {
    static let cells: [CellSummary] = {
        let (scenario, _) = try! Scenario.load(path: scenarioURL("Scenarios/push-hint-study.json").path)
        return summarize(scenario)
    }()

    @Test func foregroundSyncConvergesEverywhere() {
        for variant in ["lossy", "keepLatest", "overflow"] {
            let c = cell(Self.cells, variant, "hintPullForegroundSync")
            #expect(c.replications == 1000)
            #expect(c.converged == 1000, "variant \(variant)")
        }
    }

    /// keepLatest always delivers the newest push at reconnect, and the pull after it
    /// reaches the head (through a reset, since the log keeps only 8 of 30 changes).
    @Test func hintPullOnKeepLatestConvergesAlways() {
        let c = cell(Self.cells, "keepLatest", "hintPull")
        #expect(c.converged == 1000)
        #expect(c.mean("resets") == 1)
        #expect(c.total("delivered") == 1000)
        #expect(c.total("replaced_in_storage") == 29 * 1000)
        #expect(c.total("delayed_device_offline") == 1000)
    }

    /// 30 pushes offline with a limit of 20 and no deleted signal: nothing arrives.
    @Test func hintPullOnOverflowNeverConverges() {
        let c = cell(Self.cells, "overflow", "hintPull")
        #expect(c.converged == 0)
        #expect(c.total("delivered") == 0)
        #expect(c.total("dropped_too_many_pending_messages") == 30 * 1000)
        #expect(c.mean("deleted_signals") == 0)
    }

    /// Payload-as-truth does worse than hint-and-pull on the lossy channel: the two 95%
    /// intervals do not even overlap.
    @Test func applyPayloadBelowHintPullOnLossy() {
        let payload = cell(Self.cells, "lossy", "applyPayload"), hint = cell(Self.cells, "lossy", "hintPull")
        #expect(payload.interval.high < hint.interval.low, "applyPayload \(payload.convergenceRate) vs hintPull \(hint.convergenceRate)")
    }

    /// Every strategy of one replication meets the same channel: pushes lost and
    /// duplicated agree across strategies, run by run (common random numbers).
    @Test func strategiesShareChannelRandomness() throws {
        let (scenario, _) = try Scenario.load(path: scenarioURL("Scenarios/push-hint-study.json").path)
        let sim = Simulation(scenario: scenario)
        for r in 0..<200 {
            let outcomes = (0..<3).map { sim.run(.init(variant: 0, strategy: $0, replication: r)) }
            #expect(Set(outcomes.map { $0[.lost] }).count == 1)
            #expect(Set(outcomes.map(\.duplicates)).count == 1)
            #expect(Set(outcomes.map(\.counts[.copiesArrived])).count == 1)
        }
    }
}

/// Analytic cross-check: with zero delay and no duplication every surviving push arrives
/// at its send time, so `hintPull` converges exactly when the last push is not lost; its
/// rate must lie within the 99.9% binomial interval around 1 − loss.
@Suite struct AnalyticCrossCheck {
    static func scenario(loss: Double, replications: Int) throws -> Scenario {
        let json = """
        {"name": "analytic", "seed": 7, "replications": \(replications), "horizon": "60s",
         "server": {"keys": 5, "retainLast": 8, "changes": {"count": 30, "start": "1s", "interval": "1s"}},
         "strategies": ["hintPull"],
         "variants": [{"name": "lossy", "channel": {"kind": "lossy", "loss": \(loss), "duplicate": 0, "delay": "0s"}}]}
        """
        return Family.reseeded(try Scenario.decode(Data(json.utf8), file: "analytic.json"))
    }

    @Test(arguments: [0.3, 0.5])
    func hintPullRateMatchesOneMinusLoss(loss: Double) throws {
        let family = Family(checks: 1, cases: 2)
        defer { #expect(family.done) }
        let n = 4000
        let c = summarize(try Self.scenario(loss: loss, replications: n))[0]
        let p = 1 - loss
        let z = gsl_cdf_ugaussian_Pinv(1 - family.check() / 2)
        let halfWidth = z * (p * (1 - p) / Double(n)).squareRoot()
        #expect(abs(c.convergenceRate - p) <= halfWidth, "rate \(c.convergenceRate), expected \(p) ± \(halfWidth)")
        // Certain by the model: a converged run converged at the last change itself.
        #expect(c.convergenceTimeQuantile(0.95) == 0)
    }
}
