import Foundation

/// Writes `summary.csv`: one row per (variant, strategy), in scenario order, one field per
/// summary column that the rules of `Columns.runs` give (`SummaryLayout`). docs/csv.md
/// describes each column.
public enum SummaryTable {
    /// The header row, in order.
    public static let columns = SummaryLayout.shared.outputs.map(\.name)

    /// A number with six decimals (C `%.6f`: the same bytes on every run).
    public static func number(_ x: Double) -> String { String(format: "%.6f", x) }

    /// One row, `prefix` fields (sweep point, axes) first, with its line ending.
    public static func record(_ s: CellSummary, prefix: [String] = []) -> String {
        var line = CSVLine(capacity: 1024)
        for p in prefix { line.append(p) }
        for o in SummaryLayout.shared.outputs { append(o.read, of: s, to: &line) }
        line.end()
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Appends one field. Decimals go through `printf` (`number`); times in the columns'
    /// exact seconds.
    private static func append(_ read: SummaryLayout.Read, of s: CellSummary, to line: inout CSVLine) {
        func decimal(_ x: Double?) { line.append(x.map(number) ?? "") }
        func rate(_ i: Int) -> Double? { s.replications == 0 ? nil : Double(s.runsWith[i]) / Double(s.replications) }
        func wilson(_ i: Int) -> (low: Double, high: Double) {
            Statistics.wilsonInterval(successes: s.runsWith[i], trials: s.replications)
        }
        // The exact mean per run (as `.mean` writes it) ± the Student-t half-width from the runs' variance.
        func meanInterval(_ i: Int, _ m: Int, _ scale: Double?) -> (low: Double, high: Double)? {
            guard s.replications >= 2, let variance = s.moments[m].variance else { return nil }
            let total = scale.map { Double(s.sums[i]) / $0 } ?? Double(s.sums[i])
            return Statistics.meanInterval(count: s.replications, mean: total / Double(s.replications), variance: variance)
        }
        func amount(_ t: SummaryLayout.Term) -> Double {
            switch t {
            case .sum(let i, let scale): scale.map { Double(s.sums[i]) / $0 } ?? Double(s.sums[i])
            case .real(let i): s.reals[i]
            }
        }
        switch read {
        case .key(let i): line.append(s.keys[i])
        case .runs: line.append(s.replications)
        case .sum(let i): line.append(s.sums[i])
        case .tally(let range, let labels): line.append(Column.tallyText(labels, Array(s.sums[range])))
        case .mean(let i, let scale):
            let total = scale.map { Double(s.sums[i]) / $0 } ?? Double(s.sums[i])
            decimal(s.replications == 0 ? 0 : total / Double(s.replications))
        case .meanLow(let i, let m, let scale): decimal(meanInterval(i, m, scale)?.low)
        case .meanHigh(let i, let m, let scale): decimal(meanInterval(i, m, scale)?.high)
        case .momentsMean(let i): decimal(s.moments[i].count == 0 ? nil : s.moments[i].mean)
        case .momentsLow(let i): decimal(s.moments[i].meanInterval()?.low)
        case .momentsHigh(let i): decimal(s.moments[i].meanInterval()?.high)
        case .momentsCount(let i): line.append(s.moments[i].count)
        case .quantile(let i, let p): decimal(s.quantiles[i].value(p))
        case .maxCount(let i): line.append(s.maxima[i] ?? 0)
        // Exact seconds; the same bytes as `%.6f` of the seconds for any time below 2⁵² µs
        // (142 years; horizons are at most 100).
        case .maxDuration(let i): line.appendSeconds(s.maxima[i].map(Int64.init))
        case .runsWith(let i): line.append(s.runsWith[i])
        case .runRate(let i): decimal(rate(i))
        case .runLow(let i): decimal(wilson(i).low)
        case .runHigh(let i): decimal(wilson(i).high)
        case .pooled(let a, let b):
            let d = amount(b)
            decimal(d > 0 ? amount(a) / d : nil)
        }
    }

    /// The summary as an aligned text table for a terminal (`SummaryText`), a row per cell.
    public static func text(_ cells: [CellSummary]) -> String {
        SummaryText.render(header: columns, rows: cells.flatMap { CSV.parse(record($0)) }, leading: ["variant", "strategy"])
    }
}
