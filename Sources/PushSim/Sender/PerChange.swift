/// `perChange`: one push per change, sent at once to every device the server holds a
/// token for; no retries, no quiet hours. A rejected push is lost for good. This is what
/// the simulator did before sender policies existed, and it gives the same results.
///
/// JSON: `"perChange"`.
public struct PerChange: SenderPolicy {
    public static let kind = "perChange"
    public static let summary = "one push per change, sent at once; no retries, no quiet hours"

    public init() {}

    public init(from decoder: any Decoder) throws { _ = try ParamReader(decoder, for: Self.self) }

    public let capabilities = SenderCapabilities()

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        guard case let .message(message) = event else { return }
        cx.sendToEveryDevice(message)
    }
}
