/// A `summary.csv` (of a run, a sweep or a merge) as `pushsim compare` reads it: one cell
/// per row, keyed by every column before `replications` (`variant=lossy strategy=hintPull`,
/// for a sweep `point=0 loss=0.1 variant=… strategy=…`), with its converged count and
/// replications, its rates and means (`SummaryCells+Metrics`) and, when asked, its 95%
/// intervals. Read once, in one pass (`CSVReader`); a cell is found by key in O(1).
///
/// Refused, as a `ScenarioError` naming the file, the row and the column (exit 2 in the
/// CLI), since a comparison against it would test nothing or something impossible:
/// another kind of file (a runs.csv, paired.csv or fingerprint list, named as such), a
/// header without `variant` and `strategy` before `replications` and `converged` after it,
/// no data rows, `replications` not a count in 1 … 2⁵³, `converged` not a count or more
/// than `replications`, a cell twice, an impossible value of a rate or mean
/// (`SummaryCells+Metrics`). With intervals: the old spelling `ci_low`/`ci_high`,
/// a `<metric>_ci_low` without its `<metric>_ci_high` (or the reverse), no interval at
/// all, a bound that is not a finite number, one bound empty and not the other (both empty
/// means no interval: fewer than two runs with a value), a low end above its high end.
public struct SummaryCells: Sendable {
    /// One row.
    public struct Cell: Sendable, Equatable {
        /// Every key column as `name=value`, joined by spaces.
        public var key: String
        /// The 1-based line of the row.
        public var row: Int
        /// Runs with `converged` = 1, 0 … `replications`.
        public var converged: Int
        /// Runs in the cell, 1 … 2⁵³.
        public var replications: Int
        /// The cell's interval of each metric of `SummaryCells.intervals` (same order), nil
        /// where both bounds are empty; empty unless read with intervals.
        public var intervals: [ClosedRange<Double>?]

        /// converged / replications, in [0, 1].
        public var rate: Double { Double(converged) / Double(replications) }
    }

    /// The file, as the user named it.
    public var file: String
    /// The columns before `replications`, which key a cell.
    public var keyColumns: [String]
    /// The metrics with an interval (`convergence_rate` for the pair
    /// `convergence_rate_ci_low`/`_ci_high`), in header order; empty unless read with intervals.
    public var intervals: [String]
    /// The rates `compare` tests (`SummaryCells+Metrics`), `convergence_rate` first.
    public var rates: [Rate] = []
    /// The means with an interval and a known n that `compare` tests.
    public var means: [Mean] = []
    /// Mean columns without an interval (no standard error: not tested), in header order.
    public var withoutInterval: [String] = []
    /// Means with an interval but no n (no `<mean>_runs` column, and runs may lack a value).
    public var withoutCount: [String] = []
    /// The cells, in file order (at least one).
    public var cells: [Cell]
    private var rows: [String: Int] = [:]
    /// Every cell's count of each rate, `rates.count` a cell, in cell order (flat: no array per cell).
    var rateCounts: [Int] = []
    /// Every cell's figures of each mean: mean, low, high, runs with a value; NaN where empty.
    var meanFigures: [Double] = []

    /// The cell keyed `key`, or nil.
    public func cell(_ key: String) -> Cell? { rows[key].map { cells[$0] } }

    /// The position in `cells` of the cell keyed `key`, or nil.
    public func index(_ key: String) -> Int? { rows[key] }

    /// The count of runs of rate `r` (of `rates`) in the cell at position `c`.
    public func count(cell c: Int, rate r: Int) -> Int { rateCounts[c * rates.count + r] }

    /// Mean `m` (of `means`) of the cell at position `c`; nil where no run has a value.
    public func mean(cell c: Int, _ m: Int) -> MeanValue? {
        let i = (c * means.count + m) * 4
        guard !meanFigures[i].isNaN else { return nil }
        return MeanValue(mean: meanFigures[i], interval: meanFigures[i + 1].isNaN ? nil : meanFigures[i + 1]...meanFigures[i + 2],
                         runs: Int(meanFigures[i + 3]))
    }

    /// Reads the summary `bytes` named `file`; with `intervals`, every interval too.
    /// - Throws: `ScenarioError` at the row and column of the first problem (above).
    public static func read(_ bytes: [UInt8], file: String, intervals withIntervals: Bool) throws(ScenarioError) -> SummaryCells {
        var out = SummaryCells(file: file, keyColumns: [], intervals: [], cells: [])
        var replications = 0, converged = 0, bounds: [(low: Int, high: Int)] = []
        var metrics = MetricColumns()
        try CSVReader.read(bytes, file: file, header: { (r: CSVReader) throws(ScenarioError) in
            guard let rep = r.column("replications"), let conv = r.column("converged"), r.column("variant") != nil, r.column("strategy") != nil else {
                if let kind = r.kind, !kind.hasPrefix("a summary") {
                    throw r.error(row: 1, "\(kind), not a summary.csv" + (kind.contains("runs.csv") || kind.contains("fingerprint")
                        ? "; compare runs with --paired or --fingerprints" : ""))
                }
                let missing = ["variant", "strategy", "replications", "converged"].filter { r.column($0) == nil }
                throw r.error(row: 1, "not a summary.csv: no \(missing.joined(separator: ", ")) column\(missing.count == 1 ? "" : "s")")
            }
            for name in ["variant", "strategy"] where r.column(name)! > rep {
                throw r.error(row: 1, column: r.column(name)!, "a key column after replications (the key columns come first)")
            }
            guard conv > rep else { throw r.error(row: 1, column: conv, "converged before replications (a summary has it after)") }
            (replications, converged) = (rep, conv)
            out.keyColumns = Array(r.header[..<rep])
            if withIntervals { (out.intervals, bounds) = try intervalColumns(r, after: rep) }
            metrics = metricColumns(r, after: rep)
            (out.rates, out.means) = (metrics.rates, metrics.means)
            (out.withoutInterval, out.withoutCount) = (metrics.withoutInterval, metrics.withoutCount)
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            let n = try record.count(replications)
            guard n >= 1 else { throw record.error(replications, "expected at least 1 replication, got 0") }
            let x = try record.count(converged)
            guard x <= n else { throw record.error(converged, "\(x) converged runs, more than the cell's \(n) replications") }
            var cell = Cell(key: (0..<replications).map { "\(out.keyColumns[$0])=\(record[$0])" }.joined(separator: " "),
                            row: record.row, converged: x, replications: n, intervals: [])
            for (low, high) in bounds { cell.intervals.append(try interval(record, low, high)) }
            try readMetrics(record, metrics, replications: n, counts: &out.rateCounts, figures: &out.meanFigures)
            if let first = out.rows.updateValue(out.cells.count, forKey: cell.key) {
                throw record.error(nil, "the cell \(cell.key) again (first in row \(out.cells[first].row)); a summary has each cell once")
            }
            out.cells.append(cell)
        })
        guard !out.cells.isEmpty else {
            throw ScenarioError(file: file, path: "row 1", message: "a header and no cells: a summary has at least one, and an empty one would pass any comparison")
        }
        return out
    }

    /// Checks that `current` can be compared with `baseline`: the same key columns.
    /// - Throws: `ScenarioError` at row 1 of `current` otherwise.
    public static func checkComparable(_ baseline: SummaryCells, _ current: SummaryCells) throws(ScenarioError) {
        guard baseline.keyColumns == current.keyColumns else {
            throw ScenarioError(file: current.file, path: "row 1", message: "its cells are keyed by \(current.keyColumns.joined(separator: ", ")), "
                                + "but \(baseline.file)'s by \(baseline.keyColumns.joined(separator: ", ")): not summaries of the same plan")
        }
    }

    /// The interval pairs after column `rep`: (metric, low column, high column).
    private static func intervalColumns(_ r: CSVReader, after rep: Int) throws(ScenarioError) -> ([String], [(low: Int, high: Int)]) {
        var metrics: [String] = [], pairs: [(low: Int, high: Int)] = []
        for c in rep..<r.header.count {
            let name = r.header[c]
            if name == "ci_low" || name == "ci_high" {
                throw r.error(row: 1, column: c, "the old interval spelling (ci_low, ci_high); every interval is now a pair <metric>_ci_low, "
                              + "<metric>_ci_high: rewrite this summary with the current pushsim (make baseline)")
            }
            if name.hasSuffix("_ci_low") {
                let metric = String(name.dropLast("_ci_low".count))
                guard let high = r.column(metric + "_ci_high") else { throw r.error(row: 1, column: c, "no column \(metric)_ci_high to pair it with") }
                metrics.append(metric)
                pairs.append((c, high))
            } else if name.hasSuffix("_ci_high"), r.column(String(name.dropLast("_ci_high".count)) + "_ci_low") == nil {
                throw r.error(row: 1, column: c, "no column \(name.dropLast("_ci_high".count))_ci_low to pair it with")
            }
        }
        guard !metrics.isEmpty else {
            throw r.error(row: 1, "no interval (no <metric>_ci_low and <metric>_ci_high columns): nothing for --intervals to compare")
        }
        return (metrics, pairs)
    }

    /// The interval in columns `low`, `high` of `record`: nil when both are empty.
    private static func interval(_ record: CSVRecord, _ low: Int, _ high: Int) throws(ScenarioError) -> ClosedRange<Double>? {
        switch (try record.number(low), try record.number(high)) {
        case (nil, nil): return nil
        case let (l?, h?):
            guard l <= h else { throw record.error(low, "the interval's low end \(record[low]) is above its high end \(record[high])") }
            return l...h
        case (nil, _?): throw record.error(low, "empty while the interval's high end is not")
        case (_?, nil): throw record.error(high, "empty while the interval's low end is not")
        }
    }
}
