extension EventQueue {
    /// Moves `now` forward to `time` without running anything: for a model stepped by an
    /// outer loop (a fleet's recipients) that must act at `time` although its own next
    /// event is later.
    /// - Precondition: no pending event is earlier than `time`, and not staging.
    /// - Complexity: O(1), plus O(log n) per cancelled entry discarded.
    @inlinable
    public mutating func advance(to time: SimTime) {
        precondition(nextTime.map { $0 >= time } ?? true, "EventQueue: advance(to:) past a pending event")
        if time > _now { _now = time }
    }
}

extension EventQueue {
    /// Gives back the spare capacity of the heap (a queue made with a large
    /// `reservingCapacity` for reuse, in a model that runs once) and of the staged list
    /// (which grows by doubling while staging), dropping the staged entries already popped.
    /// Nothing pending changes, nor the order of anything.
    /// - Precondition: not staging.
    /// - Complexity: O(n + s) for s staged entries.
    public mutating func shrinkToFit() {
        precondition(!staging, "EventQueue: shrinkToFit() while staging")
        if heap.capacity > heap.count * 2 + 8 {
            var exact: [Entry] = []
            exact.reserveCapacity(heap.count)
            exact.append(contentsOf: heap)
            heap = exact
        }
        if lane.capacity > lane.count - laneNext { keepPendingStaged() }
    }

    /// Gives back the staged entries already popped once they are at least half the staged
    /// list and at least `minimum`: the pending ones move to a list of their size (none left:
    /// no list). For a model that runs once while many others wait beside it (a fleet's
    /// recipients, each holding its day's staged timeline): the list then shrinks by halves
    /// as the run goes, O(s) copies in all for s staged entries. Nothing pending changes,
    /// nor the order of anything.
    /// - Complexity: O(1) when it keeps the list; O(pending staged) when it shrinks it.
    @inlinable
    public mutating func releasePoppedStaged(minimum: Int = 4) {
        if laneNext >= minimum && laneNext * 2 >= lane.count && !staging { keepPendingStaged() }
    }

    /// The staged list reduced to its pending entries, at their exact size.
    @usableFromInline
    mutating func keepPendingStaged() {
        var exact: [Entry] = []
        exact.reserveCapacity(lane.count - laneNext)
        exact.append(contentsOf: lane[laneNext...])
        lane = exact
        laneNext = 0
    }
}

extension EventQueue {
    /// Where the next pop reads first: the heap's root and the staged list's head (nil where
    /// there is none), for a caller that prefetches them (a fleet's worlds are cold when
    /// their turn comes). Only addresses: valid until the queue next changes, never to be
    /// read through by the caller.
    @inlinable public var nextEntryAddresses: (heap: UnsafeRawPointer?, lane: UnsafeRawPointer?) {
        let h = heap.withUnsafeBufferPointer { $0.isEmpty ? nil : UnsafeRawPointer($0.baseAddress) }
        let l = lane.withUnsafeBufferPointer { laneNext < $0.count ? UnsafeRawPointer($0.baseAddress! + laneNext) : nil }
        return (h, l)
    }

    /// Where in a queue value's bytes its parts' storage addresses and read positions are
    /// (`partAddresses(ofBits:_:)`).
    public static var partOffsets: QueuePartOffsets {
        func at(_ path: PartialKeyPath<Self>) -> Int {
            guard let offset = MemoryLayout<Self>.offset(of: path) else { preconditionFailure("EventQueue: \(path) is not stored inline") }
            return offset
        }
        return QueuePartOffsets(heap: at(\Self.heap), lane: at(\Self.lane), laneNext: at(\Self.laneNext), packedBytes: at(\Self.packed.bytes),
                                packedNext: at(\Self.packed.next), flags: at(\Self.flags), entryStride: MemoryLayout<Entry>.stride)
    }

    /// The memory the next pop of the queue whose value's bytes are at `bits` reads first,
    /// from those bytes alone: the heap storage's first line (its header, the root too when
    /// it starts in that line), the staged list's header and next entry, the packed staged
    /// codes at their read position, the cancel flags' header. For a caller that prefetches a cold queue a step before it runs it:
    /// nothing is read from the parts (no cache miss waited for) and nothing is retained.
    /// Only addresses, never to be read through; `bits` may be a copy of the value's bytes.
    @inlinable
    public static func partAddresses(ofBits bits: UnsafeRawPointer, _ o: QueuePartOffsets)
        -> (heap: UnsafeRawPointer?, laneHeader: UnsafeRawPointer?, lane: UnsafeRawPointer?, packed: UnsafeRawPointer?, flags: UnsafeRawPointer?) {
        // An array's storage: a 32-byte header (object, count, capacity), then the elements.
        let header = 4 * MemoryLayout<Int>.size
        func storage(_ offset: Int) -> UnsafeRawPointer? { UnsafeRawPointer(bitPattern: bits.loadUnaligned(fromByteOffset: offset, as: UInt.self)) }
        let lane = storage(o.lane), packed = storage(o.packedBytes)
        let laneNext = bits.loadUnaligned(fromByteOffset: o.laneNext, as: Int.self), packedNext = bits.loadUnaligned(fromByteOffset: o.packedNext, as: Int.self)
        return (storage(o.heap), lane, lane.map { $0 + header + laneNext &* o.entryStride }, packed.map { $0 + header + packedNext }, storage(o.flags))
    }
}

/// Byte offsets of an `EventQueue` value's parts (`EventQueue.partOffsets`).
public struct QueuePartOffsets: Sendable {
    public let heap, lane, laneNext, packedBytes, packedNext, flags, entryStride: Int
}
