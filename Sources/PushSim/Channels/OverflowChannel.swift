/// `overflow`: while the device is offline up to `limit` pushes are stored. When one more
/// arrives, every stored push is discarded (`dropped_too_many_pending_messages`), and by
/// default every further push until reconnect too (`storeAfterDiscard: true` stores again
/// after the discard). At reconnect the app gets one `deletedMessages` signal if anything
/// was discarded and `deletedSignal` is true, then the stored pushes in send order.
///
/// The rule of FCM for non-collapsible messages (F2, Firebase, "Collapsible and
/// non-collapsible messages"), without FCM's other rules; `deletedSignal: false`
/// reproduces the disputed field report of no callback.
public struct OverflowChannel: PushChannel {
    public static let kind = "overflow"
    public static let summary = "store up to `limit` while offline; one more discards all; optional deletedMessages at reconnect"
    public static let parameters = [
        ParameterDoc("limit", "integer ≥ 0", "100", "pushes stored while offline before an overflow"),
        ParameterDoc("deletedSignal", "boolean", "true", "deliver one deletedMessages at reconnect after a discard"),
        ParameterDoc("storeAfterDiscard", "boolean", "false", "after a discard, store further pushes again (else drop until reconnect)"),
        ParameterDoc("transport", "object {loss, duplicate, delay}", "perfect", "impairments after the provider"),
    ]

    /// Whether the app is told of a discard at reconnect.
    public var deletedSignal: Bool
    /// Impairments between provider and device.
    public var transport: Transport
    private var store: OverflowStore

    public init(limit: Int = 100, deletedSignal: Bool = true, storeAfterDiscard: Bool = false, transport: Transport = .perfect) {
        store = OverflowStore(limit: limit, storeAfterDiscard: storeAfterDiscard)
        self.deletedSignal = deletedSignal; self.transport = transport
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, limit, deletedSignal, storeAfterDiscard, transport }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(limit: try c.decodeInt(.limit, in: 0...1_000_000, default: 100),
                  deletedSignal: try c.decodeBool(.deletedSignal, default: true),
                  storeAfterDiscard: try c.decodeBool(.storeAfterDiscard, default: false),
                  transport: try c.decodeIfPresent(Transport.self, forKey: .transport) ?? .perfect)
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if cx.device.online { cx.transmit(push, through: transport) } else { store.store(push, &cx) }
        return .accepted(messageID: push.id)
    }

    public mutating func deviceChanged(_ cx: inout ProviderContext) {
        guard cx.device.online else { return }
        if store.takeDiscardSignal() && deletedSignal { cx.signalDeletedMessages() }
        for push in store.take(where: { _ in true }) {
            cx.delay(push.id, .delayedDeviceOffline)
            cx.transmit(push, through: transport)
        }
    }
}
