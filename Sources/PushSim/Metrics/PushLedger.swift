/// Records the fate of every push of one run: each ends in exactly one `PushOutcome`
/// (the first one recorded; later events for the same push, such as a duplicate copy,
/// do not change it), plus any delay reasons.
///
/// Memory: per push, one byte for the outcome, one for the delay flags, and the push as
/// transmitted: 80 bytes (`StoredPush`), or, once `packPushes()` was called (a fleet's
/// worlds), a variable-length record of about 21 bytes and a 4-byte start (`PackedPushes`),
/// which costs some 150 instructions more per push to write and read back.
public struct PushLedger: Sendable {
    /// Per push (index id − 1): its outcome (-1 = not final yet) and delay-reason bits, in
    /// one array so that registering a push is one append.
    private var states: [State] = []
    /// Each push as last handed to transport (with the channel's changes, e.g. FCM's
    /// downgraded priority or default collapse key), packed; index id − 1. One of the two
    /// stores is used: `packed` when `packs`.
    private var transmitted: [StoredPush] = []
    private var packed = PackedPushes()
    private var packs = false
    /// Extra copies made by transport duplication.
    public private(set) var duplicatesMade = 0
    /// Counts per `SendError`, indexed by `SendError.allCases` order.
    public var rejections: FixedCounts {
        rejectionCounts.isEmpty ? FixedCounts(count: Self.sendErrors.count) : FixedCounts(rejectionCounts)
    }
    /// The counts behind `rejections`, allocated at the first rejection: most runs have
    /// none, and a fleet's worlds would each carry 264 bytes of zeros inline.
    private var rejectionCounts: [Int] = []
    /// What was recorded, in order, while tracing (`nil`, the default, keeps no journal).
    private var journal: [Note]?

    /// The synthesized `allCases` builds a new array on every call; these are built once.
    static let sendErrors = SendError.allCases
    static let delayReasons = DelayReason.allCases
    static let outcomeCount = PushOutcome.allCases.count

    /// What the ledger knows of one push: its outcome's raw value (-1 while not final) and
    /// its delay reasons' bits.
    struct State: Sendable {
        var outcome: Int8 = -1
        var delays: UInt8 = 0
    }

    /// One recorded fact about a push, for traces.
    public enum Note: Sendable, Equatable {
        case outcome(id: Int64, PushOutcome)
        case delay(id: Int64, DelayReason)
    }

    public init() {}

    /// An empty ledger, as `init()` gives (with the journal kept if it was), keeping the
    /// storage (for a reused world).
    public mutating func reset() {
        states.removeAll(keepingCapacity: true)
        transmitted.removeAll(keepingCapacity: true)
        packed.removeAll()
        duplicatesMade = 0
        for i in rejectionCounts.indices { rejectionCounts[i] = 0 }
        if journal != nil { journal = [] }
    }

    /// Reserves room for `pushes` pushes (the ids to come), so registering them does not
    /// grow the storage step by step.
    public mutating func reserveCapacity(_ pushes: Int) {
        states.reserveCapacity(pushes)
        if packs { packed.reserveCapacity(pushes) } else { transmitted.reserveCapacity(pushes) }
    }

    /// Keeps the pushes to come as variable-length records (`PackedPushes`): a quarter of
    /// the memory, for a world that holds its pushes beside a million others (a fleet's).
    /// - Precondition: no push recorded yet.
    public mutating func packPushes() {
        precondition(transmitted.isEmpty && packed.count == 0, "packPushes() after a push was recorded")
        transmitted = []
        packs = true
    }

    /// Starts keeping a journal of every outcome and delay reason recorded (traces only).
    public mutating func keepJournal() { journal = [] }

    /// The journal entries since the last call (empty without `keepJournal`).
    public mutating func takeJournal() -> [Note] {
        guard let j = journal, !j.isEmpty else { return [] }
        journal = []
        return j
    }

    /// Registers push `id` (ids are 1, 2, 3, … in send order).
    public mutating func sent(_ id: Int64) {
        precondition(Int(id) == states.count + 1, "push ids must be consecutive")
        states.append(State())
    }

    /// Records the push's final outcome unless it already has one. One exception: a push
    /// one copy of which arrived while the device was offline ends `delivered` if its
    /// duplicate copy is delivered later.
    /// - Returns: whether this call decided it.
    @discardableResult
    public mutating func finish(_ id: Int64, _ outcome: PushOutcome) -> Bool {
        let i = Int(id) - 1
        let old = states[i].outcome
        let supersedes = outcome == .delivered && old == Int8(PushOutcome.droppedDeviceOffline.rawValue)
        guard old < 0 || supersedes else { return false }
        states[i].outcome = Int8(outcome.rawValue)
        journal?.append(.outcome(id: id, outcome))
        return true
    }

    /// Records a rejection at send with `error`.
    public mutating func reject(_ id: Int64, _ error: SendError) { reject(id, Rejection(error)) }

    /// Records a rejection at send (error code and any `Retry-After`).
    public mutating func reject(_ id: Int64, _ rejection: Rejection) {
        guard finish(id, .rejected) else { return }
        if rejectionCounts.isEmpty { rejectionCounts = Array(repeating: 0, count: Self.sendErrors.count) }
        rejectionCounts[Self.sendErrors.firstIndex(of: rejection.error)!] += 1
    }

    /// Records `push` as handed to transport, for the deliveries of its copies.
    public mutating func record(_ push: Push) {
        let i = Int(push.id) - 1
        if packs { packed.set(i, push); return }
        let stored = StoredPush(push)
        while transmitted.count <= i { transmitted.append(stored) }
        transmitted[i] = stored
    }

    /// Push `id` as last recorded.
    /// - Precondition: `record` was called for it.
    public func push(_ id: Int64) -> Push {
        packs ? packed.push(Int(id) - 1, id: id) : transmitted[Int(id) - 1].push(id: id)
    }

    /// The server key push `id` carries (its change's key), read in place.
    /// - Precondition: `record` was called for it.
    public func key(of id: Int64) -> Int32 { packs ? packed.key(Int(id) - 1) : transmitted[Int(id) - 1].changeKey }

    /// Records one extra copy of a push made by transport duplication.
    public mutating func duplicated() { duplicatesMade += 1 }

    /// Marks a delay reason on the push, unless its fate is already decided.
    public mutating func delay(_ id: Int64, _ reason: DelayReason) {
        if states[Int(id) - 1].outcome < 0 {
            states[Int(id) - 1].delays |= reason.bit
            journal?.append(.delay(id: id, reason))
        }
    }

    /// Whether the push already has a final outcome.
    public func isFinal(_ id: Int64) -> Bool { states[Int(id) - 1].outcome >= 0 }

    /// The push's outcome (`pending` while it has none).
    public func outcome(_ id: Int64) -> PushOutcome {
        let v = states[Int(id) - 1].outcome
        return v < 0 ? .pending : PushOutcome(rawValue: Int(v))!
    }

    /// Pushes registered.
    public var count: Int { states.count }

    /// Counts per outcome, indexed by `PushOutcome.rawValue` (unfinished pushes count as pending).
    public func outcomeCounts() -> FixedCounts {
        var c = FixedCounts(count: Self.outcomeCount)
        for s in states { c[s.outcome < 0 ? PushOutcome.pending.rawValue : Int(s.outcome)] += 1 }
        return c
    }

    /// Among delivered pushes: counts per delay reason (indexed by rawValue) and those with none.
    public func delayCounts() -> (reasons: FixedCounts, noDelay: Int) {
        var c = FixedCounts(count: Self.delayReasons.count), none = 0
        for s in states where s.outcome == Int8(PushOutcome.delivered.rawValue) {
            let d = s.delays
            if d == 0 { none += 1 }
            for r in Self.delayReasons where d & r.bit != 0 { c[r.rawValue] += 1 }
        }
        return (c, none)
    }
}
