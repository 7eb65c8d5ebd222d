/// The gnuplot script written beside a run's `summary.csv` (`plot.gp`, data inline):
/// `gnuplot plot.gp` in the folder draws `rate.svg`, `rate.png` and `rate.pdf`, the
/// convergence rate of every strategy with its 95% Wilson interval, one panel per variant.
enum RunPlot {
    /// - Parameters:
    ///   - rows: `summary.csv`'s rows (header `SummaryTable.columns`), in file order.
    ///   - runs: what a cell's runs are, after their count in the title: a study's
    ///     replications, a fleet's runs (one per recipient and fleet replication, the rows
    ///     of `runs.csv`).
    static func script(name: String, summary rows: [[String]], runs: String = "replications") -> String {
        let header = SummaryTable.columns
        func col(_ c: String) -> Int { header.firstIndex(of: c)! }
        var variants: [String] = [], strategies: [String] = []
        for row in rows {
            if !variants.contains(row[col("variant")]) { variants.append(row[col("variant")]) }
            if !strategies.contains(row[col("strategy")]) { strategies.append(row[col("strategy")]) }
        }
        let panels = variants.map { v in
            GnuplotFigure.Panel(title: v, series: [GnuplotFigure.Series(title: "", points: rows.filter { $0[col("variant")] == v }.map { row in
                (Double(strategies.firstIndex(of: row[col("strategy")])!), Double(row[col("convergence_rate")])!,
                 Double(row[col("convergence_rate_ci_low")]), Double(row[col("convergence_rate_ci_high")]), nil)
            })])
        }
        let replications = rows.first.map { $0[col("replications")] } ?? "0"
        let figure = GnuplotFigure(name: "rate", title: "\(name): convergence rate, 95% Wilson interval, \(replications) \(runs)",
                                   panels: panels, columns: min(variants.count, 3), x: .categories(label: "strategy", names: strategies),
                                   yLabel: "convergence rate", yRange: -0.03...1.05, lines: false)
        return "# Written by pushsim for the scenario \(GnuplotFigure.quoted(name)). Run: gnuplot plot.gp (in this folder);\n"
            + "# it writes rate.svg, rate.png and rate.pdf.\n" + figure.script()
    }
}
