import Foundation

/// Compares every confidence interval of two `summary.csv` files, cell by cell, and lists
/// those that moved: present in both files and not overlapping. Used to check that a
/// result does not depend on an arbitrary choice, e.g. the order of equal-time events
/// (`--shuffle-ties`, `make check-determinism`).
///
/// An interval is a pair of columns `<metric>_ci_low` / `<metric>_ci_high`
/// (`convergence_rate_ci_low`, `mean_freshness_p50_s_ci_low`, …). Cells are keyed by
/// every column before `replications` (as `pushsim compare` does); cells missing from
/// either file are skipped here (`pushsim compare` names the baseline's missing cells).
/// Both files are checked as `SummaryCells` reads them, so an inverted or NaN interval, the
/// old `ci_low` spelling or a summary without intervals is refused, not skipped.
/// Non-overlap of two 95% intervals is a conservative test: it flags clear moves only.
public enum IntervalComparison {
    /// One interval that moved.
    public struct Move: Sendable, Equatable, CustomStringConvertible {
        /// The cell, e.g. `variant=lossy strategy=hintPull`.
        public var cell: String
        /// The metric: the bound's column name without `_ci_low` (`convergence_rate`).
        public var metric: String
        public var before: ClosedRange<Double>
        public var after: ClosedRange<Double>

        public var description: String {
            "\(cell): \(metric) [\(before.lowerBound), \(before.upperBound)] → [\(after.lowerBound), \(after.upperBound)]"
        }
    }

    /// The moved intervals between two summaries given as CSV text, in the baseline's
    /// cell order, then column order.
    /// - Throws: `ScenarioError` naming the file, row and column when a text is not a
    ///   summary with intervals (`SummaryCells`), or as `moves(baseline:current:)`.
    public static func moves(baseline: String, _ baselineName: String, current: String, _ currentName: String) throws(ScenarioError) -> [Move] {
        try moves(baseline: try SummaryCells.read(Array(baseline.utf8), file: baselineName, intervals: true),
                  current: try SummaryCells.read(Array(current.utf8), file: currentName, intervals: true))
    }

    /// The moved intervals between two summaries read with their intervals, in the
    /// baseline's cell order, then column order. O(cells × intervals): each cell is found
    /// by key.
    /// - Throws: `ScenarioError` at row 1 of `current` when its cells have other key
    ///   columns, or it lacks an interval the baseline has.
    public static func moves(baseline a: SummaryCells, current b: SummaryCells) throws(ScenarioError) -> [Move] {
        try SummaryCells.checkComparable(a, b)
        let positions = Dictionary(b.intervals.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let other = try a.intervals.map { metric throws(ScenarioError) -> Int in
            guard let j = positions[metric] else {
                throw ScenarioError(file: b.file, path: "row 1", message: "no columns \(metric)_ci_low and \(metric)_ci_high, which \(a.file) has")
            }
            return j
        }
        var out: [Move] = []
        for cellA in a.cells {
            guard let cellB = b.cell(cellA.key) else { continue }
            for (i, metric) in a.intervals.enumerated() {
                guard let x = cellA.intervals[i], let y = cellB.intervals[other[i]] else { continue }
                if x.upperBound < y.lowerBound || y.upperBound < x.lowerBound {
                    out.append(Move(cell: cellA.key, metric: metric, before: x, after: y))
                }
            }
        }
        return out
    }
}
