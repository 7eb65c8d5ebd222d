/// `hintPull`: treats a push as "something changed": when the push's cursor is ahead of its
/// own, it pulls `changes(since: cursor)` and applies the consecutive events after its
/// cursor (or, on a reset, replaces its state with the snapshot).
public struct HintPull: ParameterlessStrategy {
    public static let kind = "hintPull"
    public static let summary = "on a push ahead of the cursor, pull changes(since: cursor)"
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        if case let .push(push) = event, push.cursor > app.cursor { app.pull() }
    }
}
