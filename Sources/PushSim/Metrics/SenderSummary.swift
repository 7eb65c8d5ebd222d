/// The sender figures of one (variant, strategy) cell, accumulated run by run.
public struct SenderSummary: Sendable {
    /// Sums of the counts of `SenderColumns.countNames`, in that order.
    public private(set) var totals = [Int](repeating: 0, count: SenderColumns.countNames.count)
    /// Sum of the lateness after wake over every run.
    public private(set) var latenessTotal = SimDuration.zero
    /// Deferred rows accepted after their wake time, over every run.
    public private(set) var wokenAccepted = 0
    /// The largest lateness after wake of any run (`nil` when none).
    public private(set) var latenessMax: SimDuration?
    /// The most attempts any row of any run used.
    public private(set) var attemptsMax = 0
    /// Messages and provider requests over every run (attempts per message).
    public private(set) var messages = 0
    public private(set) var pushesSent = 0

    public init() {}

    /// The total of one of `SenderColumns.countNames` by its `runs.csv` name, e.g. `"messages_lost"`.
    public func total(_ name: String) -> Int { totals[SenderColumns.countNames.firstIndex(of: name)!] }

    /// Adds one run.
    public mutating func add(_ o: RunOutcome) {
        let s = o.sender
        totals.withUnsafeMutableBufferPointer { t in
            var i = 0
            s.forEachCount { t[i] += $0; i += 1 }
        }
        latenessTotal = latenessTotal + s.counters.latenessTotal
        wokenAccepted += s.counters.wokenAccepted
        if let m = s.counters.latenessMax { latenessMax = max(latenessMax ?? m, m) }
        attemptsMax = max(attemptsMax, s.counters.attemptsMax)
        messages += s.messages
        pushesSent += o.pushesSent
    }
}
