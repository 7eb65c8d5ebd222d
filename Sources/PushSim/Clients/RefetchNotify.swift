/// `refetchNotify`: the push only names the entity (e.g. an order id); the app refetches
/// (pulls from its cursor, whatever the push's cursor says) and posts a notification drawn
/// from what it fetched. The notification shows the server's state when the answer
/// arrives, so it is never stale then; a push that arrives after a newer one's refetch
/// shows the same state again (a duplicate).
public struct RefetchNotify: ParameterlessStrategy {
    public static let kind = "refetchNotify"
    public static let summary = "on a push, refetch and post a notification drawn from the fetched state"
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        if case let .push(push) = event { app.postNotificationAfterPull(key: push.change.key) }
    }
}
