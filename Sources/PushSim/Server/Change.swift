/// One committed write on the server: key `key` now holds `value`, as change number `sequence`.
///
/// Sequence numbers start at 1 and increase by one per change; a client's *cursor* is the
/// sequence number of the last change it has applied (0 = none).
public struct Change: Hashable, Sendable {
    /// The change's position in the log (1, 2, 3, …).
    public var sequence: Int64
    /// The key written, in `0 ..< keyCount`.
    public var key: Int32
    /// The value written (in the study: the change's own sequence number).
    public var value: Int64

    public init(sequence: Int64, key: Int32, value: Int64) {
        self.sequence = sequence; self.key = key; self.value = value
    }
}

/// What `Server.changes(since:)` answers.
public enum PullResult: Equatable, Sendable {
    /// The changes after the cursor, consecutive and in order (empty when up to date).
    case events([Change])
    /// The log no longer reaches back to the cursor: the whole state and the current cursor.
    case reset(snapshot: [Int64], cursor: Int64)
}
