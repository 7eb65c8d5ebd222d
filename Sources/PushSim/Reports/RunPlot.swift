/// The gnuplot script written beside a run's `summary.csv` (`plot.gp`, data inline):
/// `gnuplot plot.gp` in the folder draws two figures, each as SVG, PNG and PDF:
///
/// - `compare.*`: one panel per measure (convergence rate, mean stale screen time, mean
///   freshness p95, mean pulls per run), the variants along x and the strategies overlaid
///   side by side in each, with their 95% intervals, so strategies compare at a glance on
///   one y range per measure;
/// - `cost.*`: cost against staleness, one point per strategy (mean pulls per run against
///   mean stale screen time, and against mean freshness p95), both 95% intervals as bars,
///   the Pareto front ringed and joined (`ParetoFront`), one panel per variant and measure
///   on shared axes.
///
/// A strategy has the same colour and marker in every panel; one legend names them.
enum RunPlot {
    /// The measures of `compare.*`, in panel order: (summary column, panel title). Each has
    /// its interval in `<column>_ci_low` / `_ci_high`.
    static let measures = [("convergence_rate", "convergence rate"),
                           ("mean_stale_screen_s", "stale screen, mean (s)"),
                           ("mean_freshness_p95_s", "freshness p95, mean (s)"),
                           ("mean_pulls", "pulls per run, mean")]

    /// The cost figure's staleness measures (y), in row order, and its cost (x).
    static let staleness = [("mean_stale_screen_s", "stale screen (s)"), ("mean_freshness_p95_s", "freshness p95 (s)")]
    static let cost = ("mean_pulls", "pulls per run, mean")

    /// - Parameters:
    ///   - rows: `summary.csv`'s rows (header `SummaryTable.columns`), in file order.
    ///   - runs: what a cell's runs are, after their count in the title: a study's
    ///     replications, a fleet's runs (one per recipient and fleet replication, the rows
    ///     of `runs.csv`).
    ///   - size: the figures' physical size.
    static func script(name: String, summary rows: [[String]], runs: String = "replications", size: FigureSize = .text) -> String {
        let table = PlotTable(header: SummaryTable.columns, rows: rows)
        let replications = rows.first.map { table.text($0, "replications") } ?? "0"
        let figures = [compare(name: name, table, subtitle: "\(replications) \(runs) per cell", size: size),
                       costFigure(name: name, table, size: size)]
        return "# Written by pushsim for the scenario \(GnuplotFigure.quoted(name)). Run: gnuplot plot.gp (in this folder);\n"
            + "# it writes compare.svg/png/pdf and cost.svg/png/pdf.\n" + figures.map { $0.script() }.joined()
    }

    /// `compare.*`: a panel per measure, variants along x, strategies side by side.
    static func compare(name: String, _ table: PlotTable, subtitle: String, size: FigureSize) -> GnuplotFigure {
        let (variants, strategies) = (table.unique("variant"), table.unique("strategy"))
        let n = strategies.count
        let step = n > 1 ? min(0.6 / Double(n - 1), 0.2) : 0
        let panels = measures.map { column, title in
            GnuplotFigure.Panel(title: title, series: strategies.enumerated().map { s, strategy in
                GnuplotFigure.Series(title: strategy, style: s, points: table.rows.filter { table.text($0, "strategy") == strategy }.compactMap { row in
                    guard let v = table.value(row, column) else { return nil }
                    let x = Double(variants.firstIndex(of: table.text(row, "variant"))!) + (Double(s) - Double(n - 1) / 2) * step
                    return GnuplotFigure.Point(x: x, y: v.y, low: v.low, high: v.high)
                })
            }, yRange: table.range([column], clamp: column == "convergence_rate" ? -0.03...1.05 : nil))
        }
        return GnuplotFigure(name: "compare", title: "\(name): strategies compared per variant, \(subtitle)", panels: panels, columns: 2,
                             x: .categories(label: "variant", names: variants), yLabel: "", yRange: nil, size: size,
                             note: "bars: 95% intervals (Wilson for the rate, Student t for means); a bar shorter than its marker shows as its caps")
    }

    /// `cost.*`: per variant and staleness measure, each strategy's mean pulls against
    /// its mean staleness, the Pareto front marked.
    static func costFigure(name: String, _ table: PlotTable, size: FigureSize) -> GnuplotFigure {
        let (variants, strategies) = (table.unique("variant"), table.unique("strategy"))
        var panels: [(variant: Int, measure: Int, panel: GnuplotFigure.Panel)] = []
        for (m, (column, label)) in staleness.enumerated() {
            let yRange = table.range([column])
            for (v, variant) in variants.enumerated() {
                let cells = table.rows.filter { table.text($0, "variant") == variant }
                var series: [GnuplotFigure.Series] = []
                var points: [GnuplotFigure.Point] = []
                for (s, strategy) in strategies.enumerated() {
                    guard let row = cells.first(where: { table.text($0, "strategy") == strategy }),
                          let x = table.value(row, cost.0), let y = table.value(row, column) else { continue }
                    let point = GnuplotFigure.Point(x: x.y, y: y.y, low: y.low, high: y.high, xLow: x.low, xHigh: x.high)
                    series.append(GnuplotFigure.Series(title: strategy, style: s, points: [point]))
                    points.append(point)
                }
                series.append(front(points))
                panels.append((v, m, GnuplotFigure.Panel(title: "\(variant): \(label)", series: series, yRange: yRange)))
            }
        }
        // A row per measure when the variants fit side by side, else a row per variant.
        let byMeasure = GnuplotFigure.Layout.maxColumns(size.width) >= variants.count
        let ordered = byMeasure ? panels.map(\.panel) : panels.sorted { ($0.variant, $0.measure) < ($1.variant, $1.measure) }.map(\.panel)
        return GnuplotFigure(name: "cost", title: "\(name): cost against staleness, one point per strategy", panels: ordered,
                             columns: byMeasure && variants.count > 1 ? variants.count : staleness.count,
                             x: .numeric(label: cost.1, log: false, tics: nil, range: table.range([cost.0])), yLabel: "", yRange: nil, size: size,
                             note: "bars: 95% intervals of both means; ringed: the Pareto front (no other strategy is as good on both and better on one)")
    }

    /// The Pareto-optimal points of `points` (lower cost and staleness are better) as a
    /// front series, in x order.
    static func front(_ points: [GnuplotFigure.Point]) -> GnuplotFigure.Series {
        let optimal = ParetoFront.indices(points.map { (x: $0.x, y: $0.y) })
        return GnuplotFigure.Series(title: "Pareto front", look: .front,
                                    points: optimal.map { GnuplotFigure.Point(x: points[$0].x, y: points[$0].y) })
    }
}
