/// Tracks, for each (message, device) pair of one run, when the first provider request for
/// the message to the device was made, when its first copy reached the online device and
/// when the OS first drew it; `latencies()` turns them into the run's `MessageLatencies`.
/// The pairs are the rows of `messages.csv` (`MessageSink`), so the two reports agree.
///
/// Memory: 24 bytes per notification id per device (ids are dense: the sender numbers its
/// messages 1, 2, …), kept across `reset` for a reused world. O(1) amortized per call;
/// `latencies()` sorts, O(m log m) for m pairs.
struct MessageLatencyTracker: Sendable {
    /// The main device's pairs and the other devices' (index device − 1), per notification
    /// id (index id − 1): the times in microseconds, −1 = not yet. The main device has its
    /// own array: nearly every run has no other device.
    private var main: [Entry] = []
    private var others: [[Entry]] = []
    /// The run's latencies, gathered by `latencies()` (kept for their storage).
    private var arrivals: [Int64] = [], displays: [Int64] = []

    private struct Entry: Sendable {
        var sent: Int64 = -1, arrival: Int64 = -1, display: Int64 = -1
    }

    /// Forgets every pair, keeping the storage.
    mutating func reset() {
        main.removeAll(keepingCapacity: true)
        for d in others.indices { others[d].removeAll(keepingCapacity: true) }
    }

    /// A request for `message` (≥ 1) to `device` was made at `now`: the first one starts the pair.
    mutating func sent(message: Int64, device: Int, at now: SimTime) {
        precondition(message >= 1 && device >= 0, "a message id is ≥ 1 and a device ≥ 0")
        if device == 0 { Self.start(&main, Int(message) - 1, now); return }
        while others.count < device { others.append([]) }
        Self.start(&others[device - 1], Int(message) - 1, now)
    }

    private static func start(_ entries: inout [Entry], _ i: Int, _ now: SimTime) {
        if entries.count <= i { entries.append(contentsOf: repeatElement(Entry(), count: i + 1 - entries.count)) }
        if entries[i].sent < 0 { entries[i].sent = now.microseconds }
    }

    /// A copy of `message` reached `device` while it was online.
    mutating func reached(message: Int64, device: Int, at now: SimTime) {
        let i = Int(message) - 1
        if device == 0 { Self.mark(&main, i) { if $0.arrival < 0 { $0.arrival = now.microseconds } }; return }
        guard device <= others.count else { return }
        Self.mark(&others[device - 1], i) { if $0.arrival < 0 { $0.arrival = now.microseconds } }
    }

    /// The OS drew `message`'s notification on the main device.
    mutating func displayed(message: Int64, at now: SimTime) {
        Self.mark(&main, Int(message) - 1) { if $0.display < 0 { $0.display = now.microseconds } }
    }

    /// Changes the entry of a pair that was started (nothing for one never sent).
    private static func mark(_ entries: inout [Entry], _ i: Int, _ body: (inout Entry) -> Void) {
        guard i >= 0, i < entries.count, entries[i].sent >= 0 else { return }
        body(&entries[i])
    }

    /// The run's latency quantiles over its pairs.
    mutating func latencies() -> MessageLatencies {
        arrivals.removeAll(keepingCapacity: true); displays.removeAll(keepingCapacity: true)
        for e in main where e.sent >= 0 {
            if e.arrival >= 0 { arrivals.append(e.arrival - e.sent) }
            if e.display >= 0 { displays.append(e.display - e.sent) }
        }
        for device in others {
            for e in device where e.sent >= 0 && e.arrival >= 0 { arrivals.append(e.arrival - e.sent) }
        }
        return MessageLatencies(arrivals: &arrivals, displays: &displays)
    }
}
