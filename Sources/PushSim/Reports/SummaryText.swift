/// The summary as an aligned text table for a terminal, the trade-off in one line per cell:
/// the convergence rate with its interval, the cost (pulls) and the staleness the user saw
/// (stale screen time, freshness p95), then the convergence time quantiles; a short key
/// follows. `pushsim run` prints it over its cells, `pushsim sweep` over every point's
/// (the same columns after the point and its axis values). Read from `summary.csv` rows, so
/// both print what the file holds; a field that is empty there prints as `-`.
public enum SummaryText {
    /// The measured columns: (header, `summary.csv` column, `printf` format).
    static let measures: [(String, String, String)] = [
        ("pulls", "mean_pulls", "%.2f"),
        ("stale (s)", "mean_stale_screen_s", "%.2f"),
        ("fresh p95 (s)", "mean_freshness_p95_s", "%.2f"),
        ("t50 (s)", "convergence_time_p50_s", "%.2f"),
        ("t95 (s)", "convergence_time_p95_s", "%.2f"),
    ]

    /// What the columns are, printed under the table.
    public static let key = """
        rate: converged runs / runs with its 95% Wilson interval. pulls: mean pulls per run. stale: mean foreground
        seconds per run the app showed a state the server had replaced. fresh p95: mean over runs of each run's 95th
        percentile freshness latency (s). t50, t95: convergence time over the converged runs, seconds from the last
        server change to the client matching it (- none). summary.csv has every column with its 95% interval.

        """

    /// The table over `rows` (fields named by `header`, a `summary.csv`'s): the `leading`
    /// columns as they are, then the rate and the measures; at most `limit` rows, then a
    /// line saying how many more `summary.csv` has.
    /// - Precondition: `header` has every column of `measures`, `convergence_rate` and its interval.
    public static func render(header: [String], rows: [[String]], leading: [String], limit: Int = .max) -> String {
        let table = PlotTable(header: header, rows: rows)
        let heads = leading + ["rate [95% CI]"] + measures.map(\.0)
        let lines = table.rows.prefix(limit).map { row -> [String] in
            let rate = table.value(row, "convergence_rate")
            let interval = rate.flatMap { r in r.low.flatMap { low in r.high.map { String(format: "%.3f [%.3f, %.3f]", r.y, low, $0) } } }
            return leading.map { table.text(row, $0) } + [interval ?? "-"]
                + measures.map { _, column, format in table.value(row, column).map { String(format: format, $0.y) } ?? "-" }
        }
        var text = TextTable.render(header: heads, rows: lines, numeric: Set(leading.count..<heads.count))
        if table.rows.count > limit { text += "… \(table.rows.count - limit) more rows in summary.csv\n" }
        return text
    }
}
