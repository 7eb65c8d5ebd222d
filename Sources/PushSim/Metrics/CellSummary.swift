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
        // The state is moved out for the walk (so each array is uniquely referenced: no
        // copy) and reached through its buffer: one uniqueness check per array per run,
        // not one per slot written.
        var sums = take(&self.sums), moments = take(&self.moments), quantiles = take(&self.quantiles)
        var maxima = take(&self.maxima), runsWith = take(&self.runsWith)
        defer {
            self.sums = sums; self.moments = moments; self.quantiles = quantiles
            self.maxima = maxima; self.runsWith = runsWith
        }
        sums.withUnsafeMutableBufferPointer { sums in
            moments.withUnsafeMutableBufferPointer { moments in
                quantiles.withUnsafeMutableBufferPointer { quantiles in
                    maxima.withUnsafeMutableBufferPointer { maxima in
                        runsWith.withUnsafeMutableBufferPointer { runsWith in
                            var state = State(sums: sums, moments: moments, quantiles: quantiles, maxima: maxima, runsWith: runsWith)
                            state.add(o)
                        }
                    }
                }
            }
        }
        SummaryLayout.shared.reals.withUnsafeBufferPointer { amounts in
            for i in amounts.indices { reals[i] += amounts[i].value(o) }
        }
    }

    private func take<T>(_ a: inout [T]) -> [T] {
        defer { a = [] }
        return a
    }

    /// A cell's per-run state, through its buffers, for one `add`.
    private struct State {
        let sums: UnsafeMutableBufferPointer<Int>
        let moments: UnsafeMutableBufferPointer<RunningMoments>
        let quantiles: UnsafeMutableBufferPointer<RunningQuantiles>
        let maxima: UnsafeMutableBufferPointer<Int?>
        let runsWith: UnsafeMutableBufferPointer<Int>

        /// Walks the layout's feeds kind by kind (each slot belongs to one column, so the
        /// order across columns does not matter), calling each value closure in place.
        @inline(__always)
        mutating func add(_ o: RunOutcome) {
            let l = SummaryLayout.shared
            l.flags.withUnsafeBufferPointer { f in
                for k in f.indices { let v = f[k].value(o) ? 1 : 0; add(v, f[k].slots, real: Double(v)) }
            }
            l.counts.withUnsafeBufferPointer { f in
                for k in f.indices { let v = f[k].value(o); add(v, f[k].slots, real: Double(v)) }
            }
            l.durations.withUnsafeBufferPointer { f in
                for k in f.indices { if let d = f[k].value(o) { add(Int(d.microseconds), f[k].slots, real: d.seconds) } }
            }
            l.tallies.withUnsafeBufferPointer { f in
                for k in f.indices {
                    let counts = f[k].value(o)
                    for (i, n) in zip(f[k].sums, counts) { sums[i] += n }
                }
            }
        }

        /// Feeds one run's value to the slots of its column (`real`: the value the moments
        /// and quantiles see, seconds for a time).
        @inline(__always)
        private func add(_ v: Int, _ f: SummaryLayout.Slots, real x: Double) {
            if f.sum >= 0 { sums[Int(f.sum)] += v }
            if f.moments >= 0 { moments[Int(f.moments)].add(x) }
            if f.quantiles >= 0 { quantiles[Int(f.quantiles)].add(x) }
            if f.maximum >= 0 { let i = Int(f.maximum); maxima[i] = Swift.max(maxima[i] ?? v, v) }
            if f.runsWith >= 0, v > 0 { runsWith[Int(f.runsWith)] += 1 }
        }
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
