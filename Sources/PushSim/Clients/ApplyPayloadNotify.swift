/// `applyPayloadNotify`: the app gets a data message carrying the status, applies it as
/// truth (no sequence check, like `applyPayload`) and, when not in the foreground, posts
/// a notification showing it. A late or reordered push shows, and keeps, an old status.
public struct ApplyPayloadNotify: ParameterlessStrategy {
    public static let kind = "applyPayloadNotify"
    public static let summary = "apply each push's operation as truth and post a notification showing it; never pull"
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        guard case let .push(push) = event else { return }
        app.apply(push.change)
        app.postNotification(key: push.change.key)
    }
}
