/// `quietHoursNaive`: the common bug. Outside the recipient's quiet hours it sends one push
/// per change at once (like `perChange`); inside them it marks the message as sent and
/// drops it, so the message is lost. It exists so studies can show that loss next to the
/// `outbox`, which defers the same messages to the end of the quiet hours.
///
/// JSON: `"quietHoursNaive"`.
public struct QuietHoursNaive: SenderPolicy {
    public static let kind = "quietHoursNaive"
    public static let summary = "the bug: inside quiet hours mark the message sent and drop it; else send at once"

    public init() {}

    public init(from decoder: any Decoder) throws { _ = try ParamReader(decoder, for: Self.self) }

    public let capabilities = SenderCapabilities()

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        guard case let .message(message) = event else { return }
        if cx.recipient.inQuietHours(cx.now) { return }
        cx.sendToEveryDevice(message)
    }
}
