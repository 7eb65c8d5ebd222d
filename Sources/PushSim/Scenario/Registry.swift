/// Every built-in plug-in, by family. Adding a kind is one line here plus its file.
public enum Registry {
    /// Push channel kinds, in `pushsim list` order.
    public static let channels: [any PushChannel.Type] = [
        LossyChannel.self,
        KeepLatestChannel.self,
        OverflowChannel.self,
        APNsChannel.self,
        FCMChannel.self,
    ]

    /// Client strategy kinds, in `pushsim list` order.
    public static let strategies: [any ClientStrategy.Type] = [
        ApplyPayload.self,
        HintPull.self,
        HintPullForegroundSync.self,
        HintPullDeletedSync.self,
        HintPullReconnectSync.self,
        Polling.self,
        Recommended.self,
        ApplyPayloadNotify.self,
        RefetchNotify.self,
        RefetchNotifyPoll.self,
    ]

    /// Decodes the channel object at `decoder` by its `"kind"`.
    public static func decodeChannel(from decoder: any Decoder) throws -> any PushChannel {
        let i = try lookUpKind(in: channels.map { $0.kind }, family: "channel", decoder: decoder)
        return try channels[i].init(from: decoder)
    }

    /// Decodes the strategy object at `decoder` by its `"kind"`.
    public static func decodeStrategy(from decoder: any Decoder) throws -> any ClientStrategy {
        let i = try lookUpKind(in: strategies.map { $0.kind }, family: "strategy", decoder: decoder)
        return try strategies[i].init(from: decoder)
    }
}
