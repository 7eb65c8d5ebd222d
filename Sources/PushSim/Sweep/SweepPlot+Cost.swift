/// A sweep's `cost.*`: the sweep's cost (`SweepSpec.cost`, default `mean_pulls`) on x
/// against staleness on y (mean stale screen time; mean freshness p95), one point per
/// point of the sweep and series, both 95% intervals as bars where the columns have them.
/// A panel per variant and staleness measure, on shared axes. A series' points are joined
/// in the order of the first axis, and its first and last points are labelled with their
/// first-axis value (every point, for a categorical axis), so labels do not pile up. The
/// panel's Pareto front (lower cost and lower staleness are better, over every point of the
/// panel) is ringed and joined: where the axes are choices (a strategy's parameters) it is
/// the set worth choosing from; where an axis is a condition (a loss rate), read it per value.
extension SweepPlot {
    static func costFigure(_ m: SweepManifest, _ table: PlotTable, _ first: FirstAxis, size: FigureSize) -> GnuplotFigure {
        let cost = m.plotCost ?? "mean_pulls"
        let variants = table.unique("variant"), keys = seriesKeys(m, table)
        let measures = RunPlot.staleness.filter { table.has($0.0) }
        var panels: [(variant: Int, measure: Int, panel: GnuplotFigure.Panel)] = []
        for (k, (column, label)) in measures.enumerated() {
            let yRange = table.range([column])
            for (v, variant) in variants.enumerated() {
                var series: [GnuplotFigure.Series] = []
                var all: [GnuplotFigure.Point] = []
                for (s, key) in keys.enumerated() {
                    let rows = table.rows.filter { table.text($0, "variant") == variant && seriesKey(m, table, $0) == key }
                        .sorted { first.value($0, table) < first.value($1, table) }
                    var points: [GnuplotFigure.Point] = []
                    for row in rows {
                        guard let x = table.value(row, cost), let y = table.value(row, column) else { continue }
                        points.append(GnuplotFigure.Point(x: x.y, y: y.y, low: y.low, high: y.high, xLow: x.low, xHigh: x.high,
                                                          label: table.text(row, first.column)))
                    }
                    for i in points.indices where !first.categorical && i != 0 && i != points.count - 1 { points[i].label = nil }
                    // Labelled points that coincide share one label ("15s, 30m"), so no label hides another.
                    for i in points.indices where points[i].label != nil {
                        for j in points.indices where j > i && points[j].label != nil && points[j].x == points[i].x && points[j].y == points[i].y {
                            points[i].label! += ", " + points[j].label!
                            points[j].label = nil
                        }
                    }
                    all += points
                    series.append(GnuplotFigure.Series(title: key, style: s, look: first.categorical ? .points : .linesPoints, points: points))
                }
                series.append(RunPlot.front(all))
                let title = variants.count > 1 ? "\(variant): \(label)" : label
                panels.append((v, k, GnuplotFigure.Panel(title: title, series: series, yRange: yRange)))
            }
        }
        let byMeasure = variants.count <= GnuplotFigure.Layout.maxColumns(size.width)
        let ordered = byMeasure ? panels.map(\.panel) : panels.sorted { ($0.variant, $0.measure) < ($1.variant, $1.measure) }.map(\.panel)
        let labelled = first.categorical ? "each point labelled with its \(first.name)" : "lines follow \(first.name) from the first to the last labelled value"
        return GnuplotFigure(name: "cost", title: "\(m.name): cost (\(cost)) against staleness, a point per sweep point and series",
                             panels: ordered, columns: byMeasure && variants.count > 1 ? variants.count : measures.count,
                             x: .numeric(label: label(cost), log: false, tics: nil, range: table.range([cost])), yLabel: "", yRange: nil,
                             size: size, note: "bars: 95% intervals; \(labelled); ringed: the panel's Pareto front "
                                 + "(no other point is as good on both and better on one)")
    }
}
