/// The built-in plug-ins, by family: the lists `PluginRegistry.builtIn` is made of.
/// Adding a built-in kind is one line here plus its file; a kind from another package is
/// added to a `PluginRegistry` value instead (`PluginRegistry.add(strategy:)`).
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
        HintPullExtension.self,
        HintPullForegroundSync.self,
        HintPullDeletedSync.self,
        HintPullReconnectSync.self,
        Polling.self,
        Recommended.self,
        ApplyPayloadNotify.self,
        RefetchNotify.self,
        RefetchNotifyPoll.self,
        ApplyBatch.self,
    ]

    /// Sender policy kinds, in `pushsim list` order.
    public static let senders: [any SenderPolicy.Type] = [
        PerChange.self,
        Coalesce.self,
        CollapsePerEntity.self,
        Outbox.self,
        QuietHoursNaive.self,
        Batching.self,
    ]
}
