/// `coalesce`: at most one push ("hint") per `window` per recipient, carrying the latest
/// cursor. The first change after a quiet spell is sent at once and opens a window; changes
/// inside the window wait, each replacing the one before it (that one is `superseded`);
/// when the window ends the newest is sent and opens the next window (a change exactly at
/// the window's end is sent at once and supersedes the one waiting). No retries, no quiet
/// hours.
///
/// JSON: `{"kind": "coalesce", "window": "30s"}`.
public struct Coalesce: SenderPolicy {
    public static let kind = "coalesce"
    public static let summary = "at most one hint per window per recipient, carrying the latest cursor"
    public static let window = Param.duration("window", default: .seconds(30), range: .positive("a window"), doc: "at most one push per this window")
    public static let params = [window.any]

    /// The window length (µs, > 0; default 30 s).
    public var window = Coalesce.window.defaultValue
    /// Until when the current window lasts.
    private var windowEnds = SimTime(microseconds: .min)
    /// The newest message waiting for the window to end.
    private var held: Push?
    private var timerArmed = false

    public init() {}

    public init(from decoder: any Decoder) throws {
        window = try ParamReader(decoder, for: Self.self).decode(Self.window)
    }

    public let capabilities = SenderCapabilities()

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        switch event {
        case let .message(message): onMessage(message, &cx)
        case let .timer(tag): onTimer(tag: tag, &cx)
        case .finish: finish(&cx)
        }
    }

    mutating func onMessage(_ message: Push, _ cx: inout SenderContext) {
        if let old = held { cx.settle(old.notification, .superseded); held = nil }
        guard cx.now < windowEnds else {
            windowEnds = cx.now + window
            cx.sendToEveryDevice(message)
            return
        }
        held = message
        if !timerArmed { timerArmed = true; cx.setTimer(at: windowEnds, tag: 0) }
    }

    mutating func onTimer(tag: Int32, _ cx: inout SenderContext) {
        timerArmed = false
        guard let message = held else { return }
        held = nil
        windowEnds = cx.now + window
        cx.sendToEveryDevice(message)
    }

    mutating func finish(_ cx: inout SenderContext) {
        guard let message = held else { return }
        cx.settle(message.notification, .pending)
        cx.count(.rowsStuck)
    }
}
