/// `hintPullDeletedSync`: `hintPull`, plus a full sync (a snapshot) when the channel
/// reports `deletedMessages` (FCM `onDeletedMessages`, F2): the app knows it missed
/// pushes, so it refetches everything.
public struct HintPullDeletedSync: ParameterlessStrategy {
    public static let kind = "hintPullDeletedSync"
    public static let summary = "hintPull plus a full sync on deletedMessages"
    private var hint = HintPull()
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) { hint.onPush(push, &app) }
    public mutating func onDeletedMessages(_ app: inout AppContext) { app.fullSync() }
}
