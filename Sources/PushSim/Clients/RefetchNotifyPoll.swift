/// `refetchNotifyPoll`: `refetchNotify`, plus a fetch every time the app comes to the
/// foreground (open or resume) and a poll every `interval` while it stays there (the order
/// screen is visible); each poll gap is drawn from `interval` on the `client` stream.
///
/// JSON: `{"kind": "refetchNotifyPoll", "interval": {"kind": "uniform", "min": 15, "max": 20, "unit": "s"}}`
/// (that is the default).
public struct RefetchNotifyPoll: ClientStrategy {
    public static let kind = "refetchNotifyPoll"
    public static let summary = "refetchNotify plus a fetch at every foreground and a poll every `interval` while in the foreground"
    public static let interval = Param.distribution("interval", default: DurationDistribution(.uniform(min: 15, max: 20), unit: "s"),
                                             range: .positiveMean("a poll interval"), doc: "gap between foreground polls, drawn per poll")
    public static let params = [interval.any]

    /// The default poll gap: uniform on [15 s, 20 s).
    public static let defaultInterval = RefetchNotifyPoll.interval.defaultValue

    /// The gap between foreground polls, drawn per poll (mean > 0).
    public var interval: DurationDistribution
    private var refetch = RefetchNotify()
    private var poller = ForegroundPoller()

    public init(interval: DurationDistribution = RefetchNotifyPoll.defaultInterval) { self.interval = interval }

    public var capabilities: StrategyCapabilities { StrategyCapabilities(foregroundPollInterval: interval.meanDuration) }

    public init(from decoder: any Decoder) throws {
        interval = try ParamReader(decoder, for: Self.self).decode(Self.interval)
    }

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: refetch.handle(event, &app)
        case .foreground:
            app.pull()
            poller.start(every: .drawn(interval), &app)
        case let .timer(tag):
            if poller.fire(tag: tag, every: .drawn(interval), &app) { app.pull() }
        default: break
        }
    }
}
