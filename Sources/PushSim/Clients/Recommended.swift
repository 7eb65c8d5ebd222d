/// `recommended`: what the platform guidance adds up to. Treat a push as a hint and pull
/// from the cursor; pull at every app open and reconnect; full sync on `deletedMessages`;
/// poll slowly (`interval`, default 5 min) while in the foreground; after a failed pull,
/// retry at the next of those occasions (they all pull anyway).
///
/// JSON: `{"kind": "recommended", "interval": "5m"}`.
public struct Recommended: ClientStrategy {
    public static let kind = "recommended"
    public static let summary = "hint pull + sync on open, reconnect and deletedMessages + slow foreground poll"
    public static let parameters = [ParameterDoc("interval", "duration > 0", "\"5m\"", "foreground poll interval")]

    public var interval: SimDuration
    private var hint = HintPull()
    private var poller = ForegroundPoller()

    public init(interval: SimDuration = .minutes(5)) { self.interval = interval }

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, name, interval }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        interval = try c.decodeDurationIfPresent(.interval) ?? .minutes(5)
        guard interval > .zero else { throw c.invalid(.interval, "expected a polling interval longer than 0s") }
    }

    public mutating func onPush(_ push: Push, _ app: inout AppContext) { hint.onPush(push, &app) }
    public mutating func onDeletedMessages(_ app: inout AppContext) { app.fullSync() }
    public mutating func onReconnect(_ app: inout AppContext) { app.pull() }

    public mutating func onForeground(_ app: inout AppContext) {
        app.pull()
        poller.start(every: .fixed(interval), &app)
    }

    public mutating func onTimer(tag: Int32, _ app: inout AppContext) {
        if poller.fire(tag: tag, every: .fixed(interval), &app) { app.pull() }
    }
}
