import Foundation

/// Compares every confidence interval of two `summary.csv` files, cell by cell, and lists
/// those that moved: present in both files and not overlapping. Used to check that a
/// result does not depend on an arbitrary choice, e.g. the order of equal-time events
/// (`--shuffle-ties`, `make check-determinism`).
///
/// An interval is a pair of columns `<metric>_ci_low` / `<metric>_ci_high`
/// (`convergence_rate_ci_low`, `mean_freshness_p50_s_ci_low`, …). Cells are keyed by
/// every column before `replications` (as `pushsim compare` does); cells missing from
/// either file are skipped. Non-overlap of two 95% intervals is a conservative test: it
/// flags clear moves only.
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
    /// - Throws: `ScenarioError` at `$` naming the file when a text is not a summary.
    public static func moves(baseline: String, _ baselineName: String, current: String, _ currentName: String) throws(ScenarioError) -> [Move] {
        let a = try table(baseline, baselineName), b = try table(current, currentName)
        var out: [Move] = []
        let rowsB = Dictionary(b.rows.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (key, rowA) in a.rows {
            guard let rowB = rowsB[key] else { continue }
            for (name, low, high) in a.intervals {
                guard let lowB = b.header.firstIndex(of: a.header[low]), let highB = b.header.firstIndex(of: a.header[high]),
                      let x = range(rowA[low], rowA[high]), let y = range(rowB[lowB], rowB[highB]) else { continue }
                if x.upperBound < y.lowerBound || y.upperBound < x.lowerBound {
                    out.append(Move(cell: key, metric: name, before: x, after: y))
                }
            }
        }
        return out
    }

    private static func range(_ low: String, _ high: String) -> ClosedRange<Double>? {
        guard let l = Double(low), let h = Double(high), l <= h else { return nil }
        return l...h
    }

    private static func table(_ text: String, _ name: String) throws(ScenarioError)
        -> (header: [String], rows: [(key: String, value: [String])], intervals: [(String, Int, Int)]) {
        let rows = CSV.parse(text)
        guard let header = rows.first, let r = header.firstIndex(of: "replications") else {
            throw ScenarioError(file: name, path: "$", message: "not a summary.csv (no replications column)")
        }
        var intervals: [(String, Int, Int)] = []
        for (i, column) in header.enumerated() where column.hasSuffix("_ci_low") {
            let metric = String(column.dropLast("_ci_low".count))
            guard let j = header.firstIndex(of: metric + "_ci_high") else { continue }
            intervals.append((metric, i, j))
        }
        let cells = try rows.dropFirst().map { row throws(ScenarioError) -> (key: String, value: [String]) in
            guard row.count == header.count else { throw ScenarioError(file: name, path: "$", message: "a row does not match the header") }
            return (zip(header[..<r], row[..<r]).map { "\($0)=\($1)" }.joined(separator: " "), row)
        }
        return (header, cells, intervals)
    }
}
