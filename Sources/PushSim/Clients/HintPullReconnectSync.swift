/// `hintPullReconnectSync`: `hintPull`, plus a pull whenever the device comes back online
/// while the app is running, since pushes may have been lost or replaced meanwhile.
public struct HintPullReconnectSync: ParameterlessStrategy {
    public static let kind = "hintPullReconnectSync"
    public static let summary = "hintPull plus a pull at every reconnect (app running)"
    private var hint = HintPull()
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) { hint.onPush(push, &app) }
    public mutating func onReconnect(_ app: inout AppContext) { app.pull() }
}
