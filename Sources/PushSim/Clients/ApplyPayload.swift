/// `applyPayload`: applies each arriving push's operation as-is, with no sequence check.
/// Lost, reordered or collapsed pushes leave it wrong for good; it never pulls.
public struct ApplyPayload: ParameterlessStrategy {
    public static let kind = "applyPayload"
    public static let summary = "apply each push's operation as truth; never pull"
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) { app.apply(push.change) }
}
