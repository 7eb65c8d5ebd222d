/// `polling`: ignores pushes; pulls when the app comes to the foreground and then every
/// `interval` while it stays in the foreground.
///
/// JSON: `{"kind": "polling", "interval": "30s"}`.
public struct Polling: ClientStrategy {
    public static let kind = "polling"
    public static let summary = "pull at app open and every `interval` while in the foreground; ignore pushes"
    public static let interval = Param.duration("interval", default: nil, range: .positive("a polling interval"),
                                         doc: "time between pulls in the foreground")
    public static let params = [interval.any]

    /// Time between pulls while in the foreground (µs, > 0; required).
    public var interval: SimDuration
    /// Poll chains are tagged with the session that started them, so an older session's
    /// timer stops once a newer session has begun its own.
    private var poller = ForegroundPoller()

    public init(interval: SimDuration) { self.interval = interval }

    public var capabilities: StrategyCapabilities { StrategyCapabilities(foregroundPollInterval: interval) }

    public init(from decoder: any Decoder) throws {
        interval = try ParamReader(decoder, for: Self.self).decode(Self.interval)
    }

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .foreground:
            app.pull()
            poller.start(every: .fixed(interval), &app)
        case let .timer(tag):
            if poller.fire(tag: tag, every: .fixed(interval), &app) { app.pull() }
        default: break
        }
    }
}

/// A timer chain that ticks every `interval` (fixed or drawn per tick) while the app stays
/// in the foreground, one chain per session (a tick from an older session ends its chain).
struct ForegroundPoller: Sendable {
    /// Starts the chain for the current session.
    func start(every interval: AppContext.Delay, _ app: inout AppContext) {
        app.setTimer(after: interval, tag: Int32(truncatingIfNeeded: app.session))
    }

    /// Handles a tick: returns whether to poll now (and re-arms the chain) or not.
    func fire(tag: Int32, every interval: AppContext.Delay, _ app: inout AppContext) -> Bool {
        guard tag == Int32(truncatingIfNeeded: app.session), app.appState == .foreground else { return false }
        app.setTimer(after: interval, tag: tag)
        return true
    }
}
