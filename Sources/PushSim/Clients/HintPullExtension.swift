/// `hintPullExtension`: `hintPull`, and an iOS alert with `mutable-content: 1` has the
/// app's Notification Service Extension refetch the changed key before the OS shows it, so
/// the alert shows the server's value when the answer arrives (I7), not the payload's.
public struct HintPullExtension: ParameterlessStrategy {
    public static let kind = "hintPullExtension"
    public static let summary = "hintPull; alerts with mutable-content refetch their key in the service extension before display (I7)"
    public init() {}

    /// As `hintPull` (which keeps no state).
    public mutating func onPush(_ push: Push, _ app: inout AppContext) {
        var hint = HintPull()
        hint.onPush(push, &app)
    }

    public func serviceExtension(for push: Push) -> ServiceExtensionAction { .refetch }
}
