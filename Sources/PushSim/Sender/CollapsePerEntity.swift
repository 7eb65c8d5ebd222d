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
    public static let parameters = [
        ParameterDoc("key", "string with {key}", "\"entity-{key}\"", "collapse key and apns-collapse-id; {key} is the changed key"),
    ]

    /// The collapse key / tag pattern.
    public var key = KeyPattern("entity-{key}")

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, key }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decodeIfPresent(KeyPattern.self, forKey: .key) ?? key
    }

    public mutating func onMessage(_ message: Push, _ cx: inout SenderContext) {
        var push = message
        push.collapseKey = key.id(for: message.change.key)
        push.displayTag = push.collapseKey
        cx.sendToEveryDevice(push)
    }
}
