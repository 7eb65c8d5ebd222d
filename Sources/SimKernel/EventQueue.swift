/// Identifies one scheduled event, so that it can be cancelled with `EventQueue.cancel(_:)`.
///
/// The sequence number is the event's insertion order in its queue: 0 for the first event
/// scheduled after `init` or `reset()`, then 1, 2, ... with no gaps. An ID is meaningful
/// only for the queue that returned it, and only until that queue's next `reset()`.
public struct EventID: Hashable, Sendable, BitwiseCopyable {
    /// Insertion order of the event in its queue (0-based, dense, unique until `reset()`).
    public let sequence: UInt64

    @inlinable init(sequence: UInt64) { self.sequence = sequence }
}

/// The simulation kernel's event list: a clock (`now`) and the events scheduled after it.
///
/// **Ordering.** Events run in increasing order of (time, owner, rank, tier, insertion
/// sequence): at an equal time the lower `owner` first, then the lower `rank`, then the
/// lower `tier`; equal in all of those, FIFO. The owner is the queue's `owner` when the
/// event is scheduled: one queue holds the events of many entities (a fleet's recipients),
/// which run entity by entity at an equal time, each entity's own events in the order a
/// queue of its own would give them. A model of one entity leaves `owner` at 0. Tiers name
/// classes of simultaneous events (0 … 15; the default, `lastTier`, runs last); a drawn
/// rank puts an event after every rank-0 event of its time and owner (PushSim: the arrival
/// order of push copies; docs/model.md, Event order). Owner and rank are compared as one
/// 64-bit word. The order depends on nothing else (no hashing, payload or address), so the
/// same schedule calls always give the same run.
///
/// **Time never moves back.** `now` starts at `.zero` and only grows: popping sets it to
/// the event's time, and `next(until:)` with nothing left at or before the horizon moves
/// it to the horizon. Scheduling before `now` is a broken invariant and traps.
///
/// **Shuffled ties (checks only).** `shuffleTies(salt:)` replaces FIFO among events equal in
/// (time, owner, rank, tier) by a pseudo-random order fixed by the salt and the owner's own
/// count of scheduled events (`ownerSequence`). Off by default.
///
/// **Cancellation is lazy.** `cancel(_:)` marks an event in O(1); the entry is discarded
/// when it reaches the front. `pendingCount` never counts it.
///
/// Storage is a binary min-heap in one array of plain entries (time, sequence, owner and
/// rank, payload). `reset()` empties the queue but keeps its capacity.
///
/// **Staged events.** Events of rank 0 scheduled between `beginStaging()` and
/// `endStaging()` (a run's timeline, drawn before it starts; stagings nest, so a fleet
/// stages every recipient's timeline and sorts once) go to a second list, sorted once when
/// staging ends, of 32-byte entries without a rank (PushSim's event: 40 in the heap); a
/// ranked event goes to the heap. Popping from the list is O(1). `next(until:)` returns the
/// earlier of the two heads by the one order, so staging never changes which event runs
/// when. Staged into segments (`beginStaging(segments:of:)`), the list is one window of
/// time after another, each sorted when reached and freed when passed.
///
/// Units: times are `SimTime`, durations `SimDuration` (integer microseconds). The "n" in
/// the complexity notes is the number of heap entries, cancelled ones not yet discarded
/// included.
public struct EventQueue<Payload> {
    /// One heap slot. Ordered by `(time, owner, rank, tier, sequence)`.
    @usableFromInline
    struct Entry {
        @usableFromInline var time: Int64
        /// The tier in the high 4 bits; the insertion sequence in the low 40 bits; with
        /// shuffled ties, a pseudo-random key in the 20 bits between (0 otherwise), which
        /// orders equal (time, owner, rank, tier).
        @usableFromInline var sequence: UInt64
        /// The owner in the high 32 bits, the rank in the low 32: one comparison orders both.
        @usableFromInline var order: UInt64
        @usableFromInline var payload: Payload

        @inlinable init(time: Int64, owner: UInt32, rank: UInt32, sequence: UInt64, payload: Payload) {
            self.time = time
            self.sequence = sequence
            self.order = UInt64(owner) << 32 | UInt64(rank)
            self.payload = payload
        }

        /// Whether `self` runs before `other`: by time, then owner and rank (`order`), then
        /// tier, shuffled key and insertion (`sequence`).
        @inlinable func runsBefore(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && (order < other.order || (order == other.order && sequence < other.sequence)))
        }

        /// The insertion sequence (the event's ID); the tier, rank and owner it was scheduled with.
        @inlinable var id: UInt64 { sequence & EventQueue.sequenceMask }
        @inlinable var tier: UInt8 { UInt8(truncatingIfNeeded: sequence >> EventQueue.tierShift) }
        @inlinable var rank: UInt32 { UInt32(truncatingIfNeeded: order) }
        @inlinable var owner: UInt32 { UInt32(truncatingIfNeeded: order >> 32) }
    }

    /// `Entry.sequence`'s bits: the insertion sequence (0 … 39; 2^40 sequences would need a
    /// 256 GiB flag bitmap), the shuffled-ties key (40 … 59), the tier (60 … 63).
    @usableFromInline static var sequenceMask: UInt64 { (1 << 40) - 1 }
    @usableFromInline static var shuffleMask: UInt64 { ((1 << 60) - 1) & ~sequenceMask }
    @usableFromInline static var tierShift: UInt64 { 60 }
    /// The highest tier (15), and the default: it runs after every other at an equal time.
    public static var lastTier: UInt8 { 15 }

    /// Binary min-heap by `Entry.runsBefore`: `heap[0]` is the next entry to leave.
    @usableFromInline var heap: [Entry] = []
    /// The staged events, sorted once staging ends; `lane[laneNext...]` are pending (those
    /// popped or discarded stay below `laneNext` until `reset()`, a staging or a segment).
    @usableFromInline var lane: [StagedEntry] = []
    /// The first pending entry of `lane` (`lane.count` when none is left).
    @usableFromInline var laneNext = 0
    /// The staged segments after `lane` (`beginStaging(segments:of:)`), each one window of
    /// time, the next one last (while staging: in time order), each sorted when it becomes
    /// `lane`. Outside staging, empty unless `lane` has a pending entry or a segment is held.
    @usableFromInline var laneLater: [[StagedEntry]] = []
    /// Staging into segments (or segments held), the window of one (µs) and their count; 0 otherwise.
    @usableFromInline var segment: Int64 = 0
    @usableFromInline var segments = 0
    /// `beginStaging()` calls not yet ended: `schedule` stages while above 0.
    @usableFromInline var stagingDepth = 0
    @usableFromInline var staging: Bool { stagingDepth > 0 }
    /// The owner `schedule` gives the events it schedules (0 until set).
    public var owner: UInt32 = 0
    /// Staged into segments: the first segment the list may not reach yet (`hold(from:)`;
    /// beside `owner`, in what would be padding).
    @usableFromInline var heldFrom = Int32.max
    /// Two bits per sequence (32 a word, one line per pop): bit 2·(s mod 32) once the entry
    /// has left (popped or discarded, "retired"), bit 2·(s mod 32) + 1 while it is pending
    /// and cancelled; both while it is reserved and not staged yet (`reserve()`).
    @usableFromInline var flags: [UInt64] = []
    /// Pending entries that are cancelled (their cancelled bit is set).
    @usableFromInline var cancelledCount = 0
    /// The sequence the next scheduled event gets.
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var _now = SimTime.zero
    @usableFromInline var _eventsPopped = 0
    /// 0: ties run FIFO; otherwise the salt of the pseudo-random tie order.
    @usableFromInline var tieSalt: UInt64 = 0
    /// The owner's count of events scheduled so far, which keys the shuffled tie order; a
    /// list lent to many owners is given each one's count for its turn (a fleet keeps them).
    public var ownerSequence: UInt64 = 0

    /// Creates an empty queue with `now == .zero`.
    /// - Parameter reservingCapacity: number of simultaneously scheduled events to make room
    ///   for up front (≥ 0); the queue still grows past it.
    /// - Complexity: O(`reservingCapacity`).
    @inlinable
    public init(reservingCapacity: Int = 64) {
        precondition(reservingCapacity >= 0, "EventQueue: negative capacity \(reservingCapacity)")
        heap.reserveCapacity(reservingCapacity)
        if reservingCapacity > 0 { flags.reserveCapacity(reservingCapacity / 32 + 1) }
    }

    /// The current simulated time: the last popped event's, or the last horizon reached with
    /// nothing left to run. Starts at `.zero`; never decreases (except by `reset()`).
    @inlinable public var now: SimTime { _now }

    /// How many sequences have been issued: the sequence the next scheduled event gets.
    @inlinable public var issuedCount: UInt64 { nextSequence }

    /// Events `next(until:)` has returned since `init` or `reset()` (cancelled ones not counted).
    @inlinable public var eventsPopped: Int { _eventsPopped }

    /// The number of events scheduled, not yet popped, and not cancelled (reserved places not
    /// staged yet are not counted, `reserve()`).
    /// - Complexity: O(1), plus O(g) for g staged segments ahead.
    @inlinable public var pendingCount: Int {
        heap.count + lane.count - laneNext + laneLater.reduce(0) { $0 + $1.count } - cancelledCount
    }

    /// Whether no live event is pending (`pendingCount == 0`).
    @inlinable public var isEmpty: Bool { pendingCount == 0 }

    /// The time, owner and rank of the earliest live event (the one `next(until:)` returns
    /// next), or `nil` if none is pending; discards cancelled entries at the front.
    /// - Precondition: not staging (the staged list is sorted only when staging ends).
    /// - Complexity: O(1), plus O(log n) per cancelled entry discarded.
    @inlinable public var nextKey: (time: SimTime, owner: UInt32, rank: UInt32)? {
        mutating get {
            precondition(!staging, "EventQueue: the next event read while staging; call endStaging() first")
            discardCancelledHead()
            return head.map { (SimTime(microseconds: $0.time), $0.owner, $0.rank) }
        }
    }

    /// The time of the earliest live event (`nextKey`'s), or `nil` if none is pending.
    @inlinable public var nextTime: SimTime? { mutating get { nextKey?.time } }

    /// Schedules `payload` to run at `time`, in the last tier with rank 0 (see below).
    @inlinable @discardableResult
    public mutating func schedule(at time: SimTime, _ payload: Payload) -> EventID {
        schedule(at: time, tier: Self.lastTier, rank: 0, payload)
    }

    /// Schedules `payload` to run at `time` in `tier` with `rank`, for the current `owner`:
    /// among events equal in (time, owner, rank, tier) after every one already scheduled
    /// (or in the shuffled order, `shuffleTies(salt:)`).
    /// - Parameters:
    ///   - tier: 0 … `lastTier` (15): the class of simultaneous events it belongs to.
    ///   - rank: any `UInt32` (0 by default); a higher rank runs after every lower one.
    /// - Precondition: `time >= now` (scheduling into the past is a broken invariant);
    ///   `tier <= lastTier`.
    /// - Returns: the event's ID, for `cancel(_:)`.
    /// - Complexity: O(log n) amortized.
    @inlinable @discardableResult
    public mutating func schedule(at time: SimTime, tier: UInt8, rank: UInt32 = 0, _ payload: Payload) -> EventID {
        precondition(time >= _now, "EventQueue: scheduling at \(time) s, before now (\(_now) s)")
        precondition(tier <= Self.lastTier, "EventQueue: tier \(tier) is past the last tier (\(Self.lastTier))")
        let (sequence, own) = issue()
        let entry = Entry(time: time.microseconds, owner: owner, rank: rank, sequence: key(sequence, own, tier), payload: payload)
        if staging && rank == 0 {
            if segment > 0 { stage(inSegment: StagedEntry(entry)) } else { lane.append(StagedEntry(entry)) }
        } else {
            heap.append(entry)
            siftUp(heap.count - 1)
        }
        return EventID(sequence: sequence)
    }

    /// Issues the next sequence and owner sequence.
    @inlinable mutating func issue() -> (sequence: UInt64, own: UInt64) {
        defer { (nextSequence, ownerSequence) = (nextSequence &+ 1, ownerSequence &+ 1) }
        if nextSequence & 31 == 0 { flags.append(0) }
        return (nextSequence, ownerSequence)
    }

    /// The order key of `sequence` in `tier`: with shuffled ties, owner sequence `own`'s
    /// pseudo-random key between the two.
    @inlinable func key(_ sequence: UInt64, _ own: UInt64, _ tier: UInt8) -> UInt64 {
        (tieSalt == 0 ? sequence : Self.shuffled(own, salt: tieSalt) & Self.shuffleMask | sequence) | UInt64(tier) << Self.tierShift
    }

    /// Cancels a pending event: it will never be returned by `next(until:)`. Lazy: the
    /// entry is marked, and discarded when it reaches the front. May be called while staging.
    /// - Returns: `true` if the event was pending; `false` if it already ran, was already
    ///   cancelled, is a reserved place (`reserve()`), or was never issued since `reset()`.
    /// - Complexity: O(1).
    @inlinable @discardableResult
    public mutating func cancel(_ id: EventID) -> Bool {
        let sequence = id.sequence
        guard sequence < nextSequence, !isRetired(sequence), !isCancelled(sequence) else { return false }
        flags[Int(truncatingIfNeeded: sequence >> 5)] |= 2 << ((sequence & 31) * 2)
        cancelledCount += 1
        return true
    }

    /// Pops the earliest live event at or before `horizon`, sets `now` to its time, and
    /// returns its payload; with none, returns `nil` and, unless `horizon` is
    /// `.distantFuture`, sets `now` to `max(now, horizon)`. Later events stay pending.
    /// - Complexity: O(log n), plus O(log n) per cancelled entry discarded.
    /// - Precondition: not staging (`endStaging()` was called after `beginStaging()`).
    @inlinable
    public mutating func next(until horizon: SimTime) -> Payload? {
        precondition(!staging, "EventQueue: next(until:) while staging; call endStaging() first")
        if cancelledCount > 0 { discardCancelledHead() }   // the common case calls nothing
        let fromLane = laneHeadIsFirst
        guard let head = fromLane ? lane[laneNext].entry : heap.first, head.time <= horizon.microseconds else {
            if horizon != .distantFuture, horizon > _now { _now = horizon }
            return nil
        }
        return pop(head, fromLane: fromLane)
    }

    /// The same for `owner`'s turn: pops the earliest live event if it is at or before
    /// `horizon` and of `owner`; otherwise returns `nil` and changes nothing (`now` stays).
    @inlinable
    public mutating func next(until horizon: SimTime, owner: UInt32) -> Payload? {
        precondition(!staging, "EventQueue: next(until:owner:) while staging; call endStaging() first")
        if cancelledCount > 0 { discardCancelledHead() }
        let fromLane = laneHeadIsFirst
        guard let head = fromLane ? lane[laneNext].entry : heap.first, head.time <= horizon.microseconds,
              head.owner == owner else { return nil }
        return pop(head, fromLane: fromLane)
    }

    /// Takes `head` (the staged list's or the heap's) out, retires it, moves `now` to it.
    @inlinable @inline(__always)
    mutating func pop(_ head: Entry, fromLane: Bool) -> Payload {
        let entry: Entry
        if fromLane { entry = head; passLaneHead() } else { entry = removeMin() }
        assert(entry.time >= _now.microseconds, "EventQueue: time moved back")
        markRetired(entry.id)
        _now = SimTime(microseconds: entry.time)
        _eventsPopped += 1
        return entry.payload
    }

    /// Empties the queue for reuse, keeping its capacity: as `init` leaves it but `owner` and
    /// the tie salt. IDs issued before are invalid.
    /// - Complexity: O(n).
    @inlinable
    public mutating func reset() {
        heap.removeAll(keepingCapacity: true)
        lane.removeAll(keepingCapacity: true)
        flags.removeAll(keepingCapacity: true)
        (laneNext, laneLater, segment, segments, stagingDepth, heldFrom) = (0, [], 0, 0, 0, .max)
        (cancelledCount, nextSequence, ownerSequence, _now, _eventsPopped) = (0, 0, 0, .zero, 0)
    }
}

extension EventQueue: Sendable where Payload: Sendable {}
extension EventQueue.Entry: Sendable where Payload: Sendable {}
