/// The fleet's outer schedule: which member (a recipient's world, or the fleet's own
/// events) runs next, and when. An indexed binary min-heap with one entry per scheduled
/// member, ordered by (time, member index); the fleet's own events are the last member
/// (index N), so at an equal time the recipients run first, in population order, and then
/// the fleet (a sweep at an instant sees every row committed at it).
///
/// Each member has at most one entry, at its next event's time: after a member runs, its
/// entry is moved to its new next time (`update`, one sift); a delivery from another
/// member can only bring it forward (`wake`).
struct FleetSchedule {
    /// (time, member), heap-ordered.
    private var heap: [(time: Int64, member: Int32)] = []
    /// Per member: its index in `heap` (−1: not scheduled).
    private var position: [Int32]

    /// - Parameter members: the recipients and the fleet (N + 1).
    init(members: Int) {
        position = Array(repeating: -1, count: members)
        heap.reserveCapacity(members)
    }

    /// The next member and its time, if any is scheduled.
    var top: (time: Int64, member: Int32)? { heap.first }

    /// The member at heap position `i` (1, 2: the root's children, one of which runs next
    /// unless the top one stays first), or −1: a fleet run prefetches their state while the
    /// top one runs.
    func following(_ i: Int) -> Int32 { i < heap.count ? heap[i].member : -1 }

    /// Makes member `m` run no later than `time`: schedules it, or brings its entry forward.
    /// - Complexity: O(log n).
    mutating func wake(_ m: Int32, at time: Int64) {
        let p = Int(position[Int(m)])
        if p < 0 {
            heap.append((time, m))
            position[Int(m)] = Int32(heap.count - 1)
            siftUp(heap.count - 1)
        } else if time < heap[p].time {
            heap[p].time = time
            siftUp(p)
        }
    }

    /// Sets member `m`'s next time to `time` (nil: it has nothing left), earlier or later.
    /// - Complexity: O(log n).
    mutating func update(_ m: Int32, to time: Int64?) {
        let p = Int(position[Int(m)])
        guard let time else {
            if p >= 0 { remove(at: p) }
            return
        }
        guard p >= 0 else { wake(m, at: time); return }
        let old = heap[p].time
        heap[p].time = time
        if time < old { siftUp(p) } else { siftDown(p) }
    }

    @inline(__always) private static func before(_ a: (time: Int64, member: Int32), _ b: (time: Int64, member: Int32)) -> Bool {
        a.time < b.time || (a.time == b.time && a.member < b.member)
    }

    private mutating func remove(at p: Int) {
        position[Int(heap[p].member)] = -1
        let last = heap.removeLast()
        guard p < heap.count else { return }
        heap[p] = last
        position[Int(last.member)] = Int32(p)
        siftUp(p)
        siftDown(Int(position[Int(last.member)]))
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        let moving = heap[i]
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.before(moving, heap[parent]) else { break }
            heap[i] = heap[parent]
            position[Int(heap[i].member)] = Int32(i)
            i = parent
        }
        heap[i] = moving
        position[Int(moving.member)] = Int32(i)
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        let moving = heap[i], n = heap.count
        while true {
            let l = 2 * i + 1
            guard l < n else { break }
            let c = l + 1 < n && Self.before(heap[l + 1], heap[l]) ? l + 1 : l
            guard Self.before(heap[c], moving) else { break }
            heap[i] = heap[c]
            position[Int(heap[i].member)] = Int32(i)
            i = c
        }
        heap[i] = moving
        position[Int(moving.member)] = Int32(i)
    }
}
