/// `applyBatch` (S1): applies the changes a push carries (`AppContext.batch`, from the
/// `batch` sender) that follow the newest change it has applied, and pulls
/// `changes(since: cursor)` when they do not join up (a gap: a push it missed carried
/// changes no later push repeats) or when a push carries none but is ahead. A stale or
/// repeated batch changes nothing.
public struct ApplyBatch: ParameterlessStrategy {
    public static let kind = "applyBatch"
    public static let summary = "apply the consecutive changes a push carries; pull on a gap (S1)"
    /// The sequence of the newest change applied, by a batch or a pull.
    private var applied: Int64 = 0
    public init() {}

    public mutating func onPush(_ push: Push, _ app: inout AppContext) {
        applied = max(applied, app.cursor)
        guard push.cursor > applied else { return }
        guard let first = app.batch.first, first.sequence <= applied + 1 else { app.pull(); return }
        for change in app.batch where change.sequence > applied { app.apply(change) }
        applied = push.cursor
    }
}
