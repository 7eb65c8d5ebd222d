import Foundation

/// The columns of `summary.csv`: one row per (variant, strategy), in scenario order.
public enum SummaryTable {
    /// The header row, in order.
    public static let columns = [
        "variant", "strategy", "replications", "converged", "convergence_rate", "ci_low", "ci_high",
        "convergence_time_p50_s", "convergence_time_p95_s",
    ] + RunMetrics.all.map { ($0.aggregate == .total ? "total_" : "mean_") + $0.name } + ["rejected_codes"]
        + SenderColumns.summaryColumns + ExperienceColumns.summaryColumns

    /// A number with six decimals (C `%.6f`: the same bytes on every run).
    public static func number(_ x: Double) -> String { String(format: "%.6f", x) }

    /// One row's fields.
    public static func fields(_ s: CellSummary) -> [String] {
        let ci = s.interval
        var f = [s.variant, s.strategy, String(s.replications), String(s.converged),
                 number(s.convergenceRate), number(ci.low), number(ci.high)]
        f.append(s.convergenceTimeQuantile(0.5).map(number) ?? "")
        f.append(s.convergenceTimeQuantile(0.95).map(number) ?? "")
        for (i, m) in RunMetrics.all.enumerated() {
            f.append(m.aggregate == .total ? String(s.sums[i]) : number(s.replications == 0 ? 0 : Double(s.sums[i]) / Double(s.replications)))
        }
        f.append(RunMetrics.rejectionCodes(s.rejections))
        return f + SenderColumns.summaryFields(s.sender) + ExperienceColumns.summaryFields(s.experience)
    }

    /// The summary as an aligned text table for a terminal.
    public static func text(_ cells: [CellSummary]) -> String {
        let header = ["variant", "strategy", "converged", "rate", "95% CI", "pulls/run", "t50 (s)", "t95 (s)"]
        let rows = cells.map { s -> [String] in
            let ci = s.interval
            return [s.variant, s.strategy, "\(s.converged)/\(s.replications)", String(format: "%.3f", s.convergenceRate),
                    String(format: "[%.3f, %.3f]", ci.low, ci.high), String(format: "%.2f", s.mean("pulls")),
                    s.convergenceTimeQuantile(0.5).map { String(format: "%.2f", $0) } ?? "-",
                    s.convergenceTimeQuantile(0.95).map { String(format: "%.2f", $0) } ?? "-"]
        }
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        let numeric = Set(2..<header.count)
        func line(_ r: [String]) -> String {
            r.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - r[i].count)
                return numeric.contains(i) ? pad + r[i] : r[i] + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
