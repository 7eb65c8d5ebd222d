/// `lossy`: no provider storage; every push goes straight through an impaired transport
/// (loss, duplication, independent delays, hence reordering). A push sent while the device
/// is offline is dropped (`dropped_device_offline`), since nothing stores it.
public struct LossyChannel: PushChannel {
    public static let kind = "lossy"
    public static let summary = "no storage; each push lost with `loss`, duplicated with `duplicate`, delayed by `delay`"
    /// The transport's parameters, at the channel's top level.
    public static let params = Transport.params

    /// The impairments every push passes through.
    public var transport: Transport

    public let capabilities = ChannelCapabilities()

    public init(transport: Transport) { self.transport = transport }

    public init(from decoder: any Decoder) throws {
        transport = try Transport(ParamReader(decoder, for: Self.self))
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if cx.device.online { cx.transmit(push, through: transport) } else { cx.finish(push.id, .droppedDeviceOffline) }
        return .accepted(messageID: push.id)
    }

    /// Nothing stored, no timers: every event is nothing to do.
    public mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {}
}
