/// `collapsePerEntity`: one push per change, sent at once, with a collapse key and an
/// `apns-collapse-id` (the tray tag) per entity (the changed key), so the provider keeps
/// only the newest pending message per entity (F3) and the tray shows one notification
/// per entity (A8). No retries, no quiet hours.
///
/// JSON: `{"kind": "collapsePerEntity", "key": "entity-{key}"}`: `{key}` stands for the
/// changed key (at most 64 bytes, the apns-collapse-id limit).
public struct CollapsePerEntity: SenderPolicy {
    public static let kind = "collapsePerEntity"
    public static let summary = "one push per change with collapse key and apns-collapse-id per entity"
    public static let key = Param.keyPattern("key", default: KeyPattern("entity-{key}"),
                                      doc: "collapse key and apns-collapse-id; {key} is the changed key")
    public static let params = [key.any]

    /// The collapse key / tag pattern (1 to 64 bytes).
    public var key = CollapsePerEntity.key.defaultValue

    public init() {}

    public init(from decoder: any Decoder) throws {
        key = try ParamReader(decoder, for: Self.self).decode(Self.key)
    }

    public let capabilities = SenderCapabilities()

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        guard case let .message(message) = event else { return }
        var push = message
        push.collapseKey = key.id(for: message.change.key)
        push.displayTag = push.collapseKey
        cx.sendToEveryDevice(push)
    }
}
