/// `hintPullReconnectSync`: `hintPull`, plus a pull whenever the device comes back online
/// while the app is running, since pushes may have been lost or replaced meanwhile.
public struct HintPullReconnectSync: ParameterlessStrategy {
    public static let kind = "hintPullReconnectSync"
    public static let summary = "hintPull plus a pull at every reconnect (app running)"
    private var hint = HintPull()
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: hint.handle(event, &app)
        case .reconnect: app.pull()
        default: break
        }
    }
}
