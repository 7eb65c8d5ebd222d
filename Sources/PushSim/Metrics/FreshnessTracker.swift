/// Freshness latency and regressions of one run.
///
/// - **Freshness latency** of a server change: the time from its commit until the client's
///   value for its key first reflects it or a later change of that key (client value ≥ the
///   change's sequence number: values are sequence numbers, so a larger value is a newer
///   state). A change the client never reflects by the horizon has no latency and counts
///   as never reflected.
/// - **Regression:** a client write that replaces a value with an older one (a smaller,
///   non-zero value over a larger one): the app moved back to a state it had already moved
///   past, e.g. "picked up" applied after "delivered". Erasing the local state (a
///   reinstall writes 0) is not a regression.
///
/// Per key the tracker keeps the oldest change not yet reflected; later ones follow through
/// `ChangeHistory.Record.next`, so each change is reflected once and a write costs O(1)
/// amortized. Memory: one word per key, one per reflected change (the latencies).
struct FreshnessTracker: Sendable {
    /// Per key: sequence number of the oldest change the client does not reflect yet (0 = none).
    private var oldestPending: [Int64]
    /// Latencies of the changes reflected so far, microseconds, in the order reflected.
    private(set) var latencies: [Int64] = []
    /// Regressions so far.
    private(set) var regressions = 0

    init(keys: Int) { oldestPending = Array(repeating: 0, count: keys) }

    /// Makes room for `count` latencies up front.
    mutating func reserve(_ count: Int) { latencies.reserveCapacity(count) }

    /// Change `sequence` of `key` was committed (after `history.commit`).
    mutating func serverChanged(key: Int32, sequence: Int64) {
        if oldestPending[Int(key)] == 0 { oldestPending[Int(key)] = sequence }
    }

    /// The client's value for `key` changed from `old` to `new` at `now`.
    mutating func clientWrote(key: Int32, old: Int64, new: Int64, at now: SimTime, history: ChangeHistory) {
        if new != 0 && new < old { regressions += 1 }
        var s = oldestPending[Int(key)]
        guard s != 0, s <= new else { return }
        repeat {
            let record = history[s]
            latencies.append(now.microseconds - record.time)
            s = record.next
        } while s != 0 && s <= new
        oldestPending[Int(key)] = s
    }
}
