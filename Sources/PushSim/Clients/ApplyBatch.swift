/// `applyBatch` (S1): applies the changes a push carries (`AppContext.batch`, from the
/// `batch` sender) that follow its cursor, in order, and moves the cursor to the push's
/// (`advanceCursor`), so the next pull starts after them; it pulls `changes(since:
/// cursor)` when they do not join up (a gap: a push it missed carried
/// changes no later push repeats) or when a push carries none but is ahead. A stale or
/// repeated batch changes nothing.
public struct ApplyBatch: ParameterlessStrategy {
    public static let kind = "applyBatch"
    public static let summary = "apply the consecutive changes a push carries; pull on a gap (S1)"
    public let capabilities = StrategyCapabilities()
    public init() {}

    public mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        guard case let .push(push) = event, push.cursor > app.cursor else { return }
        guard let first = app.batch.first, first.sequence <= app.cursor + 1 else { app.pull(); return }
        for change in app.batch where change.sequence > app.cursor { app.apply(change) }
        app.advanceCursor(to: push.cursor)
    }
}
