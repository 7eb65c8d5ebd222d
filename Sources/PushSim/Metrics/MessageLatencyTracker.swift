/// Tracks, for each (message, device) pair of one run, when the first provider request for
/// the message to the device was made, and the latency of its first arrival at the online
/// device and of its first display by the OS; `latencies()` turns them into the run's
/// `MessageLatencies`. The pairs are the rows of `messages.csv` (`MessageSink`), so the two
/// reports agree.
///
/// Memory: 8 bytes per notification id per device (ids are dense: the sender numbers its
/// messages 1, 2, …) and 8 per latency, kept across `reset` for a reused world: a fleet
/// holds one tracker per recipient. O(1) amortized per call; `latencies()` sorts,
/// O(m log m) for m latencies.
struct MessageLatencyTracker: Sendable {
    /// The main device's pairs and the other devices' (index device − 1), per notification
    /// id (index id − 1): the first request's time in microseconds (below 2⁶¹), with
    /// `arrivedBit` and `displayedBit` once the latency is taken; −1 while not sent. The
    /// main device has its own array: nearly every run has no other device.
    private var main: [Int64] = []
    private var others: [[Int64]] = []
    /// The latencies taken so far, in microseconds.
    private var arrivals: [Int64] = [], displays: [Int64] = []

    private static let arrivedBit: Int64 = 1 << 62, displayedBit: Int64 = 1 << 61
    private static let timeMask: Int64 = displayedBit - 1

    /// Forgets every pair, keeping the storage.
    mutating func reset() {
        main.removeAll(keepingCapacity: true)
        for d in others.indices { others[d].removeAll(keepingCapacity: true) }
        arrivals.removeAll(keepingCapacity: true); displays.removeAll(keepingCapacity: true)
    }

    /// A request for `message` (≥ 1) to `device` was made at `now`: the first one starts the pair.
    mutating func sent(message: Int64, device: Int, at now: SimTime) {
        precondition(message >= 1 && device >= 0, "a message id is ≥ 1 and a device ≥ 0")
        if device == 0 { Self.start(&main, Int(message) - 1, now); return }
        while others.count < device { others.append([]) }
        Self.start(&others[device - 1], Int(message) - 1, now)
    }

    private static func start(_ pairs: inout [Int64], _ i: Int, _ now: SimTime) {
        if pairs.count <= i { pairs.append(contentsOf: repeatElement(-1, count: i + 1 - pairs.count)) }
        if pairs[i] < 0 { pairs[i] = now.microseconds }
    }

    /// A copy of `message` reached `device` while it was online.
    mutating func reached(message: Int64, device: Int, at now: SimTime) {
        let i = Int(message) - 1
        if device == 0 { Self.take(&main, i, Self.arrivedBit, now, into: &arrivals); return }
        guard device <= others.count else { return }
        Self.take(&others[device - 1], i, Self.arrivedBit, now, into: &arrivals)
    }

    /// The OS drew `message`'s notification on the main device.
    mutating func displayed(message: Int64, at now: SimTime) {
        Self.take(&main, Int(message) - 1, Self.displayedBit, now, into: &displays)
    }

    /// The first time `bit` happens to a pair that was started: its latency is taken.
    private static func take(_ pairs: inout [Int64], _ i: Int, _ bit: Int64, _ now: SimTime, into latencies: inout [Int64]) {
        guard i >= 0, i < pairs.count, pairs[i] >= 0, pairs[i] & bit == 0 else { return }
        pairs[i] |= bit
        latencies.append(now.microseconds - (pairs[i] & timeMask))
    }

    /// The run's latency quantiles over its pairs (sorts the latencies kept).
    mutating func latencies() -> MessageLatencies { MessageLatencies(arrivals: &arrivals, displays: &displays) }
}
