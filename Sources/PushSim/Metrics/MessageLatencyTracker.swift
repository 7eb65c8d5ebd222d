/// Tracks, for each (message, device) pair of one run, when the first provider request for
/// the message to the device was made, when its first copy reached the online device and
/// when the OS first drew it; `latencies()` turns them into the run's `MessageLatencies`.
/// The pairs are the rows of `messages.csv` (`MessageSink`), so the two reports agree.
///
/// Memory: 24 bytes per notification id per device (ids are dense: the sender numbers its
/// messages 1, 2, …), kept across `reset` for a reused world. O(1) amortized per call;
/// `latencies()` sorts, O(m log m) for m pairs.
struct MessageLatencyTracker: Sendable {
    /// Per device, per notification id (index id − 1): the times in microseconds, −1 = not yet.
    private var pairs: [[Entry]] = []

    private struct Entry: Sendable {
        var sent: Int64 = -1, arrival: Int64 = -1, display: Int64 = -1
    }

    /// Forgets every pair, keeping the storage.
    mutating func reset() {
        for d in pairs.indices { pairs[d].removeAll(keepingCapacity: true) }
    }

    /// A request for `message` (≥ 1) to `device` was made at `now`: the first one starts the pair.
    mutating func sent(message: Int64, device: Int, at now: SimTime) {
        let i = Int(message) - 1
        precondition(i >= 0 && device >= 0, "a message id is ≥ 1 and a device ≥ 0")
        while pairs.count <= device { pairs.append([]) }
        if pairs[device].count <= i { pairs[device].append(contentsOf: repeatElement(Entry(), count: i + 1 - pairs[device].count)) }
        if pairs[device][i].sent < 0 { pairs[device][i].sent = now.microseconds }
    }

    /// A copy of `message` reached `device` while it was online.
    mutating func reached(message: Int64, device: Int, at now: SimTime) {
        mark(message, device) { if $0.arrival < 0 { $0.arrival = now.microseconds } }
    }

    /// The OS drew `message`'s notification on the main device.
    mutating func displayed(message: Int64, at now: SimTime) {
        mark(message, 0) { if $0.display < 0 { $0.display = now.microseconds } }
    }

    private mutating func mark(_ message: Int64, _ device: Int, _ body: (inout Entry) -> Void) {
        let i = Int(message) - 1
        guard device < pairs.count, i >= 0, i < pairs[device].count, pairs[device][i].sent >= 0 else { return }
        body(&pairs[device][i])
    }

    /// The run's latency quantiles over its pairs.
    func latencies() -> MessageLatencies {
        var arrivals: [Int64] = [], displays: [Int64] = []
        for device in pairs {
            for e in device where e.sent >= 0 {
                if e.arrival >= 0 { arrivals.append(e.arrival - e.sent) }
                if e.display >= 0 { displays.append(e.display - e.sent) }
            }
        }
        return MessageLatencies(arrivals: arrivals, displays: displays)
    }
}
