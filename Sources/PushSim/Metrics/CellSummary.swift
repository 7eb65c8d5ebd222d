/// Accumulates the runs of one (variant, strategy) cell into the figures of `summary.csv`,
/// by walking the summary rules of `Columns.runs` (`SummaryLayout`).
///
/// Memory: bounded whatever the number of runs: O(columns) sums, counts, maxima and
/// running moments, plus the quantiles' histograms (exact up to 100,000 distinct values
/// per column, GSL's P² estimate past that; `RunningQuantiles`). Runs must be added in
/// report order, so that every floating-point figure is the same on every run.
public struct CellSummary: Sendable {
    public let variant: String
    public let strategy: String
    /// Runs added.
    public private(set) var replications = 0
    /// Integer sums: per summarised count or time column (microseconds), per tally label.
    private(set) var sums: [Int]
    /// Real sums (simulated hours), in run order.
    private(set) var reals: [Double]
    private(set) var moments: [RunningMoments]
    private(set) var quantiles: [RunningQuantiles]
    /// Largest value per `.max` rule (`nil` until a run has one).
    private(set) var maxima: [Int?]
    /// Runs with a value > 0, per `.runRate` rule.
    private(set) var runsWith: [Int]

    public init(variant: String, strategy: String) {
        self.variant = variant; self.strategy = strategy
        let l = SummaryLayout.shared
        sums = [Int](repeating: 0, count: l.sumCount)
        reals = [Double](repeating: 0, count: l.reals.count)
        moments = [RunningMoments](repeating: RunningMoments(), count: l.momentsCount)
        quantiles = l.quantileProbabilities.map { RunningQuantiles($0) }
        maxima = [Int?](repeating: nil, count: l.maximumCount)
        runsWith = [Int](repeating: 0, count: l.runsWithCount)
    }

    /// The cell's values of the identity columns with a `.key` rule (variant, strategy).
    var keys: [String] { [variant, strategy] }

    /// Adds one run.
    /// - Complexity: O(columns), plus O(1) expected per quantile rule.
    public mutating func add(_ o: RunOutcome) {
        replications += 1
        // Through the buffers, one uniqueness check per array: the per-run walk copies only
        // plain slot numbers and context-free closures (no reference counting).
        var totals = sums
        sums = []   // so that `totals` is the only reference: no copy
        defer { sums = totals }
        totals.withUnsafeMutableBufferPointer { sums in
            SummaryLayout.shared.feeds.withUnsafeBufferPointer { feeds in
                for k in feeds.indices {
                    let slots = feeds[k].slots
                    switch feeds[k].value {
                    case .flag(let value): add(value(o) ? 1 : 0, slots, &sums)
                    case .count(let value): add(value(o), slots, &sums)
                    case .duration(let value):
                        if let d = value(o) { add(Int(d.microseconds), slots, &sums, real: d.seconds) }
                    case .tally(_, let value):
                        let counts = value(o)
                        if let range = slots.tally { for (i, n) in zip(range, counts) { sums[i] += n } }
                    case .label, .decimal: break
                    }
                }
            }
        }
        SummaryLayout.shared.reals.withUnsafeBufferPointer { amounts in
            for i in amounts.indices { reals[i] += amounts[i](o) }
        }
    }

    /// Feeds one run's value to the slots of its column (`real`: the value the moments
    /// and quantiles see, seconds for a time).
    @inline(__always)
    private mutating func add(_ v: Int, _ f: SummaryLayout.Slots, _ sums: inout UnsafeMutableBufferPointer<Int>, real: Double? = nil) {
        let x = real ?? Double(v)
        if let i = f.sum { sums[i] += v }
        if let i = f.moments { moments[i].add(x) }
        if let i = f.quantiles { quantiles[i].add(x) }
        if let i = f.maximum { maxima[i] = Swift.max(maxima[i] ?? v, v) }
        if let i = f.runsWith, v > 0 { runsWith[i] += 1 }
    }

    /// Runs with `converged` = 1.
    public var converged: Int { runs(with: "converged") }

    /// Converged runs / replications (0 with no run).
    public var convergenceRate: Double { replications == 0 ? 0 : Double(converged) / Double(replications) }

    /// 95% Wilson score interval of the convergence rate.
    public var interval: (low: Double, high: Double) {
        Statistics.wilsonInterval(successes: converged, trials: replications, confidence: 0.95)
    }

    /// Quantile `p` (0.5 or 0.95) of the convergence time in seconds over converged runs;
    /// nil if none. Exact up to 100,000 distinct values, GSL's P² estimate past that.
    public func convergenceTimeQuantile(_ p: Double) -> Double? { quantile("convergence_time_s", p) }

    /// The sum over the runs of a summarised count or time column of `runs.csv` (a time in
    /// microseconds), e.g. `total("delivered")`.
    /// - Precondition: `column` is a count, flag or time column with a summary rule.
    public func total(_ column: String) -> Int {
        guard let i = SummaryLayout.shared.sumSlot[column] else { preconditionFailure("no summed column \(column)") }
        return sums[i]
    }

    /// The mean of a count column per run (0 with no run), e.g. `mean("pulls")`.
    public func mean(_ column: String) -> Double { replications == 0 ? 0 : Double(total(column)) / Double(replications) }

    /// Runs whose value in `column` (with a `.runRate` rule) is > 0, e.g. `runs(with: "regressions")`.
    public func runs(with column: String) -> Int {
        guard let i = SummaryLayout.shared.runsWithSlot[column] else { preconditionFailure("no run-rate column \(column)") }
        return runsWith[i]
    }

    /// Quantile `p` of a column with a `.quantiles` rule that includes `p`, over the runs
    /// with a value (seconds for a time); nil with none.
    public func quantile(_ column: String, _ p: Double) -> Double? {
        guard let i = SummaryLayout.shared.quantileSlot[column] else { preconditionFailure("no quantile column \(column)") }
        return quantiles[i].value(p)
    }

    /// Rejections per `SendError` over the runs (in `SendError.allCases` order).
    public var rejections: [Int] { Array(sums[SummaryLayout.shared.tallySlots["rejected_codes"]!]) }
}
