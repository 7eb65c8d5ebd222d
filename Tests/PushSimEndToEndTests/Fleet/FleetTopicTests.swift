import Foundation
import Testing
@testable import PushSim

/// Topic messages and pull jitter: one provider request fans out to every recipient at the
/// fan-out rate, every app pulls; jitter spreads the pulls over [0, pullJitter).
@Suite struct FleetTopicTests {
    static func broadcast(jitter: String, capacity: Int = 100_000) -> String {
        """
        {"name": "topic", "seed": 4, "replications": 1, "horizon": "10m",
         "server": {"keys": 1, "retainLast": 10, "changes": {"count": 0, "start": "1h"}},
         "client": {"pullJitter": "\(jitter)"},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
         "fleet": {"population": {"count": 3000},
                   "server": {"capacity": \(capacity), "service": "0s"},
                   "topic": {"changes": {"count": 1, "start": "1m30s"}, "fanOutRate": 100}}}
        """
    }

    /// 3,000 recipients at 100 a second: the fan-out takes 30 s (1m30s … 2m, all in
    /// minute 1), and each recipient pulls on arrival (the server answers at once).
    @Test func fanOutReachesEveryRecipientAtItsRate() throws {
        let r = try FleetSupport.run(Self.broadcast(jitter: "0s"), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["topic_requests"] == "1.000000")
        #expect(fleet["pushes_sent"] == "3000.000000")
        #expect(fleet["converged_fraction"] == "1.000000")
        let m = try FleetSupport.table(r.out, "timeline.csv")
        #expect(m[1]["pushes_delivered"] == "3000" && m[1]["pulls_started"] == "3000")
        #expect(m.enumerated().allSatisfy { $0.offset == 1 || $0.element["pushes_delivered"] == "0" })
    }

    /// With 60 s of jitter every pull starts within a minute of its push: the pushes arrive
    /// in 1m30s … 2m, so the pulls start in 1m30s … 3m, in minutes 1 and 2 only.
    @Test func jitterDelaysPullsWithinItsRange() throws {
        let r = try FleetSupport.run(Self.broadcast(jitter: "60s"), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let m = try FleetSupport.table(r.out, "timeline.csv")
        let pulls = m.map { Int($0["pulls_started"]!)! }
        #expect(pulls[0] == 0)
        #expect(pulls[1] + pulls[2] == 3000)
        #expect(pulls[3...].allSatisfy { $0 == 0 })
        #expect(pulls[1] > 0 && pulls[2] > 0)
    }
}
