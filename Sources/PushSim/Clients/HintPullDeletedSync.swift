/// `hintPullDeletedSync`: `hintPull`, plus a full sync (a snapshot) when the channel
/// reports `deletedMessages` (FCM `onDeletedMessages`, F2): the app knows it missed
/// pushes, so it refetches everything.
public struct HintPullDeletedSync: ParameterlessStrategy {
    public static let kind = "hintPullDeletedSync"
    public static let summary = "hintPull plus a full sync on deletedMessages"
    private var hint = HintPull()
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: hint.handle(event, &app)
        case .deletedMessages: app.fullSync()
        default: break
        }
    }
}
