/// The app's server: the authoritative state and a change log with bounded retention.
///
/// State is a map key → value over keys `0 ..< keyCount`, stored densely (value 0 = never
/// written). Change s (s = 1, 2, 3, …) writes the value s to its key, so a value names the
/// change it comes from (docs/model.md); the log therefore keeps only each retained
/// change's key (4 bytes, where a `Change` takes 24: a fleet holds a log per recipient).
/// The log keeps the last `retainLast` changes; a client whose cursor is older than that
/// gets a reset carrying the full snapshot (like a sync endpoint answering "410 Gone, here
/// is everything").
public struct Server: Sendable {
    /// Current value of every key; index = key.
    public private(set) var state: [Int64]
    /// Sequence number of the newest change (0 before the first).
    public private(set) var head: Int64 = 0
    /// How many of the newest changes the log keeps (≥ 0).
    public let retainLast: Int
    /// Ring buffer of the retained changes' keys: change s at (s − 1) mod `retainLast`.
    private var log: [Int32]

    /// - Parameters:
    ///   - keyCount: number of keys (≥ 1).
    ///   - retainLast: changes the log retains (≥ 0).
    public init(keyCount: Int, retainLast: Int) {
        precondition(keyCount >= 1 && retainLast >= 0)
        state = Array(repeating: 0, count: keyCount)
        self.retainLast = retainLast
        log = []
    }

    /// Reserves the log's room for a run that commits about `changes` changes (at most
    /// `retainLast` are kept), so that committing them does not grow it step by step.
    mutating func reserveLog(changes: Int) { log.reserveCapacity(min(retainLast, changes)) }

    /// The state `init(keyCount:retainLast:)` gave (every key 0, head 0, empty log),
    /// keeping the storage (for a reused world).
    mutating func reset() {
        for i in state.indices { state[i] = 0 }
        head = 0
        log.removeAll(keepingCapacity: true)
    }

    /// Oldest sequence number still in the log (`head + 1` when the log is empty).
    public var oldestRetained: Int64 { head - Int64(min(log.count, retainLast)) + 1 }

    /// Commits the next change, to `key` (in `0 ..< keyCount`): its sequence number
    /// `head + 1` is also the value it writes. Returns the change.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func commit(key: Int32) -> Change {
        head += 1
        state[Int(key)] = head
        if retainLast > 0 {
            if log.count < retainLast { log.append(key) } else { log[Int((head - 1) % Int64(retainLast))] = key }
        }
        return Change(sequence: head, key: key, value: head)
    }

    /// The changes after `cursor`, or a reset when the log no longer reaches back that far
    /// (or the cursor is ahead of the server, which only a broken client can have).
    /// - Complexity: O(head − cursor) for events, O(keyCount) for a reset.
    public func changes(since cursor: Int64) -> PullResult {
        guard let range = pullRange(since: cursor) else { return .reset(snapshot: state, cursor: head) }
        return .events(range.map { change($0) })
    }

    /// The sequence numbers of the changes a pull from `cursor` answers with
    /// (`cursor + 1 ..< head + 1`, empty when the cursor is current), or nil when the
    /// answer is a reset: what `changes(since:)` answers, without building it.
    /// - Complexity: O(1).
    public func pullRange(since cursor: Int64) -> Range<Int64>? {
        if cursor == head { return head + 1 ..< head + 1 }
        guard cursor >= 0, cursor < head, cursor + 1 >= oldestRetained else { return nil }
        return cursor + 1 ..< head + 1
    }

    /// The retained change with sequence number `sequence`.
    /// - Precondition: `pullRange` covers `sequence` (it is still in the log).
    public func change(_ sequence: Int64) -> Change {
        Change(sequence: sequence, key: log[Int((sequence - 1) % Int64(retainLast))], value: sequence)
    }
}
