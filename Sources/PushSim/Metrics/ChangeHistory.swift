/// Every server change of one run, as the user-view metrics need it: when it was
/// committed, which change to the same key superseded it, two flags (whether the user is
/// meant to see it as a notification, whether a notification has shown it), and per key
/// the oldest change the client does not reflect yet. Each key's newest change is the
/// server's value of it (a change's value is its sequence number), which `commit` is given.
///
/// Changes are identified by their sequence number s = 1, 2, 3, …, which is also the value
/// they write (see `Server`), so a client value names the change it comes from.
///
/// Memory: one `Record` (16 bytes) per change and one word per key, allocated as the run
/// goes (`reserve` sizes it once). Every member is O(1) except `reflect`, O(1) amortized.
struct ChangeHistory: Sendable {
    struct Record: Sendable {
        /// Commit time, microseconds.
        var time: Int64
        /// `next` in the low 62 bits, `notify` and `displayed` in the top two: 16 bytes a
        /// record where three fields took 24 (a fleet keeps a record per change of every
        /// recipient). Sequence numbers stay below 2^62: each has a record here.
        private var packed: UInt64

        private static let notifyBit: UInt64 = 1 << 63, displayedBit: UInt64 = 1 << 62
        private static let nextMask: UInt64 = (1 << 62) - 1

        init(time: Int64, next: Int64, notify: Bool, displayed: Bool = false) {
            self.time = time
            packed = 0
            self.next = next
            self.notify = notify
            self.displayed = displayed
        }

        /// Sequence number of the next change to the same key (0 while there is none).
        var next: Int64 {
            get { Int64(packed & Self.nextMask) }
            set {
                precondition(newValue >= 0 && UInt64(newValue) <= Self.nextMask, "change sequence \(newValue) out of range")
                packed = packed & ~Self.nextMask | UInt64(newValue)
            }
        }
        /// Whether the user is meant to see this change as a notification.
        var notify: Bool {
            get { packed & Self.notifyBit != 0 }
            set { packed = newValue ? packed | Self.notifyBit : packed & ~Self.notifyBit }
        }
        /// Whether a displayed notification has shown it.
        var displayed: Bool {
            get { packed & Self.displayedBit != 0 }
            set { packed = newValue ? packed | Self.displayedBit : packed & ~Self.displayedBit }
        }
    }

    private(set) var records: [Record] = []
    /// Per key: the oldest change the client does not reflect yet (a sequence number, 0 =
    /// none); later unreflected ones follow through `Record.next`.
    private var unreflected: [Int64]

    /// - Parameter keys: number of keys in the server state (≥ 1).
    init(keys: Int) { unreflected = Array(repeating: 0, count: keys) }

    /// The state `init(keys:)` gives, keeping the storage (for a reused world).
    mutating func reset() {
        for k in unreflected.indices { unreflected[k] = 0 }
        records.removeAll(keepingCapacity: true)
    }

    /// Makes room for `count` changes up front.
    mutating func reserve(_ count: Int) { records.reserveCapacity(count) }

    /// Changes committed so far.
    var count: Int { records.count }

    /// Records change `sequence` (which must be `count + 1`) of `key` at `time`; `previous`
    /// is the key's change before it (the server's value of the key before this one, 0 =
    /// none), which this one supersedes.
    /// - Precondition: `previous` is 0 or an earlier change (< `sequence`).
    mutating func commit(sequence: Int64, key: Int32, previous: Int64, at time: SimTime, notify: Bool) {
        precondition(Int(sequence) == records.count + 1, "changes must be recorded in sequence order")
        precondition(previous >= 0 && previous < sequence, "change \(sequence) supersedes change \(previous)")
        records.append(Record(time: time.microseconds, next: 0, notify: notify))
        if previous != 0 { records[Int(previous) - 1].next = sequence }
        let k = Int(key)
        if unreflected[k] == 0 { unreflected[k] = sequence }
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

    /// The client now holds `value` for `key` at `now`: every change of that key up to
    /// `value` not reflected yet is reflected now; `body` gets each one's latency (µs).
    @inline(__always)
    mutating func reflect(key: Int32, value: Int64, at now: SimTime, _ body: (Int64) -> Void) {
        let k = Int(key)
        var s = unreflected[k]
        guard s != 0, s <= value else { return }
        repeat {
            let record = records[Int(s) - 1]
            body(now.microseconds - record.time)
            s = record.next
        } while s != 0 && s <= value
        unreflected[k] = s
    }
}
