/// `hintPull`: treats a push as "something changed": when the push's cursor is ahead of its
/// own, it pulls `changes(since: cursor)` and applies the consecutive events after its
/// cursor (or, on a reset, replaces its state with the snapshot).
public struct HintPull: ParameterlessStrategy {
    public static let kind = "hintPull"
    public static let summary = "on a push ahead of the cursor, pull changes(since: cursor)"
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) {
        if push.cursor > app.cursor { app.pull() }
    }
}
