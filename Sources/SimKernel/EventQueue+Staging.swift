/// The staged list of `EventQueue` (see its **Staged events**), and held segments.
extension EventQueue {
    /// An `Entry` of rank 0 without its rank, the owner after the payload (32 bytes where an
    /// `Entry` takes 40 with PushSim's 10-byte event), ordered as the `Entry` it stands for.
    @usableFromInline struct StagedEntry {
        @usableFromInline var time: Int64, sequence: UInt64, payload: Payload, owner: UInt32

        @inlinable init(_ e: Entry) { (time, sequence, payload, owner) = (e.time, e.sequence, e.payload, e.owner) }
        @inlinable var entry: Entry { Entry(time: time, owner: owner, rank: 0, sequence: sequence, payload: payload) }
        @inlinable var id: UInt64 { sequence & EventQueue.sequenceMask }

        /// `Entry.runsBefore`, against a staged entry and against a heap entry.
        @inlinable func runsBefore(_ other: StagedEntry) -> Bool {
            time < other.time || (time == other.time && (owner < other.owner || (owner == other.owner && sequence < other.sequence)))
        }
        @inlinable func runsBefore(_ other: Entry) -> Bool {
            let order = UInt64(owner) << 32
            return time < other.time || (time == other.time && (order < other.order || (order == other.order && sequence < other.sequence)))
        }
    }

    /// Starts staging: until `endStaging()`, `schedule` puts rank-0 events in the staged
    /// list. Stagings nest: the list is sorted when the outermost one ends.
    /// - Precondition: no segment of a staging into segments is still ahead.
    @inlinable
    public mutating func beginStaging() {
        precondition(staging || laneLater.isEmpty, "EventQueue: staging before the segments of the last staging are reached")
        if stagingDepth == 0 && laneNext > 0 {
            lane.removeFirst(laneNext)
            laneNext = 0
        }
        stagingDepth += 1
    }

    /// Starts staging into `count` (≥ 1) segments of time: segment k < count − 1 holds the
    /// events of [k · width, (k + 1) · width), the last one every later event. A segment is
    /// sorted when the list reaches it and freed when passed (a fleet's day: memory falls
    /// as the run goes); events run in the same order as with `beginStaging()`.
    /// - Precondition: not staging, nothing staged pending; `width` > 0.
    public mutating func beginStaging(segments count: Int, of width: SimDuration) {
        precondition(!staging && laneNext == lane.count && laneLater.isEmpty, "EventQueue: segments staged over pending staged events")
        precondition(width > .zero && count >= 1, "EventQueue: \(count) segments of \(width) s")
        segment = width.microseconds
        segments = count
        beginStaging()
    }

    /// Puts `entry` in the segment of its time (segmented staging).
    @inlinable mutating func stage(inSegment entry: StagedEntry) {
        let k = min(Int(entry.time / segment), segments - 1)
        while laneLater.count <= k { laneLater.append([]) }
        laneLater[k].append(entry)
    }

    /// Makes room in the staged list for `count` (≥ 0) more entries; staging into segments,
    /// each gets its share of the entries staged so far. - Complexity: O(s).
    public mutating func reserveStaged(_ count: Int) {
        precondition(count >= 0, "EventQueue: negative staged capacity \(count)")
        flags.reserveCapacity((Int(nextSequence) + count) / 32 + 1)
        guard segment > 0 else { lane.reserveCapacity(lane.count + count); return }
        let staged = laneLater.reduce(0) { $0 + $1.count }
        guard staged > 0 else { return }
        for k in laneLater.indices where k < Int(heldFrom) { laneLater[k].reserveCapacity(laneLater[k].count + count * laneLater[k].count / staged + 1) }
    }

    /// Ends staging; the outermost one sorts the pending staged events (or the first segment).
    /// - Precondition: staging. - Complexity: O(s log s) for s entries sorted.
    @inlinable
    public mutating func endStaging() {
        precondition(staging, "EventQueue: endStaging() without beginStaging()")
        stagingDepth -= 1
        guard stagingDepth == 0 else { return }
        guard segment == 0 else {
            // Every segment has its list, the next one last, so that segment k is at
            // `segments − 1 − k` while ahead (`stage(reserved:…)`).
            while laneLater.count < segments { laneLater.append([]) }
            laneLater.reverse()
            if heldFrom == .max { (segment, segments) = (0, 0) }
            advanceLane()
            return
        }
        sortLane(from: laneNext)
    }

    /// Sorts `lane[first...]`: insertion sort up to 64 entries, the library's sort beyond.
    @inlinable mutating func sortLane(from first: Int) {
        // In place: sorting the slice `lane[first...]` would copy it first.
        guard lane.count - first <= 64 else { lane.withUnsafeMutableBufferPointer { $0[first...].sort { $0.runsBefore($1) } }; return }
        lane.withUnsafeMutableBufferPointer { l in
            for i in l.indices.dropFirst(first + 1) {
                let moving = l[i]
                var hole = i
                while hole > first, moving.runsBefore(l[hole - 1]) {
                    l[hole] = l[hole - 1]
                    hole -= 1
                }
                l[hole] = moving
            }
        }
    }

    /// The staged list's head has left: the next one, or the next non-empty segment, sorted.
    @inlinable mutating func passLaneHead() {
        laneNext += 1
        if laneNext == lane.count && !laneLater.isEmpty { advanceLane() }
    }

    @inlinable mutating func advanceLane() {
        var passed: [StagedEntry] = []
        swap(&passed, &lane)
        repeat {
            // The next segment is `segments − laneLater.count`: a held one is not reached.
            guard segments - laneLater.count < Int(heldFrom) else { break }
            lane = laneLater.removeLast()
        } while lane.isEmpty && !laneLater.isEmpty
        laneNext = 0
        sortLane(from: 0)
        // The passed segment's storage goes to the first held segment with none (at index
        // `segments − 1 − k` for segment k): a block of windows later, it holds about as many.
        let held = segments - Int(heldFrom)
        if held > 0, let i = laneLater.indices.prefix(held).last(where: { laneLater[$0].capacity == 0 }) {
            passed.removeAll(keepingCapacity: true)
            laneLater[i] = passed
        }
    }

    /// Holds back every segment from `first` on (`Int.max`: none): the list stops before it,
    /// so that events reserved for it (`reserve()`) are staged there first (`stage(reserved:…)`).
    /// - Precondition: staging into segments, or segments held; `first` never moves back.
    @inlinable public mutating func hold(from first: Int) {
        precondition(segments > 0 && first >= (staging ? 0 : Int(heldFrom)), "EventQueue: hold(from: \(first)) without segments held")
        heldFrom = Int32(clamping: first)
        if heldFrom == .max && !staging { (segment, segments) = (0, 0) }
        if !staging && laneNext == lane.count && !laneLater.isEmpty { advanceLane() }
    }

    /// Whether an event at `time` would go to a held segment (while staging).
    @inlinable public func isHeld(_ time: SimTime) -> Bool { staging && segment > 0 && segment(of: time) >= Int(heldFrom) }

    /// The segment of `time`, staging into segments or with segments held (0 otherwise).
    @inlinable public func segment(of time: SimTime) -> Int { segment > 0 ? min(Int(time.microseconds / segment), segments - 1) : 0 }

    /// Issues the next sequence (marked reserved: not cancellable) to an event staged later in
    /// a held segment, where it runs as if scheduled now. Returns the sequence.
    @inlinable @discardableResult public mutating func reserve() -> UInt64 {
        let sequence = issue().sequence
        flags[Int(truncatingIfNeeded: sequence >> 5)] |= 3 << ((sequence & 31) * 2)
        return sequence
    }

    /// Stages the event `reserve()` gave `sequence` when the owner's count was `own`, for the
    /// current `owner` and tie salt, where it would have run had it been scheduled then.
    /// - Precondition: `sequence` reserved, not staged; `time`'s segment held, `time >= now`.
    @inlinable public mutating func stage(reserved sequence: UInt64, ownerSequence own: UInt64, at time: SimTime, tier: UInt8, _ payload: Payload) {
        let k = segment(of: time), word = Int(truncatingIfNeeded: sequence >> 5), both: UInt64 = 3 << ((sequence & 31) * 2)
        precondition(sequence < nextSequence && flags[word] & both == both && segment > 0 && k >= Int(heldFrom) && time >= _now,
                     "EventQueue: sequence \(sequence) staged outside a held segment, before now, or not reserved")
        flags[word] &= ~both
        let e = Entry(time: time.microseconds, owner: owner, rank: 0, sequence: key(sequence, own, tier), payload: payload)
        laneLater[segments - 1 - k].append(StagedEntry(e))
    }

    /// Whether the next entry to leave is the staged list's head (not the heap's).
    @inlinable var laneHeadIsFirst: Bool {
        laneNext < lane.count && (heap.isEmpty || lane[laneNext].runsBefore(heap[0]))
    }

    /// The next entry to leave, cancelled or not.
    @inlinable var head: Entry? { laneHeadIsFirst ? lane[laneNext].entry : heap.first }
}

extension EventQueue.StagedEntry: Sendable where Payload: Sendable {}
