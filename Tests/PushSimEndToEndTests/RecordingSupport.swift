import CGSL
import Foundation
@testable import PushSim

// Helpers for the field-case tests (Scenarios/cases/C1…C10.json, /work/shared/cases/field-cases.md):
// load a case, run one (variant, strategy, replication), and watch which push reached the
// app's code and when.

/// Field case `id` ("C1" … "C10") from Scenarios/cases/.
func fieldCase(_ id: String) throws -> Scenario {
    Family.reseeded(try Scenario.load(path: scenarioURL("Scenarios/cases/\(id).json").path).scenario)
}

extension Scenario {
    func variantIndex(_ name: String) -> Int {
        guard let i = variants.firstIndex(where: { $0.name == name }) else { fatalError("\(self.name): no variant \(name)") }
        return i
    }

    func strategyIndex(_ name: String) -> Int {
        guard let i = strategies.firstIndex(where: { $0.name == name }) else { fatalError("\(self.name): no strategy \(name)") }
        return i
    }

    /// One run, exactly as `pushsim run` computes it.
    func outcome(_ variant: String, _ strategy: String, replication: Int) -> RunOutcome {
        Simulation(scenario: self).run(.init(variant: variantIndex(variant), strategy: strategyIndex(strategy), replication: replication))
    }

    /// Every replication of one (variant, strategy), in replication order.
    func outcomes(_ variant: String, _ strategy: String) -> [RunOutcome] {
        (0..<replications).map { outcome(variant, strategy, replication: $0) }
    }

    /// The server's changes of one replication (time, key), as the world draws them.
    func changes(_ variant: String, replication: Int) -> [(time: SimTime, key: Int32)] {
        let server = variants[variantIndex(variant)].server ?? self.server
        let streams = RandomStreams(generator: generator, seed: seed, replication: replication)
        return server.drawChanges(until: .zero + horizon, streams: streams).map { ($0.time, $0.key) }
    }
}

/// A push as the app's code saw it.
struct Arrival: Equatable, CustomStringConvertible {
    var at: SimTime
    var id: Int64
    var sentAt: SimTime
    var cursor: Int64
    var collapseKey: Int64?
    /// The app's state when its code saw the push (not part of equality).
    var appState: AppState = .foreground
    /// The sender's notification id (not part of equality).
    var notification: Int64 = 0
    /// The server key the push's change wrote (not part of equality).
    var key: Int32 = 0

    /// The arrival time (same as `at`).
    var time: SimTime { at }

    static func == (a: Arrival, b: Arrival) -> Bool {
        (a.at, a.id, a.sentAt, a.cursor, a.collapseKey) == (b.at, b.id, b.sentAt, b.cursor, b.collapseKey)
    }

    var description: String { "#\(id) sent \(sentAt.seconds) s, seen \(at.seconds) s" }
}

/// What a recording strategy saw; a class so the copies the world makes share it.
final class AppLog: @unchecked Sendable {
    var pushes: [Arrival] = []
    var deletedSignals: [SimTime] = []
    var foregrounds: [SimTime] = []

    /// The pushes, in arrival order (same as `pushes`).
    var arrivals: [Arrival] { pushes }
    /// `deletedMessages` times (same as `deletedSignals`).
    var deleted: [SimTime] { deletedSignals }
    /// Push ids in arrival order.
    var ids: [Int64] { pushes.map(\.id) }
    /// The pushes ordered by (arrival time, id). Neither APNs nor FCM promises an order
    /// among copies that arrive at the same instant, and the model draws that order at
    /// random (docs/model.md, Event order), so a test of what arrived when compares this.
    var byTimeThenID: [Arrival] { pushes.sorted { ($0.at, $0.id) < ($1.at, $1.id) } }
    /// Push ids ordered by (arrival time, id) (see `byTimeThenID`).
    var idsByTime: [Int64] { byTimeThenID.map(\.id) }
    /// The time push `id` first reached the app's code (nil if it never did).
    func time(of id: Int64) -> SimTime? { pushes.first { $0.id == id }?.at }
}

/// Test-only strategy: records every handler call into `log`, then lets `inner` react.
/// It draws no randomness, so a recorded run meets the same channel and device as
/// `Simulation.run` with `inner`.
struct Recording<Inner: ClientStrategy>: ClientStrategy {
    static var kind: String { "test.recording" }
    static var summary: String { "records what the app sees, then runs the inner strategy" }
    static var parameters: [ParameterDoc] { [] }

    var inner: Inner
    let log: AppLog

    init(_ inner: Inner, log: AppLog) { self.inner = inner; self.log = log }

    init(from decoder: any Decoder) throws { throw decoder.invalid("test.recording is not decodable") }

    var capabilities: StrategyCapabilities { inner.capabilities }

    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case let .push(push):
            log.pushes.append(Arrival(at: app.now, id: push.id, sentAt: push.sentAt, cursor: push.cursor, collapseKey: push.collapseKey,
                                      appState: app.appState, notification: push.notification, key: push.change.key))
        case .deletedMessages: log.deletedSignals.append(app.now)
        case .foreground: log.foregrounds.append(app.now)
        default: break
        }
        inner.handle(event, &app)
    }
}

/// Runs one replication of `variant` with `strategy` wrapped in `Recording`, building the
/// run as `Simulation.run` does; `device` may adjust the device for the test.
func record<S: ClientStrategy>(_ scenario: Scenario, _ variant: String, replication: Int, strategy: S,
                               device adjust: (inout DeviceSpec) -> Void = { _ in }) -> (outcome: RunOutcome, log: AppLog) {
    let index = scenario.variantIndex(variant)
    var setup = Simulation(scenario: scenario).setup(variant: index)
    adjust(&setup.device)
    let v = scenario.variants[index]
    let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
    let log = AppLog()
    let outcome = Simulation.simulate(channel: v.channel, strategy: Recording(strategy, log: log), setup: setup, streams: streams)
    return (outcome, log)
}

/// Minutes (and optional seconds) after the start.
func at(_ minutes: Int64, _ seconds: Int64 = 0) -> SimTime { .zero + .minutes(minutes) + .seconds(seconds) }

/// Rejections with `error` in a run.
func rejections(_ o: RunOutcome, _ error: SendError) -> Int { o.rejections[SendError.allCases.firstIndex(of: error)!] }

/// Whether `successes` of `trials` is consistent with probability `p`: `p` lies in the
/// two-sided Wilson interval at `confidence`.
func consistent(successes: Int, trials: Int, p: Double, confidence: Double = 0.999) -> Bool {
    let ci = Statistics.wilsonInterval(successes: successes, trials: trials, confidence: confidence)
    return ci.low <= p && p <= ci.high
}

/// Pearson's χ² goodness-of-fit p-value (`gsl_cdf_chisq_Q`) of `counts` against equal cells.
func uniformityPValue(_ counts: [Int]) -> Double {
    let n = Double(counts.reduce(0, +)), e = n / Double(counts.count)
    let chi2 = counts.reduce(0.0) { $0 + (Double($1) - e) * (Double($1) - e) / e }
    return gsl_cdf_chisq_Q(chi2, Double(counts.count - 1))
}

/// The two-sided t-interval of the mean of `data` at `confidence` (`gsl_cdf_tdist_Pinv`).
func meanInterval(_ data: [Double], confidence: Double = 0.999) -> (low: Double, high: Double) {
    let m = Statistics.mean(data), s = Statistics.variance(data).squareRoot()
    let half = gsl_cdf_tdist_Pinv((1 + confidence) / 2, Double(data.count - 1)) * s / Double(data.count).squareRoot()
    return (m - half, m + half)
}
