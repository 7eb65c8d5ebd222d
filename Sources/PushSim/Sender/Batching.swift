/// `batch` (S1): one push per change, sent at once to every device, carrying the last
/// `lastChanges` changes (ids and values) up to the payload limit, so that a client that
/// missed a push can catch up from the next one without a pull. This is the middle road
/// between payload-as-truth and hint-and-pull that messaging apps use.
///
/// A push carries n = min(`lastChanges`, the server's cursor, ⌊(`payloadLimit` − the
/// message's own size) / `changeBytes`⌋) changes, the newest n (`Push.batch`), and its
/// size grows by n × `changeBytes`. The payload limits: APNs 4,096 bytes for a regular
/// remote notification (Apple, "Generating a remote notification"; 5,120 for VoIP), FCM
/// 4,096 bytes of payload (Firebase, "About FCM messages"). `changeBytes` is an
/// **assumption** (an id, a key and a value in JSON). No retries, no quiet hours.
///
/// JSON: `{"kind": "batch", "lastChanges": 10}`.
public struct Batching: SenderPolicy, ParamFieldDeclaring {
    public static let kind = "batch"
    public static let summary = "one push per change carrying the last K changes, within the payload limit (S1)"
    public static let lastChanges = Param.integer("lastChanges", default: 10, range: 1...1000, doc: "changes each push carries at most (K)")
    public static let changeBytes = Param.integer("changeBytes", default: 64, range: 1...100_000,
                                                  doc: "payload bytes per carried change (assumption: an id, a key and a value in JSON)")
    public static let payloadLimit = Param.integer("payloadLimit", default: 4096, range: 1...1_000_000,
                                                   doc: "payload limit in bytes (APNs 4,096; FCM 4,096)")
    public static let fields: [ParamField<Self>] = [.bind(lastChanges, \.lastChanges), .bind(changeBytes, \.changeBytes),
                                                   .bind(payloadLimit, \.payloadLimit)]

    /// Changes a push carries at most (1 … 1000; default 10).
    public var lastChanges = Batching.lastChanges.defaultValue
    /// Payload bytes per carried change (1 … 100,000; default 64).
    public var changeBytes = Batching.changeBytes.defaultValue
    /// The payload limit in bytes (default 4,096).
    public var payloadLimit = Batching.payloadLimit.defaultValue

    public init() {}

    public init(from decoder: any Decoder) throws { try decodeFields(from: decoder) }

    public let capabilities = SenderCapabilities(carriesChangeBatches: true)

    /// How many changes a push of `size` bytes with `cursor` can carry.
    func batchSize(cursor: Int64, size: Int32) -> Int {
        let room = max(0, payloadLimit - Int(size)) / changeBytes
        return max(0, min(lastChanges, Int(cursor), room))
    }

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        guard case let .message(message) = event else { return }
        var push = message
        let n = batchSize(cursor: message.cursor, size: message.size)
        push.batch = Int16(n)
        push.size = message.size + Int32(n * changeBytes)
        cx.sendToEveryDevice(push)
    }
}
