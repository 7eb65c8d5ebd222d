/// `applyPayload`: applies each arriving push's operation as-is, with no sequence check.
/// Lost, reordered or collapsed pushes leave it wrong for good; it never pulls.
public struct ApplyPayload: ParameterlessStrategy {
    public static let kind = "applyPayload"
    public static let summary = "apply each push's operation as truth; never pull"
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        if case let .push(push) = event { app.apply(push.change) }
    }
}
