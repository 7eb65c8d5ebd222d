/// `recommended`: what the platform guidance adds up to. Treat a push as a hint and pull
/// from the cursor; pull at every app open and reconnect; full sync on `deletedMessages`;
/// poll slowly (`interval`, default 5 min) while in the foreground; after a failed pull,
/// retry at the next of those occasions (they all pull anyway), or, when the server refused
/// the pull as overloaded with a Retry-After (a fleet's shared server), once that wait is
/// over.
///
/// JSON: `{"kind": "recommended", "interval": "5m"}`.
public struct Recommended: ClientStrategy {
    public static let kind = "recommended"
    public static let summary = "hint pull + sync on open, reconnect and deletedMessages + slow foreground poll"
    public static let interval = Param.duration("interval", default: .minutes(5), range: .positive("a polling interval"),
                                         doc: "foreground poll interval")
    public static let params = [interval.any]

    /// Time between pulls while in the foreground (µs, > 0; default 5 min).
    public var interval: SimDuration
    private var hint = HintPull()
    private var poller = ForegroundPoller()

    public init(interval: SimDuration = Recommended.interval.defaultValue) { self.interval = interval }

    public var capabilities: StrategyCapabilities { StrategyCapabilities(foregroundPollInterval: interval) }

    public init(from decoder: any Decoder) throws {
        interval = try ParamReader(decoder, for: Self.self).decode(Self.interval)
    }

    /// The timer tag of a retry after Retry-After (poll timers use session numbers ≥ 0).
    static let retryTag: Int32 = -1

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: hint.handle(event, &app)
        case .deletedMessages: app.fullSync()
        case .reconnect: app.pull()
        case .foreground:
            app.pull()
            poller.start(every: .fixed(interval), &app)
        case .pullFailed:
            if let wait = app.retryAfter { app.setTimer(after: wait, tag: Self.retryTag) }
        case let .timer(tag):
            if tag == Self.retryTag { app.pull(); return }
            if poller.fire(tag: tag, every: .fixed(interval), &app) { app.pull() }
        default: break
        }
    }
}
