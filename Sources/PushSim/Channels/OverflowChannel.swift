/// `overflow`: while the device is offline up to `limit` pushes are stored. When one more
/// arrives, every stored push is discarded (`dropped_too_many_pending`), and by default
/// every further push until reconnect too (`storeAfterDiscard: true` stores again after the
/// discard). At reconnect the app gets one `deletedMessages` signal if anything was
/// discarded and `deletedSignal` is true, then the stored pushes in send order.
///
/// The rule of FCM for non-collapsible messages: "limit of 100 messages … if the limit is
/// exceeded, FCM discards all stored messages … onDeletedMessages()" (F2, Firebase,
/// "Collapsible and non-collapsible messages"); `deletedSignal: false` reproduces the
/// disputed field report of no callback.
public struct OverflowChannel: PushChannel {
    public static let kind = "overflow"
    public static let summary = "store up to `limit` while offline; one more discards all; optional deletedMessages at reconnect"
    public static let parameters = [
        ParameterDoc("limit", "integer ≥ 0", "100", "pushes stored while offline before an overflow"),
        ParameterDoc("deletedSignal", "boolean", "true", "deliver one deletedMessages at reconnect after a discard"),
        ParameterDoc("storeAfterDiscard", "boolean", "false", "after a discard, store further pushes again (else drop until reconnect)"),
        ParameterDoc("transport", "object {loss, duplicate, delay}", "perfect", "impairments after the provider"),
    ]

    /// Pushes stored while offline before the next one overflows (FCM: 100).
    public var limit: Int
    /// Whether the app is told of a discard at reconnect.
    public var deletedSignal: Bool
    /// Whether storage restarts after a discard (else everything is dropped until reconnect).
    public var storeAfterDiscard: Bool
    /// Impairments between provider and device.
    public var transport: Transport

    private var stored: [Push] = []
    private var discarded = false

    public init(limit: Int = 100, deletedSignal: Bool = true, storeAfterDiscard: Bool = false, transport: Transport = .perfect) {
        self.limit = limit; self.deletedSignal = deletedSignal
        self.storeAfterDiscard = storeAfterDiscard; self.transport = transport
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, limit, deletedSignal, storeAfterDiscard, transport }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        limit = try c.decodeInt(.limit, in: 0...1_000_000, default: 100)
        deletedSignal = try c.decodeBool(.deletedSignal, default: true)
        storeAfterDiscard = try c.decodeBool(.storeAfterDiscard, default: false)
        transport = try c.decodeIfPresent(Transport.self, forKey: .transport) ?? .perfect
    }

    public mutating func send(_ push: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, counters: inout RunCounters) {
        guard !env.deviceOnline else {
            transport.transmit(push, env: env, queue: &queue, counters: &counters)
            return
        }
        if discarded && !storeAfterDiscard { counters.droppedTooManyPending += 1; return }
        if stored.count < limit { stored.append(push); return }
        counters.droppedTooManyPending += stored.count + 1
        stored.removeAll(keepingCapacity: true)
        discarded = true
    }

    public mutating func connectivityChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, counters: inout RunCounters) {
        guard env.deviceOnline else { return }
        if discarded && deletedSignal { queue.schedule(at: env.now, .deletedMessages) }
        discarded = false
        for push in stored { transport.transmit(push, env: env, queue: &queue, counters: &counters) }
        stored.removeAll(keepingCapacity: true)
    }
}
