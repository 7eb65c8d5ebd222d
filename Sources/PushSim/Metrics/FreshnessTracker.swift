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
/// Each change is reflected once (`ChangeHistory.reflect`), so a write costs O(1)
/// amortized. Memory: one word per reflected change (the latencies).
struct FreshnessTracker: Sendable {
    /// Latencies of the changes reflected so far, microseconds, in the order reflected.
    private(set) var latencies: [Int64] = []
    /// Regressions so far.
    private(set) var regressions = 0

    init() {}

    /// The state `init()` gives, keeping the storage (for a reused world).
    mutating func reset() {
        let latencies = recycled(&self.latencies)
        self = FreshnessTracker()
        self.latencies = latencies
    }

    /// Makes room for `count` latencies up front.
    mutating func reserve(_ count: Int) { latencies.reserveCapacity(count) }

    /// The client's value for `key` changed from `old` to `new` at `now`.
    mutating func clientWrote(key: Int32, old: Int64, new: Int64, at now: SimTime, history: inout ChangeHistory) {
        if new != 0 && new < old { regressions += 1 }
        history.reflect(key: key, value: new, at: now) { latencies.append($0) }
    }

    /// The latencies, sorted ascending (the tracker is spent afterwards).
    mutating func sortedLatencies() -> [Int64] {
        latencies.sort()
        return latencies
    }
}
