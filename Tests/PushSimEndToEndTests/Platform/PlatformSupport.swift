import CGSL
import Foundation
@testable import PushSim

// Helpers for the per-rule platform scenarios (Scenarios/platform/<rule id>.json).

/// Loads `Scenarios/platform/<id>.json`.
func platformScenario(_ id: String) throws -> Scenario {
    try Scenario.load(path: scenarioURL("Scenarios/platform/\(id).json").path).scenario
}

/// A simulated time given in hours, minutes and seconds after t = 0.
func at(d: Int64 = 0, h: Int64 = 0, m: Int64 = 0, s: Int64 = 0) -> SimTime {
    .zero + .days(d) + .hours(h) + .minutes(m) + .seconds(s)
}

/// What the app's code saw during one run, in order: pushes (time, id, send time) and
/// `deletedMessages` signals. A class so the strategy (copied by value) shares it.
final class AppLog: @unchecked Sendable {
    struct Arrival: Equatable { var time: SimTime; var id: Int64; var sentAt: SimTime; var appState: AppState }
    var arrivals: [Arrival] = []
    var deleted: [SimTime] = []

    /// Push ids in arrival order.
    var ids: [Int64] { arrivals.map(\.id) }
    /// The time push `id` reached the app's code first (nil if it never did).
    func time(of id: Int64) -> SimTime? { arrivals.first { $0.id == id }?.time }
}

/// A test-only strategy: records every push and `deletedMessages` its handlers see, then
/// hands the call on to `inner`.
struct Recorder<Inner: ClientStrategy>: ClientStrategy {
    static var kind: String { "test.recorder" }
    static var summary: String { "records what the app's code sees (tests only)" }
    static var parameters: [ParameterDoc] { [] }

    let log: AppLog
    var inner: Inner

    init(log: AppLog, inner: Inner) { self.log = log; self.inner = inner }
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "tests only"))
    }

    mutating func onPush(_ push: Push, _ app: inout AppContext) {
        log.arrivals.append(.init(time: app.now, id: push.id, sentAt: push.sentAt, appState: app.appState))
        inner.onPush(push, &app)
    }
    mutating func onDeletedMessages(_ app: inout AppContext) { log.deleted.append(app.now); inner.onDeletedMessages(&app) }
    mutating func onForeground(_ app: inout AppContext) { inner.onForeground(&app) }
    mutating func onReconnect(_ app: inout AppContext) { inner.onReconnect(&app) }
    mutating func onPullFailed(_ app: inout AppContext) { inner.onPullFailed(&app) }
    mutating func onTimer(tag: Int32, _ app: inout AppContext) { inner.onTimer(tag: tag, &app) }
}

/// Runs one replication of `variant` with a recording strategy wrapped around `inner`,
/// built exactly as `Simulation.run` builds a run.
func trace<S: ClientStrategy>(_ scenario: Scenario, _ variant: String, replication: Int = 0,
                              inner: S = HintPull()) -> (outcome: RunOutcome, log: AppLog) {
    guard let v = scenario.variants.first(where: { $0.name == variant }) else { fatalError("no variant \(variant)") }
    let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
    let server = v.server ?? scenario.server
    let message = v.message ?? scenario.message
    let setup = Simulation.Setup(server: server, device: v.device ?? scenario.device, client: v.client ?? scenario.client,
                                 templates: server.changes.map { $0.message ?? message }, horizon: .zero + scenario.horizon)
    let log = AppLog()
    let outcome = Simulation.simulate(channel: v.channel, strategy: Recorder(log: log, inner: inner), setup: setup, streams: streams)
    return (outcome, log)
}

/// Every cell of `scenario` (all variants × strategies), as `summarize` computes them.
func cells(_ id: String) throws -> [CellSummary] { summarize(try platformScenario(id)) }

/// The rejections of a cell by code, e.g. `BadPriority=3` (see `RunMetrics.rejectionCodes`).
func rejectionCodes(_ c: CellSummary) -> String { RunMetrics.rejectionCodes(c.rejections) }

// MARK: - Statistics (GSL)

/// The central acceptance region of Binomial(n, p) at level 1 − alpha: [lo, hi] with
/// P(X < lo) ≤ alpha/2 and P(X > hi) ≤ alpha/2 (`gsl_cdf_binomial_P` / `_Q`).
func binomialAcceptance(n: Int, p: Double, alpha: Double = 0.001) -> ClosedRange<Int> {
    var lo = 0
    while lo < n, gsl_cdf_binomial_P(UInt32(lo), p, UInt32(n)) < alpha / 2 { lo += 1 }
    var hi = lo
    while hi < n, gsl_cdf_binomial_Q(UInt32(hi), p, UInt32(n)) > alpha / 2 { hi += 1 }
    return lo...hi
}

/// Pearson's chi-square goodness-of-fit p-value of `observed` against equal expected
/// counts (`gsl_cdf_chisq_Q` with k − 1 degrees of freedom).
func uniformityPValue(_ observed: [Int]) -> Double {
    let n = Double(observed.reduce(0, +)), e = n / Double(observed.count)
    let chi2 = observed.reduce(0.0) { $0 + (Double($1) - e) * (Double($1) - e) / e }
    return gsl_cdf_chisq_Q(chi2, Double(observed.count - 1))
}
