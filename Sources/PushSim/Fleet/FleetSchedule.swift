/// The fleet's outer schedule: which member (a recipient's world, or the fleet's own
/// events) runs next, and when, ordered by (time, member index); the fleet's own events are
/// the last member (index N), so at an equal time the recipients run first, in population
/// order, and then the fleet (a sweep at an instant sees every row committed at it).
///
/// Each member has at most one live entry, at its next event's time: after a member runs,
/// its entry is moved to its new next time (`update`); a delivery from another member can
/// only bring it forward (`wake`).
///
/// Two levels, because a fleet of 10⁵–10⁶ members is memory-bound: a near heap holds
/// every member due before the window's end W (an indexed 4-ary min-heap: a node's four
/// children are one 64-byte line, the storage aligned to 64 bytes with the root at slot 3);
/// later members wait in buckets of `width` microseconds (appended in O(1)). When the near
/// heap runs empty, the next bucket is moved into it and W advances by one bucket. An entry
/// a member has since left (moved earlier, or run) stays in its bucket and is skipped when
/// the bucket is loaded. The order handed out is the total order of (time, member),
/// whatever the split. Its mutable properties skip the run-time exclusivity checks
/// (`@exclusivity(unchecked)`, as `FleetHub`'s): no method calls out while holding them.
final class FleetSchedule {
    private typealias Entry = (time: Int64, member: Int32)
    /// Logical heap position i is slot i + 3: the children 4i + 1 … 4i + 4 of position i
    /// are slots 4i + 4 … 4i + 7, one aligned line.
    private static let offset = 3
    private let slots: UnsafeMutablePointer<Entry>
    /// Per member: its logical heap position (≥ 0), `unscheduled` or `waiting` (in a bucket).
    private let position: UnsafeMutablePointer<Int32>
    /// Per member: its time while it waits in a bucket (which of its bucket entries is live).
    private let waitingAt: UnsafeMutablePointer<Int64>
    private let members: Int
    @exclusivity(unchecked) private var count = 0
    /// Bucket b holds times in [b·width, (b + 1)·width); the last one everything later.
    @exclusivity(unchecked) private var buckets: [[Entry]]
    private let width: Int64
    /// Buckets before this one have been moved into the near heap (W = loaded · width).
    @exclusivity(unchecked) private var loaded = 0
    private static let unscheduled: Int32 = -1, waiting: Int32 = -2

    /// - Parameters:
    ///   - members: the recipients and the fleet (N + 1, ≥ 1).
    ///   - horizon: the last time that runs (µs, ≥ 0); later entries share the last bucket.
    ///   - buckets: the number of buckets up to the horizon (≥ 1).
    init(members: Int, horizon: Int64, buckets: Int) {
        precondition(members >= 1 && horizon >= 0 && buckets >= 1)
        self.members = members
        let raw = UnsafeMutableRawPointer.allocate(byteCount: (members + Self.offset + 4) * MemoryLayout<Entry>.stride, alignment: 64)
        slots = raw.bindMemory(to: Entry.self, capacity: members + Self.offset + 4)
        position = .allocate(capacity: members)
        position.initialize(repeating: Self.unscheduled, count: members)
        waitingAt = .allocate(capacity: members)
        waitingAt.initialize(repeating: 0, count: members)
        width = max(1, (horizon + Int64(buckets)) / Int64(buckets))
        self.buckets = Array(repeating: [], count: Int(horizon / width) + 2)
    }

    deinit {
        UnsafeMutableRawPointer(slots).deallocate()
        position.deallocate()
        waitingAt.deallocate()
    }

    @inline(__always) private func entry(_ i: Int) -> Entry { slots[i + Self.offset] }
    @inline(__always) private func put(_ e: Entry, at i: Int) {
        slots[i + Self.offset] = e
        position[Int(e.member)] = Int32(i)
    }
    @inline(__always) private func bucket(of time: Int64) -> Int { min(Int(max(0, time) / width), buckets.count - 1) }

    /// The next member and its time, if any is scheduled (moving the next buckets into the
    /// near heap while it is empty).
    func next() -> (time: Int64, member: Int32)? {
        while count == 0 && loaded < buckets.count { load() }
        return count > 0 ? entry(0) : nil
    }

    /// Members in the near heap (for tests: with more than one, the next after the top is
    /// among `nextCandidates()`).
    var nearCount: Int { count }

    /// The three earliest of the near heap's root's children and grandchildren (its next 20
    /// entries), earliest first (−1 where there is none): a fleet run prefetches their
    /// state, the nearer the more of it. The first is the near heap's second-earliest
    /// member (it runs next unless the top member stays first) and the second its
    /// third-earliest; the third is usually its fourth-earliest (which may also be a
    /// great-grandchild). Hints only: no result depends on them.
    func nextCandidates() -> (Int32, Int32, Int32) {
        var first: Entry? = nil, second: Entry? = nil, third: Entry? = nil
        for i in stride(from: 1, to: min(21, count), by: 1) {
            let e = entry(i)
            if first == nil || Self.before(e, first!) {
                (third, second, first) = (second, first, e)
            } else if second == nil || Self.before(e, second!) {
                (third, second) = (second, e)
            } else if third == nil || Self.before(e, third!) {
                third = e
            }
        }
        return (first?.member ?? -1, second?.member ?? -1, third?.member ?? -1)
    }

    /// Makes member `m` run no later than `time`: schedules it, or brings its entry forward.
    /// - Complexity: O(log n) amortized.
    func wake(_ m: Int32, at time: Int64) {
        let p = position[Int(m)]
        if p >= 0 {
            if time < entry(Int(p)).time { siftUp((time, m), from: Int(p)) }
        } else if p == Self.unscheduled || time < waitingAt[Int(m)] {
            place((time, m))
        }
    }

    /// Sets member `m`'s next time to `time` (nil: it has nothing left), earlier or later.
    /// - Complexity: O(log n) amortized.
    func update(_ m: Int32, to time: Int64?) {
        let p = position[Int(m)]
        guard let time else {
            if p >= 0 { remove(at: Int(p)) } else { position[Int(m)] = Self.unscheduled }
            return
        }
        if p >= 0 {
            let old = entry(Int(p)).time
            if bucket(of: time) >= loaded {
                remove(at: Int(p))
                place((time, m))
            } else if time < old {
                siftUp((time, m), from: Int(p))
            } else {
                siftDown((time, m), from: Int(p))
            }
        } else if p == Self.unscheduled || time != waitingAt[Int(m)] {
            place((time, m))
        }
    }

    /// Schedules `e` (its member not in the near heap): into the heap when its bucket is
    /// loaded, else at the end of its bucket.
    private func place(_ e: Entry) {
        let b = bucket(of: e.time)
        if b < loaded {
            precondition(count < members)
            count += 1
            siftUp(e, from: count - 1)
        } else {
            buckets[b].append(e)
            position[Int(e.member)] = Self.waiting
            waitingAt[Int(e.member)] = e.time
        }
    }

    /// Moves the next bucket's live entries into the (empty) near heap.
    private func load() {
        let b = loaded
        loaded += 1
        let entries = buckets[b]
        buckets[b] = []
        for e in entries where position[Int(e.member)] == Self.waiting && waitingAt[Int(e.member)] == e.time {
            count += 1
            siftUp(e, from: count - 1)
        }
    }

    @inline(__always) private static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.time < b.time || (a.time == b.time && a.member < b.member)
    }

    private func remove(at p: Int) {
        position[Int(entry(p).member)] = Self.unscheduled
        count -= 1
        guard p < count else { return }
        let last = entry(count)
        if p > 0 && Self.before(last, entry((p - 1) / 4)) { siftUp(last, from: p) } else { siftDown(last, from: p) }
    }

    /// Places `moving` at heap position `start` or above it.
    private func siftUp(_ moving: Entry, from start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 4
            let above = entry(parent)
            guard Self.before(moving, above) else { break }
            put(above, at: i)
            i = parent
        }
        put(moving, at: i)
    }

    /// Places `moving` at heap position `start` or below it.
    private func siftDown(_ moving: Entry, from start: Int) {
        var i = start
        while true {
            let first = 4 * i + 1
            guard first < count else { break }
            var c = first
            var least = entry(first)
            for k in first + 1 ..< min(first + 4, count) {
                let e = entry(k)
                if Self.before(e, least) { c = k; least = e }
            }
            guard Self.before(least, moving) else { break }
            put(least, at: i)
            i = c
        }
        put(moving, at: i)
    }
}
