/// `hintPullForegroundSync`: `hintPull`, plus one pull every time the app comes to the
/// foreground, so a lost or discarded push is repaired at the next app open.
public struct HintPullForegroundSync: ParameterlessStrategy {
    public static let kind = "hintPullForegroundSync"
    public static let summary = "hintPull plus a pull at every app foreground"
    private var hint = HintPull()
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: hint.handle(event, &app)
        case .foreground: app.pull()
        default: break
        }
    }
}
