/// `EventQueue`'s heap and bookkeeping internals: the retired and cancelled flags, the
/// discarding of cancelled heads, and the binary heap's removal and sifts.
extension EventQueue {
    @inlinable func isRetired(_ sequence: UInt64) -> Bool {
        flags[Int(truncatingIfNeeded: sequence >> 5)] & (1 << ((sequence & 31) * 2)) != 0
    }

    @inlinable func isCancelled(_ sequence: UInt64) -> Bool {
        flags[Int(truncatingIfNeeded: sequence >> 5)] & (2 << ((sequence & 31) * 2)) != 0
    }

    @inlinable mutating func markRetired(_ sequence: UInt64) {
        flags[Int(truncatingIfNeeded: sequence >> 5)] |= 1 << ((sequence & 31) * 2)
    }

    /// Drops cancelled entries from the front (of the heap and the staged list), so that `head` is live.
    @inlinable mutating func discardCancelledHead() {
        while cancelledCount > 0 {
            let fromLane = laneHeadIsFirst
            guard let head = fromLane ? lane[laneNext].entry : heap.first, isCancelled(head.id) else { return }
            if fromLane { passLaneHead() } else { _ = removeMin() }
            // Retired and no longer cancelled, in one write.
            flags[Int(truncatingIfNeeded: head.id >> 5)] ^= 3 << ((head.id & 31) * 2)
            cancelledCount -= 1
        }
    }

    /// Removes and returns `heap[0]`. - Precondition: `!heap.isEmpty`.
    @inlinable mutating func removeMin() -> Entry {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return last }
        let min = heap[0]
        placeDown(last, from: 0)
        return min
    }

    /// Moves `heap[index]` up to its place, shifting parents down into the hole it leaves
    /// (one write per level instead of a swap).
    @inlinable mutating func siftUp(_ index: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            let moving = h[index]
            var hole = index
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard moving.runsBefore(h[parent]) else { break }
                h[hole] = h[parent]
                hole = parent
            }
            h[hole] = moving
        }
    }

    /// Puts `moving` into the heap at the hole `index`, shifting smaller children up.
    @inlinable mutating func placeDown(_ moving: Entry, from index: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            let count = h.count
            var hole = index
            while true {
                let left = 2 * hole + 1
                guard left < count else { break }
                let right = left + 1
                let first = right < count && h[right].runsBefore(h[left]) ? right : left
                guard h[first].runsBefore(moving) else { break }
                h[hole] = h[first]
                hole = first
            }
            h[hole] = moving
        }
    }
}
