/// Every server change of one run, as the user-view metrics need it: when it was
/// committed, which change to the same key superseded it, and two flags (whether the user
/// is meant to see it as a notification, whether a notification has shown it).
///
/// Changes are identified by their sequence number s = 1, 2, 3, …, which is also the value
/// they write (see `Server`), so a client value names the change it comes from.
///
/// Memory: one `Record` (24 bytes) per change and one word per key, allocated as the run
/// goes (`reserve` sizes it once). Every member is O(1).
struct ChangeHistory: Sendable {
    struct Record: Sendable {
        /// Commit time, microseconds.
        var time: Int64
        /// Sequence number of the next change to the same key (0 while there is none).
        var next: Int64
        /// Whether the user is meant to see this change as a notification.
        var notify: Bool
        /// Whether a displayed notification has shown it.
        var displayed = false
    }

    private(set) var records: [Record] = []
    /// Per key: sequence number of its newest change (0 = never changed).
    private var newest: [Int64]

    /// - Parameter keys: number of keys in the server state (≥ 1).
    init(keys: Int) { newest = Array(repeating: 0, count: keys) }

    /// Makes room for `count` changes up front.
    mutating func reserve(_ count: Int) { records.reserveCapacity(count) }

    /// Changes committed so far.
    var count: Int { records.count }

    /// Records change `sequence` (which must be `count + 1`) of `key` at `time`.
    mutating func commit(sequence: Int64, key: Int32, at time: SimTime, notify: Bool) {
        precondition(Int(sequence) == records.count + 1, "changes must be recorded in sequence order")
        records.append(Record(time: time.microseconds, next: 0, notify: notify))
        let previous = newest[Int(key)]
        if previous != 0 { records[Int(previous) - 1].next = sequence }
        newest[Int(key)] = sequence
    }

    /// Change `sequence` (1 ≤ sequence ≤ count).
    subscript(_ sequence: Int64) -> Record {
        get { records[Int(sequence) - 1] }
        set { records[Int(sequence) - 1] = newValue }
    }

    /// When change `sequence` stopped being the server's value of its key (the commit
    /// time of the next change to that key), or `nil` while it still is.
    func supersededAt(_ sequence: Int64) -> SimTime? {
        let next = self[sequence].next
        return next == 0 ? nil : SimTime(microseconds: self[next].time)
    }
}
