/// The result of one replication of one (variant, strategy).
public struct RunOutcome: Sendable, Equatable, BitwiseCopyable {
    /// Whether the client's state equals the server's at the horizon.
    public var converged: Bool
    /// Time from the last server change until the client's state last became equal to the
    /// server's (0 when it already matched at that change); `nil` when not converged.
    public var convergenceTime: SimDuration?
    /// The client's cursor at the horizon.
    public var finalCursor: Int64
    /// Pushes sent (= the sum of `outcomes`).
    public var pushesSent: Int
    /// Pushes per final outcome, indexed by `PushOutcome.rawValue`.
    public var outcomes: FixedCounts
    /// Delivered pushes per delay reason (indexed by `DelayReason.rawValue`; may overlap).
    public var delays: FixedCounts
    /// Delivered pushes with no delay reason.
    public var deliveredNoDelay: Int
    /// Rejections per `SendError` (in `SendError.allCases` order).
    public var rejections: FixedCounts
    /// Extra copies made by transport duplication.
    public var duplicates: Int
    /// Device, app, sender and message counts.
    public var counts: Counts
    /// How late deferred rows were accepted (the sender's quiet-hours deferrals).
    public var lateness = DeferralLateness()
    /// What the user saw (freshness, stale screen, regressions, notifications).
    public var experience: ExperienceOutcome
    /// Send → arrival and send → display latency quantiles over the run's messages.
    public var latencies = MessageLatencies()
    /// The run's event fingerprint (`RunFingerprint`).
    public var fingerprint: RunFingerprint

    /// Count of one outcome.
    public subscript(_ o: PushOutcome) -> Int { outcomes[o.rawValue] }
    /// One count (device, app, sender or message).
    public subscript(_ c: Count) -> Int { counts[c] }
    /// Count of one delay reason.
    public subscript(_ d: DelayReason) -> Int { delays[d.rawValue] }

    public init(converged: Bool, convergenceTime: SimDuration?, finalCursor: Int64, ledger: PushLedger, counts: Counts,
                experience: ExperienceOutcome = ExperienceOutcome(), fingerprint: RunFingerprint = RunFingerprint()) {
        self.experience = experience; self.fingerprint = fingerprint
        self.converged = converged; self.convergenceTime = convergenceTime; self.finalCursor = finalCursor
        pushesSent = ledger.count
        outcomes = ledger.outcomeCounts()
        let d = ledger.delayCounts()
        delays = d.reasons; deliveredNoDelay = d.noDelay
        rejections = ledger.rejections
        duplicates = ledger.duplicatesMade
        self.counts = counts
    }
}

/// Tracks whether the client's state equals the server's, incrementally: it keeps a count
/// of keys that differ and the time since which the count has been zero.
///
/// - Complexity: O(1) per write on either side.
public struct ConvergenceTracker: Sendable {
    /// Keys whose client value differs from the server value.
    public private(set) var mismatches = 0
    /// Since when the two states have been equal (`nil` while they differ).
    public private(set) var matchingSince: SimTime? = .zero

    public init() {}

    /// Records that one side's value for a key changed from `old` to `new` while the other
    /// side holds `other`, at time `now`.
    public mutating func update(old: Int64, new: Int64, other: Int64, now: SimTime) {
        let was = old == other, isNow = new == other
        if was == isNow { return }
        mismatches += was ? 1 : -1
        if mismatches == 0 { matchingSince = now } else if was && mismatches == 1 { matchingSince = nil }
    }
}
