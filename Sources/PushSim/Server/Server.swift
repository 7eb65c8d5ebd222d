/// The app's server: the authoritative state and a change log with bounded retention.
///
/// State is a map key → value over keys `0 ..< keyCount`, stored densely (value 0 = never
/// written). The log keeps the last `retainLast` changes; a client whose cursor is older
/// than that gets a reset carrying the full snapshot (like a sync endpoint answering
/// "410 Gone, here is everything").
public struct Server: Sendable {
    /// Current value of every key; index = key.
    public private(set) var state: [Int64]
    /// Sequence number of the newest change (0 before the first).
    public private(set) var head: Int64 = 0
    /// How many of the newest changes the log keeps (≥ 0).
    public let retainLast: Int
    /// Ring buffer of the retained changes.
    private var log: [Change]

    /// - Parameters:
    ///   - keyCount: number of keys (≥ 1).
    ///   - retainLast: changes the log retains (≥ 0).
    public init(keyCount: Int, retainLast: Int) {
        precondition(keyCount >= 1 && retainLast >= 0)
        state = Array(repeating: 0, count: keyCount)
        self.retainLast = retainLast
        log = []
        log.reserveCapacity(retainLast)
    }

    /// Oldest sequence number still in the log (`head + 1` when the log is empty).
    public var oldestRetained: Int64 { head - Int64(min(log.count, retainLast)) + 1 }

    /// Commits a write of `value` to `key` and returns the change.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func commit(key: Int32, value: Int64) -> Change {
        head += 1
        let change = Change(sequence: head, key: key, value: value)
        state[Int(key)] = value
        if retainLast > 0 {
            if log.count < retainLast { log.append(change) } else { log[Int((head - 1) % Int64(retainLast))] = change }
        }
        return change
    }

    /// The changes after `cursor`, or a reset when the log no longer reaches back that far
    /// (or the cursor is ahead of the server, which only a broken client can have).
    /// - Complexity: O(head − cursor) for events, O(keyCount) for a reset.
    public func changes(since cursor: Int64) -> PullResult {
        if cursor == head { return .events([]) }
        guard cursor >= 0, cursor < head, cursor + 1 >= oldestRetained else {
            return .reset(snapshot: state, cursor: head)
        }
        var out: [Change] = []
        out.reserveCapacity(Int(head - cursor))
        var seq = cursor + 1
        while seq <= head {
            out.append(log[Int((seq - 1) % Int64(retainLast))])
            seq += 1
        }
        return .events(out)
    }
}
