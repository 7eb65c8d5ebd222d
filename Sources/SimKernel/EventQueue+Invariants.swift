/// Full consistency checks for `EventQueue`, in the style of swift-collections'
/// `Heap._checkInvariants()`. The queue's own hot paths only run cheap `assert`s (debug
/// builds); call `checkInvariants()` from tests or while debugging a model.
extension EventQueue {
    /// Traps (`preconditionFailure`) with a description if the queue's internal state is
    /// inconsistent: heap order by (time, owner, rank, tier, sequence), the pending staged entries
    /// sorted by the same order (unless staging), no entry before `now`, every sequence
    /// issued either still pending (in the heap or staged) or retired exactly once, each
    /// staged segment after everything before it, cancellations only of pending entries.
    /// - Complexity: O(n + s/32) time and O(n) extra space, n the number of pending entries,
    ///   s the sequences issued (the flag bitmap's words are counted).
    public func checkInvariants() {
        if let violation = firstInvariantViolation() {
            preconditionFailure("EventQueue invariant broken: \(violation)")
        }
    }

    /// The first inconsistency found, or `nil` if the queue is consistent (see `checkInvariants()`).
    /// - Complexity: O(n + s/32) time and O(n) extra space.
    func firstInvariantViolation() -> String? {
        for index in heap.indices.dropFirst() {
            let parent = (index - 1) / 2
            if heap[index].runsBefore(heap[parent]) {
                return "heap order: entry \(index) (t=\(heap[index].time) µs, tier \(heap[index].tier), rank \(heap[index].rank), "
                    + "seq \(heap[index].id)) runs before its parent \(parent) (t=\(heap[parent].time) µs, tier \(heap[parent].tier), "
                    + "rank \(heap[parent].rank), seq \(heap[parent].id))"
            }
        }
        let staged = lane[laneNext...]
        if !staging, let i = staged.indices.dropFirst().first(where: { staged[$0].runsBefore(staged[$0 - 1]) }) {
            return "staged order: entry \(i) (t=\(lane[i].time) µs, seq \(lane[i].id)) runs before entry \(i - 1) (t=\(lane[i - 1].time) µs, "
                + "seq \(lane[i - 1].id))"
        }
        // Each later segment runs after everything before it (the next one is last), and
        // there is one only while the staged list has a pending entry.
        if !staging && !laneLater.isEmpty && staged.isEmpty && segments - laneLater.count < Int(heldFrom) {
            return "staged segments after an empty staged list"
        }
        var before = staged.last
        for segment in staging ? [] : laneLater.reversed() where !segment.isEmpty {
            if let b = before, let e = segment.first(where: { $0.runsBefore(b) }) {
                return "staged segments: entry seq \(e.id) at t=\(e.time) µs runs before seq \(b.id) at t=\(b.time) µs of an earlier segment"
            }
            before = segment.max { $0.runsBefore($1) }
        }
        let later = laneLater.joined()
        var inHeap = Set<UInt64>(minimumCapacity: heap.count + staged.count + later.count)
        for whole in heap + (staged + later).map(\.entry) {
            var entry = whole
            entry.sequence = whole.id
            if entry.time < now.microseconds {
                return "entry seq \(entry.sequence) at t=\(entry.time) µs is before now (\(now.microseconds) µs)"
            }
            if entry.sequence >= nextSequence {
                return "entry seq \(entry.sequence) was never issued (next sequence \(nextSequence))"
            }
            if isRetired(entry.sequence) {
                return "entry seq \(entry.sequence) is still pending but marked retired"
            }
            if !inHeap.insert(entry.sequence).inserted {
                return "sequence \(entry.sequence) appears twice among the pending entries"
            }
        }
        // Every cancelled bit belongs to a pending entry: the bits set in the whole bitmap
        // are as many as the pending entries marked, and as `cancelledCount`.
        // A reserved sequence has both bits (`reserve()`).
        let reservedCount = flags.reduce(0) { $0 + ($1 & ($1 >> 1) & 0x5555_5555_5555_5555).nonzeroBitCount }
        let markedPending = inHeap.reduce(0) { $0 + (isCancelled($1) ? 1 : 0) }
        let markedAll = flags.reduce(0) { $0 + ($1 & 0xAAAA_AAAA_AAAA_AAAA).nonzeroBitCount } - reservedCount
        if markedAll != markedPending {
            return "\(markedAll - markedPending) cancelled sequences are not pending"
        }
        if markedPending != cancelledCount {
            return "\(markedPending) pending entries marked cancelled, \(cancelledCount) counted"
        }
        if flags.count != Int((nextSequence + 31) / 32) {
            return "flag bitmap has \(flags.count) words for \(nextSequence) sequences"
        }
        let retiredCount = flags.reduce(0) { $0 + ($1 & 0x5555_5555_5555_5555).nonzeroBitCount } - reservedCount
        if UInt64(retiredCount + heap.count + staged.count + later.count + reservedCount) != nextSequence {
            return "\(retiredCount) retired + \(heap.count) in heap + \(staged.count + later.count) staged + \(reservedCount) reserved "
                + "!= \(nextSequence) sequences issued"
        }
        if eventsPopped > retiredCount {
            return "\(eventsPopped) events popped but only \(retiredCount) sequences retired"
        }
        return nil
    }
}
