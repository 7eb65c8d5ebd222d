import CGSL
import Foundation
import Testing
@testable import PushSim

/// S1: the `batch` sender and the `applyBatch` client (Scenarios/platform/S1.json): loss
/// p = 0.3 per push, N = 30 changes, no delay, no duplicates, pulls take no time.
@Suite("Platform rules: batching sender and batch-applying client (S1)")
struct PlatformBatchRuleTests {
    static let p = 0.3, n = 30

    /// Mean pulls per run of `applyBatch` with batches of K: a pull happens at a delivered
    /// push i > K whose K predecessors were all lost, so (N − K)(1 − p)p^K.
    static func expectedPulls(k: Int) -> Double { Double(n - k) * (1 - p) * pow(p, Double(k)) }

    @Test("applyBatch pulls only after K lost pushes: mean pulls (N − K)(1 − p)p^K; hintPull pulls on every push it gets")
    func pullsMatchTheAnalyticMean() throws {
        let s = try platformScenario("S1")
        let family = Family(checks: 7)
        defer { #expect(family.done) }
        for (variant, k) in [("batch1", 1), ("batch3", 3), ("batch10-bigChanges", 4)] {
            let pulls = s.outcomes(variant, "applyBatch").map { Double($0.counts[.pulls]) }
            let ci = family.meanInterval(pulls)
            let mu = Self.expectedPulls(k: k)
            #expect(ci.low <= mu && mu <= ci.high, "\(variant): mean pulls interval \(ci), analytic \(mu)")
        }
        for variant in ["perChange", "batch3"] {
            let pulls = s.outcomes(variant, "hintPull").map { Double($0.counts[.pulls]) }
            let ci = family.meanInterval(pulls)
            let mu = Double(Self.n) * (1 - Self.p)
            #expect(ci.low <= mu && mu <= ci.high, "\(variant) hintPull: \(ci) vs \(mu)")
        }
        // perChange carries no batch, so applyBatch pulls at every push ahead, like hintPull.
        let plain = s.outcomes("perChange", "applyBatch").map { Double($0.counts[.pulls]) }
        let ci = family.meanInterval(plain)
        #expect(ci.low <= 21 && 21 <= ci.high, "perChange applyBatch: \(ci)")
        // K = 10: the pulls over all runs are Poisson with mean 400 · (N − K)(1 − p)p^K ≈ 0.033.
        let total = s.outcomes("batch10", "applyBatch").reduce(0) { $0 + $1.counts[.pulls] }
        let lambda = Double(s.replications) * Self.expectedPulls(k: 10)
        // P(X ≥ total) = Q(total − 1): the one-sided p-value of the count seen.
        let alpha = family.check()
        #expect(total == 0 || gsl_cdf_poisson_Q(UInt32(total - 1), lambda) > alpha, "\(total) pulls, Poisson mean \(lambda)")
    }

    @Test("hintPull and applyBatch converge with the last push (1 − p); applyBatch reads its batch without pulling")
    func convergenceFollowsTheLastPush() throws {
        let s = try platformScenario("S1")
        let family = Family(checks: 8)
        defer { #expect(family.done) }
        let cs = summarize(s)
        for variant in ["perChange", "batch1", "batch3", "batch10"] {
            for strategy in ["hintPull", "applyBatch"] {
                let c = cell(cs, variant, strategy)
                let range = family.binomialAcceptance(n: s.replications, p: 1 - Self.p)
                #expect(range.contains(c.converged), "\(variant)/\(strategy): \(c.converged) of \(s.replications), range \(range)")
            }
        }
        // Certain run by run: converged exactly when the push of the last change arrived.
        for r in 0..<50 {
            let (o, log) = trace(s, "batch3", replication: r, inner: ApplyBatch())
            #expect(o.converged == log.arrivals.contains { $0.cursor == Int64(Self.n) }, "replication \(r)")
        }
        #expect(cell(cs, "batch10", "applyBatch").mean("bytes_pushed") > cell(cs, "perChange", "applyBatch").mean("bytes_pushed"))
        // Certain: applyBatch applies changes in order and its cursor follows them, so a
        // gap's pull starts after what it applied and no key ever goes back.
        for variant in ["perChange", "batch1", "batch3", "batch10", "batch10-bigChanges"] {
            #expect(cell(cs, variant, "applyBatch").total("regressions") == 0, "\(variant)")
            #expect(cell(cs, variant, "hintPull").total("regressions") == 0, "\(variant)")
        }
    }

    @Test("batch: each push carries min(K, cursor, ⌊(limit − size) / changeBytes⌋) changes, the newest ones")
    func batchSizeAndContents() throws {
        var b = Batching()
        #expect(b.batchSize(cursor: 3, size: 0) == 3 && b.batchSize(cursor: 30, size: 0) == 10)
        b.changeBytes = 1000
        #expect(b.batchSize(cursor: 30, size: 0) == 4 && b.batchSize(cursor: 30, size: 200) == 3)
        b.payloadLimit = 500
        #expect(b.batchSize(cursor: 30, size: 0) == 0, "no room: the push carries no batch")
        let s = try platformScenario("S1")
        let batches = BatchLog()
        _ = trace(s, "batch3", replication: 0, inner: BatchRecorder(log: batches))
        #expect(batches.seen.count > 10)
        for (cursor, sequences) in batches.seen {
            #expect(sequences == Array(max(1, cursor - 2)...cursor), "push at cursor \(cursor) carried \(sequences)")
        }
    }
}

/// What `BatchRecorder` saw: (cursor, the batch's sequences) per push; a class so the
/// copies the world makes share it.
final class BatchLog: @unchecked Sendable { var seen: [(Int64, [Int64])] = [] }

/// Test-only strategy: records the sequences of each push's batch (by cursor).
struct BatchRecorder: ClientStrategy {
    static var kind: String { "test.batchRecorder" }
    static var summary: String { "records each push's batch" }
    static var parameters: [ParameterDoc] { [] }
    let log: BatchLog
    init(log: BatchLog) { self.log = log }
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = StrategyCapabilities()
    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        if case let .push(push) = event { log.seen.append((push.cursor, app.batch.map(\.sequence))) }
    }
}
