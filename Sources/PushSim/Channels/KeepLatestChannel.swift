/// `keepLatest`: while the device is offline the provider stores only the newest push; a
/// newer one replaces it (`replaced_in_storage`). At reconnect the stored push is sent.
/// While online, pushes go straight through. Both paths pass through `transport`
/// (perfect by default).
///
/// This is the storage rule of APNs: "APNs stores only one notification per app" (A1,
/// Apple, "Sending notification requests to APNs"), without its expiry and priority rules.
public struct KeepLatestChannel: PushChannel {
    public static let kind = "keepLatest"
    public static let summary = "while offline keep only the newest push; deliver it at reconnect"
    public static let transport = Param.object("transport", default: Transport.perfect, doc: "impairments after the provider")
    public static let params = [transport.any]

    /// Impairments between provider and device.
    public var transport: Transport
    /// The stored push while the device is offline.
    private var stored: Push?

    public init(transport: Transport = KeepLatestChannel.transport.defaultValue) { self.transport = transport }

    public init(from decoder: any Decoder) throws {
        transport = try ParamReader(decoder, for: Self.self).decode(Self.transport)
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if cx.device.online {
            cx.transmit(push, through: transport)
        } else {
            if let old = stored { cx.finish(old.id, .replacedInStorage) }
            stored = push
        }
        return .accepted(messageID: push.id)
    }

    public let capabilities = ChannelCapabilities()

    /// Back online: the stored push goes out (the rest is nothing to do).
    public mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {
        guard case .deviceChanged = event, cx.device.online, let push = stored else { return }
        stored = nil
        cx.delay(push.id, .delayedDeviceOffline)
        cx.transmit(push, through: transport)
    }
}
