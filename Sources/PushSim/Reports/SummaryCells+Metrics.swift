/// The metrics of a `summary.csv` that `pushsim compare` tests (`SummaryComparison`), found
/// from the header and read from every row with the cell's counts.
///
/// - Rates: the run rates of the column table (`Columns.runs`, every `.runRate` rule) whose
///   count column the header has: `converged` (`convergence_rate`), `runs_with_regression`
///   (`regression_run_rate`), `runs_with_stale_notification`, …; a count must lie in
///   0 … `replications`.
/// - Means: every column `<m>` with both `<m>_ci_low` and `<m>_ci_high` that is not a rate
///   (`mean_stale_screen_s`, `mean_freshness_p95_s`, …). Its n is `replications` when the
///   column table says every run has a value (`mean_stale_screen_s`), else the column
///   `<m>_runs` (runs with a value); a mean with neither is listed in `withoutCount`, not
///   read. A mean column without an interval (`mean_copies_arrived`) is listed in
///   `withoutInterval`: summary.csv holds no standard error for it.
///
/// A mean's fields are checked as they are read (a `ScenarioError` at the row and column):
/// finite numbers; empty exactly when no run has a value (its interval and n then empty or
/// 0); an interval both bounds or neither (neither: one run with a value), low ≤ mean ≤
/// high; n a count within 0 … `replications`, at least 2 with an interval and 1 without.
extension SummaryCells {
    /// A rate: its name (`convergence_rate`) and the column counting its runs (`converged`).
    public struct Rate: Sendable, Equatable {
        public var name: String
        public var runs: String
    }

    /// A mean with a 95% Student-t interval (`mean_stale_screen_s`) and the column of its n:
    /// `replications`, or `<name>_runs`.
    public struct Mean: Sendable, Equatable {
        public var name: String
        public var runs: String
    }

    /// One cell's value of a `Mean`.
    public struct MeanValue: Sendable, Equatable {
        /// The mean, in the column's unit.
        public var mean: Double
        /// Its 95% Student-t interval; nil with one run with a value.
        public var interval: ClosedRange<Double>?
        /// Runs with a value, ≥ 1.
        public var runs: Int
    }

    /// Where a header's metrics are.
    struct MetricColumns {
        var rates: [Rate] = [], rateColumns: [Int] = []
        var means: [Mean] = [], meanColumns: [(mean: Int, low: Int, high: Int, runs: Int?)] = []
        var withoutInterval: [String] = [], withoutCount: [String] = []
    }

    /// The table's rates, (count column, rate name), in table order (`converged` first).
    static let tableRates: [(runs: String, rate: String)] = Columns.runs.flatMap { c in
        c.summary.compactMap { rule -> (runs: String, rate: String)? in
            if case .runRate(let names) = rule { return (names.runs, names.rate) }
            return nil
        }
    }

    /// The table's means with an interval over every run of a cell (a column never empty).
    static let meansOverEveryRun: Set<String> = Set(Columns.runs.filter { c in
        c.emptyWhen == nil && c.summary.contains { if case .meanWithInterval = $0 { true } else { false } }
    }.map { "mean_\($0.stem)\($0.unitSuffix)" }).union(Columns.runs.filter { c in
        c.summary.contains { if case .meanAndInterval = $0 { true } else { false } }   // never empty (SummaryLayout checks)
    }.map { "mean_\($0.name)" })

    /// The metrics of the header of `r`, among the columns after `replications` (column `rep`).
    static func metricColumns(_ r: CSVReader, after rep: Int) -> MetricColumns {
        var m = MetricColumns()
        func after(_ name: String) -> Int? { r.column(name).flatMap { $0 > rep ? $0 : nil } }
        for (runs, rate) in tableRates {
            guard let c = after(runs) else { continue }
            m.rates.append(Rate(name: rate, runs: runs))
            m.rateColumns.append(c)
        }
        let rateNames = Set(tableRates.map(\.rate))
        for c in rep + 1 ..< r.header.count {
            let name = r.header[c]
            guard !rateNames.contains(name), !name.hasSuffix("_ci_low"), !name.hasSuffix("_ci_high"), !name.hasSuffix("_runs") else { continue }
            guard let low = after(name + "_ci_low"), let high = after(name + "_ci_high") else {
                if name.hasPrefix("mean_") { m.withoutInterval.append(name) }
                continue
            }
            if let runs = after(name + "_runs") {
                m.means.append(Mean(name: name, runs: name + "_runs"))
                m.meanColumns.append((c, low, high, runs))
            } else if meansOverEveryRun.contains(name) {
                m.means.append(Mean(name: name, runs: "replications"))
                m.meanColumns.append((c, low, high, nil))
            } else {
                m.withoutCount.append(name)
            }
        }
        return m
    }

    /// Reads the metrics `m` of `record`, a cell of `replications` runs: appends its rates'
    /// counts to `counts` and its means' figures (mean, low, high, runs; NaN where empty) to
    /// `figures`.
    /// - Throws: `ScenarioError` at the row and column of an impossible value (above).
    static func readMetrics(_ record: CSVRecord, _ m: MetricColumns, replications n: Int,
                            counts: inout [Int], figures: inout [Double]) throws(ScenarioError) {
        for (k, c) in m.rateColumns.enumerated() {
            let x = try record.count(c)
            guard x <= n else { throw record.error(c, "\(x) runs, more than the cell's \(n) replications (\(m.rates[k].name))") }
            counts.append(x)
        }
        for (mean, low, high, runsColumn) in m.meanColumns {
            let value = try record.number(mean), l = try record.number(low), h = try record.number(high)
            let runs = try runsColumn.map { c throws(ScenarioError) in try record.count(c) } ?? n
            if let runsColumn {
                guard runs <= n else { throw record.error(runsColumn, "\(runs) runs with a value, more than the cell's \(n) replications") }
                guard (runs == 0) == (value == nil) else {
                    throw record.error(runsColumn, value == nil ? "\(runs) runs with a value, but the mean is empty" : "0 runs with a value, but a mean")
                }
            }
            guard let v = value else {
                guard l == nil, h == nil else { throw record.error(l == nil ? high : low, "an interval bound without a mean") }
                guard runsColumn != nil else { throw record.error(mean, "empty, but every run has a value (\(n) replications)") }
                figures += [.nan, .nan, .nan, 0]
                continue
            }
            switch (l, h) {
            case let (l?, h?):
                guard l <= h else { throw record.error(low, "the interval's low end \(record[low]) is above its high end \(record[high])") }
                guard l <= v, v <= h else { throw record.error(mean, "the mean \(record[mean]) is outside its interval [\(record[low]), \(record[high])]") }
                guard runs >= 2 else { throw record.error(runsColumn ?? mean, "an interval over \(runs) run (it needs two)") }
                figures += [v, l, h, Double(runs)]
            case (nil, nil):
                guard runs == 1 else { throw record.error(low, "empty, but \(runs) runs have a value (only one run has no interval)") }
                figures += [v, .nan, .nan, 1]
            case (nil, _?): throw record.error(low, "empty while the interval's high end is not")
            case (_?, nil): throw record.error(high, "empty while the interval's low end is not")
            }
        }
    }
}
