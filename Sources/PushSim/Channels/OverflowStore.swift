/// Storage for non-collapsible messages while the device cannot take them: up to `limit`
/// pushes; one more discards every stored push (`droppedTooManyPendingMessages`) and
/// marks the store as having discarded, so the app can be told (`deletedMessages`).
/// After a discard, further pushes are dropped too unless `storeAfterDiscard`.
///
/// FCM: "a limit of 100 messages … if the limit is exceeded, FCM discards all stored
/// messages … onDeletedMessages()" (F2, Firebase, "Collapsible and non-collapsible messages").
public struct OverflowStore: Sendable {
    /// Pushes stored before the next one overflows.
    public let limit: Int
    /// Whether storage restarts after a discard.
    public let storeAfterDiscard: Bool
    /// Stored pushes, in send order.
    public private(set) var pushes: [Push] = []
    /// Whether a discard happened since the last `takeDiscardSignal()`.
    public private(set) var discarded = false

    public init(limit: Int, storeAfterDiscard: Bool) { self.limit = limit; self.storeAfterDiscard = storeAfterDiscard }

    /// Stores `push`, applying the overflow rule.
    public mutating func store(_ push: Push, _ cx: inout ProviderContext) {
        if discarded && !storeAfterDiscard { cx.finish(push.id, .droppedTooManyPendingMessages); return }
        if pushes.count < limit { pushes.append(push); return }
        for p in pushes { cx.finish(p.id, .droppedTooManyPendingMessages) }
        cx.finish(push.id, .droppedTooManyPendingMessages)
        pushes.removeAll(keepingCapacity: true)
        discarded = true
    }

    /// Removes and returns the pushes for which `take` is true (in send order).
    public mutating func take(where take: (Push) -> Bool) -> [Push] {
        var taken: [Push] = [], kept: [Push] = []
        for p in pushes { if take(p) { taken.append(p) } else { kept.append(p) } }
        pushes = kept
        return taken
    }

    /// Removes every stored push and hands each to `body`, in send order (the storage is kept).
    public mutating func drain(_ body: (Push) -> Void) {
        var all: [Push] = []
        swap(&all, &pushes)
        for p in all { body(p) }
        all.removeAll(keepingCapacity: true)
        swap(&all, &pushes)
    }

    /// `prototype`'s state, keeping this store's storage (`Plugin.reset(to:)`).
    public mutating func reset(to prototype: OverflowStore) {
        let storage = recycled(&pushes)
        self = prototype
        if pushes.isEmpty { pushes = storage }
    }

    /// Clears the discard mark; returns whether it was set.
    public mutating func takeDiscardSignal() -> Bool {
        defer { discarded = false }
        return discarded
    }
}
