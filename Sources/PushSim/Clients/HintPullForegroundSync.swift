/// `hintPullForegroundSync`: `hintPull`, plus one pull every time the app comes to the
/// foreground, so a lost or discarded push is repaired at the next app open.
public struct HintPullForegroundSync: ParameterlessStrategy {
    public static let kind = "hintPullForegroundSync"
    public static let summary = "hintPull plus a pull at every app foreground"
    private var hint = HintPull()
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) { hint.onPush(push, &app) }
    public mutating func onForeground(_ app: inout AppContext) { app.pull() }
}
