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

    /// Sender policy kinds, in `pushsim list` order.
    public static let senders: [any SenderPolicy.Type] = [
        PerChange.self,
        Coalesce.self,
        CollapsePerEntity.self,
        Outbox.self,
        QuietHoursNaive.self,
    ]

    /// Decodes a sender at `decoder`: a kind string (`"perChange"`, every parameter at its
    /// default) or an object `{"kind": "outbox", …}`.
    public static func decodeSender(from decoder: any Decoder) throws -> any SenderPolicy {
        if let kind = try? decoder.singleValueContainer().decode(String.self) {
            let i = try lookUpKind(kind, in: senders.map { $0.kind }, family: "sender", codingPath: decoder.codingPath)
            return try decodeKindShorthand(senders[i], family: "sender", decoder: decoder)
        }
        let i = try lookUpKind(in: senders.map { $0.kind }, family: "sender", decoder: decoder)
        return try senders[i].init(from: decoder)
    }

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
