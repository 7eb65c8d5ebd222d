import Foundation
@testable import PushSim

/// A one-variant scenario for the app tests; `server`, `device`, `client`, `message` and
/// `channel` are JSON object texts. Default: one key, one change at 1 s, a generic device,
/// the lossy channel with its defaults (nothing lost, no delay).
func appScenario(server: String = #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "1s"}}"#,
                 device: String = "{}", client: String = "{}", message: String = "{}",
                 channel: String = #"{"kind": "lossy"}"#, horizon: String = "120s") throws -> Scenario {
    let json = """
    {"name": "app-test", "seed": 7, "replications": 1, "horizon": "\(horizon)", "server": \(server), "client": \(client),
     "message": \(message), "strategies": ["hintPull"], "variants": [{"name": "v", "channel": \(channel), "device": \(device)}]}
    """
    return try Scenario.decode(Data(json.utf8), file: "app-test.json")
}

/// A fresh world running `strategy` (and `channel`, else the variant's) on the scenario's only variant.
func appWorld(_ sc: Scenario, _ strategy: any ClientStrategy, channel: (any PushChannel)? = nil,
              trace: any TraceSink = NoTrace()) -> World {
    Simulation.world(channel: channel ?? sc.variants[0].channel, strategy: strategy, setup: Simulation(scenario: sc).setup(variant: 0),
                     streams: RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0), trace: trace)
}

/// Runs `strategy` on the scenario's only variant to its horizon.
func appRun(_ sc: Scenario, _ strategy: any ClientStrategy, channel: (any PushChannel)? = nil) -> RunOutcome {
    var world = appWorld(sc, strategy, channel: channel)
    return world.run(until: Simulation(scenario: sc).setup(variant: 0).horizon)
}

/// Runs `strategy` traced; the trace's records.
func appTrace(_ sc: Scenario, _ strategy: any ClientStrategy) -> [TraceRecord] {
    let setup = Simulation(scenario: sc).setup(variant: 0)
    return Simulation.simulate(channel: sc.variants[0].channel, strategy: strategy, setup: setup,
                               streams: RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0),
                               trace: RunTracer(stageNames: [nil])).trace.records
}

/// Test-only strategy whose handlers do what it is built with: on a push, on an app open,
/// on a timer; `timerInFirstSession` sets a timer with tag 1 at the first app open only.
struct ScriptedStrategy: ParameterlessStrategy {
    static let kind = "test.scripted"
    static let summary = "does what the test says (tests only)"
    enum Action: Sendable {
        case nothing, pull, fullSync
        /// Promises a notification for the push's key after the pull (`postNotificationAfterPull`).
        case notifyAfterPull
        /// At the first push `notifyAfterPull`, at later ones `pull`.
        case notifyFirstThenPull
        /// Pulls only if the app is in the foreground when the handler runs.
        case pullIfForeground
    }
    var onPushDo = Action.nothing
    var onForegroundDo = Action.nothing
    var onTimerDo = Action.nothing
    var timerInFirstSession: SimDuration?
    /// Sets a timer with tag 2 at every push.
    var timerAtPush: SimDuration?
    private var pushes = 0

    init() {}
    init(push: Action = .nothing, foreground: Action = .nothing, timer: Action = .nothing, timerInFirstSession: SimDuration? = nil,
         timerAtPush: SimDuration? = nil) {
        onPushDo = push; onForegroundDo = foreground; onTimerDo = timer; self.timerInFirstSession = timerInFirstSession
        self.timerAtPush = timerAtPush
    }

    private static func act(_ a: Action, key: Int32, first: Bool, _ app: inout AppContext) {
        switch a {
        case .nothing: break
        case .pull: app.pull()
        case .fullSync: app.fullSync()
        case .notifyAfterPull: app.postNotificationAfterPull(key: key)
        case .notifyFirstThenPull: if first { app.postNotificationAfterPull(key: key) } else { app.pull() }
        case .pullIfForeground: if app.appState == .foreground { app.pull() }
        }
    }

    let capabilities = StrategyCapabilities()

    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case let .push(push):
            pushes += 1
            Self.act(onPushDo, key: push.change.key, first: pushes == 1, &app)
            if let delay = timerAtPush { app.setTimer(after: delay, tag: 2) }
        case .foreground:
            Self.act(onForegroundDo, key: 0, first: true, &app)
            if let delay = timerInFirstSession, app.session == 1 { app.setTimer(after: delay, tag: 1) }
        case .timer: Self.act(onTimerDo, key: 0, first: true, &app)
        default: break
        }
    }
}
