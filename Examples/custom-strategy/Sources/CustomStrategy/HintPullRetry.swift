import PushSim

/// `hintPullRetry`: `hintPull`, plus a retry `delay` after a failed pull, at most `retries`
/// times in a row (a new push ahead of the cursor starts the count again).
///
/// JSON: `{"kind": "hintPullRetry", "delay": "5s", "retries": 3}` (defaults `"30s"` and 3).
public struct HintPullRetry: ClientStrategy {
    public static let kind = "hintPullRetry"
    public static let summary = "hintPull plus a retry `delay` after a failed pull, at most `retries` in a row"
    /// Each parameter declared once: decoding, `list`, `list --markdown` and `schema` use it.
    public static let delay = Param.duration("delay", default: .seconds(30), doc: "wait after a failed pull before pulling again")
    public static let retries = Param.integer("retries", default: 3, range: 0...100,
                                              doc: "retries after consecutive failures (then wait for the next push)")
    public static let params = [delay.any, retries.any]

    /// Wait after a failed pull before pulling again.
    public var delay: SimDuration
    /// Most retries after consecutive failures.
    public var retries: Int
    /// Failed pulls retried since the last push ahead of the cursor.
    private var retried = 0

    public init(delay: SimDuration = Self.delay.defaultValue, retries: Int = Self.retries.defaultValue) {
        self.delay = delay; self.retries = retries
    }

    public init(from decoder: any Decoder) throws {
        let reader = try ParamReader(decoder, for: Self.self)
        delay = try reader.decode(Self.delay)
        retries = try reader.decode(Self.retries)
    }

    /// No service extension, no foreground polling.
    public let capabilities = StrategyCapabilities()

    /// Pulls on a push ahead of the cursor; after a failed pull, waits `delay` and pulls
    /// again, at most `retries` times in a row.
    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case let .push(push):
            guard push.cursor > app.cursor else { return }
            retried = 0
            app.pull()
        case .pullFailed:
            guard retried < retries else { return }
            retried += 1
            app.setTimer(after: delay, tag: 0)
        case .timer:
            app.pull()
        default:
            break
        }
    }
}
