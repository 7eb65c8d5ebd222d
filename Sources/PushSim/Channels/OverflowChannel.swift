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
    public static let limit = Param.integer("limit", default: 100, range: 0...1_000_000, doc: "pushes stored while offline before an overflow")
    public static let deletedSignal = Param.boolean("deletedSignal", default: true, doc: "deliver one deletedMessages at reconnect after a discard")
    public static let storeAfterDiscard = Param.boolean("storeAfterDiscard", default: false,
                                                 doc: "after a discard, store further pushes again (else drop until reconnect)")
    public static let transport = Param.object("transport", default: Transport.perfect, doc: "impairments after the provider")
    public static let params = [limit.any, deletedSignal.any, storeAfterDiscard.any, transport.any]

    /// Whether the app is told of a discard at reconnect.
    public var deletedSignal: Bool
    /// Impairments between provider and device.
    public var transport: Transport
    private var store: OverflowStore

    public init(limit: Int = OverflowChannel.limit.defaultValue, deletedSignal: Bool = OverflowChannel.deletedSignal.defaultValue,
                storeAfterDiscard: Bool = OverflowChannel.storeAfterDiscard.defaultValue,
                transport: Transport = OverflowChannel.transport.defaultValue) {
        store = OverflowStore(limit: limit, storeAfterDiscard: storeAfterDiscard)
        self.deletedSignal = deletedSignal; self.transport = transport
    }

    public init(from decoder: any Decoder) throws {
        let p = try ParamReader(decoder, for: Self.self)
        self.init(limit: try p.decode(Self.limit), deletedSignal: try p.decode(Self.deletedSignal),
                  storeAfterDiscard: try p.decode(Self.storeAfterDiscard), transport: try p.decode(Self.transport))
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if cx.device.online { cx.transmit(push, through: transport) } else { store.store(push, &cx) }
        return .accepted(messageID: push.id)
    }

    public let capabilities = ChannelCapabilities()

    /// Back online: the stored pushes go out, after a `deletedMessages` signal when some
    /// were discarded (the rest is nothing to do).
    public mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {
        guard case .deviceChanged = event, cx.device.online else { return }
        if store.takeDiscardSignal() && deletedSignal { cx.signalDeletedMessages() }
        let transport = self.transport
        store.drain { push in
            cx.delay(push.id, .delayedDeviceOffline)
            cx.transmit(push, through: transport)
        }
    }

    public mutating func reset(to prototype: OverflowChannel) {
        var store = self.store
        self.store = prototype.store   // drop this instance's reference to the storage first
        store.reset(to: prototype.store)
        self = prototype
        self.store = store
    }
}
