/// `hintPullExtension`: `hintPull`, and an iOS alert with `mutable-content: 1` has the
/// app's Notification Service Extension refetch the changed key before the OS shows it, so
/// the alert shows the server's value when the answer arrives (I7), not the payload's.
public struct HintPullExtension: ParameterlessStrategy {
    public static let kind = "hintPullExtension"
    public static let summary = "hintPull; alerts with mutable-content refetch their key in the service extension before display (I7)"
    public let capabilities = StrategyCapabilities(serviceExtension: .refetch)
    public init() {}

    /// As `hintPull` (which keeps no state).
    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        var hint = HintPull()
        hint.handle(event, &app)
    }
}
