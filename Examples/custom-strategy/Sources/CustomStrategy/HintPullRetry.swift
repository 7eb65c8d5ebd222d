import PushSim

/// `hintPullRetry`: `hintPull`, plus a retry `delay` after a failed pull, at most `retries`
/// times in a row (a new push ahead of the cursor starts the count again).
///
/// JSON: `{"kind": "hintPullRetry", "delay": "5s", "retries": 3}` (defaults `"30s"` and 3).
public struct HintPullRetry: ClientStrategy {
    public static let kind = "hintPullRetry"
    public static let summary = "hintPull plus a retry `delay` after a failed pull, at most `retries` in a row"
    public static let parameters = [
        ParameterDoc("delay", "duration ≥ 0", "30s", "wait after a failed pull before pulling again"),
        ParameterDoc("retries", "integer 0…100", "3", "retries after consecutive failures (then wait for the next push)"),
    ]

    /// Wait after a failed pull before pulling again.
    public var delay: SimDuration
    /// Most retries after consecutive failures.
    public var retries: Int
    /// Failed pulls retried since the last push ahead of the cursor.
    private var retried = 0

    public init(delay: SimDuration = .seconds(30), retries: Int = 3) { self.delay = delay; self.retries = retries }

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, name, delay, retries }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        delay = try c.decodeDurationIfPresent(.delay) ?? .seconds(30)
        guard delay >= .zero else { throw c.invalid(.delay, "expected a retry delay of at least 0s") }
        retries = try c.decodeInt(.retries, in: 0...100, default: 3)
    }

    public mutating func onPush(_ push: Push, _ app: inout AppContext) {
        guard push.cursor > app.cursor else { return }
        retried = 0
        app.pull()
    }

    public mutating func onPullFailed(_ app: inout AppContext) {
        guard retried < retries else { return }
        retried += 1
        app.setTimer(after: delay, tag: 0)
    }

    public mutating func onTimer(tag: Int32, _ app: inout AppContext) { app.pull() }
}
