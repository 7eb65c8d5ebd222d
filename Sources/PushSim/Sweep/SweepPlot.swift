/// The gnuplot script written beside a sweep's `summary.csv` (`plot.gp`, data inline).
/// `gnuplot plot.gp`, run in the results folder, draws two figures, each as SVG, PNG and PDF:
///
/// - `rate.*`: the sweep's metric (`SweepSpec.metric`, default `convergence_rate`, with its
///   95% interval as error bars when it has one) against the first axis;
/// - `cost.*`: the sweep's cost (`SweepSpec.cost`, default `mean_pulls`) against the metric,
///   each point labelled with its value of the first axis.
///
/// One panel per (variant, strategy), rows in scenario order, so no series hides another;
/// within a panel, one series per combination of the further axes of a grid (zipped axes
/// vary together and split nothing). The x axis shows the swept values as tics: numbers as
/// they are, durations in seconds, minutes or hours (the unit in the axis label), anything
/// else by position. A numeric or duration axis of at least three positive values that is
/// geometric (a `factor` range) or spans a factor of 20 or more is drawn on a log scale.
enum SweepPlot {
    static func script(_ m: SweepManifest, summary rows: [[String]], header: [String]? = nil) -> String {
        let header = header ?? m.summaryHeader
        func col(_ name: String) -> Int? { header.firstIndex(of: name) }
        // The axes, each with the column of its seconds when it is a duration axis.
        var axes: [(name: String, column: Int, seconds: Int?)] = []
        for (i, name) in m.axisNames.enumerated() where !(i > 0 && name == m.axisNames[i - 1] + "_s") {
            let seconds = i + 1 < m.axisNames.count && m.axisNames[i + 1] == name + "_s" ? i + 2 : nil
            axes.append((name, i + 1, seconds))
        }
        let first = axes[0]
        let metric = m.plotMetric ?? "convergence_rate", cost = m.plotCost ?? "mean_pulls"
        let labels = unique(rows.map { $0[first.column] })
        let numeric = labels.allSatisfy { Double($0) != nil }
        let position = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let secondsValues = first.seconds.map { s in rows.map { Double($0[s])! } } ?? []
        let scale = (secondsValues.max() ?? 0) >= 7200 ? (3600.0, "h") : (secondsValues.max() ?? 0) >= 120 ? (60.0, "min") : (1.0, "s")
        func xValue(_ row: [String]) -> Double {
            if numeric { return Double(row[first.column])! }
            if let s = first.seconds { return Double(row[s])! / scale.0 }
            return Double(position[row[first.column]]!)
        }
        let xs = unique(rows.map(xValue)).sorted()
        let categorical = !numeric && first.seconds == nil
        let log = !categorical && xs.count >= 3 && xs[0] > 0 && (xs.last! / xs[0] >= 20 || isGeometric(xs))
        let tics: [(Double, String)]? = labels.count <= 12 ? labels.map { l in (xValue(rows.first { $0[first.column] == l }!), l) } : nil
        // Tics show the values as written ("10m"); without them a duration axis names its unit.
        let unit = first.seconds == nil || tics != nil ? "" : " (\(scale.1))"
        let xLabel = first.name + unit + (log ? " (log scale)" : "")
        let x: GnuplotFigure.XAxis = categorical ? .categories(label: first.name, names: labels) : .numeric(label: xLabel, log: log, tics: tics)

        // Panels per (variant, strategy); series per value of the further grid axes.
        let variant = col("variant")!, strategy = col("strategy")!
        var panelKeys: [String] = [], seriesKeys: [String: [String]] = [:], points: [String: [[String]]] = [:]
        for row in rows {
            let panel = row[variant] + " · " + row[strategy]
            let series = m.zipped ? "" : axes.dropFirst().map { "\($0.name)=\(row[$0.column])" }.joined(separator: ", ")
            if seriesKeys[panel] == nil { panelKeys.append(panel); seriesKeys[panel] = [] }
            if !seriesKeys[panel]!.contains(series) { seriesKeys[panel]!.append(series) }
            points[panel + "\u{0}" + series, default: []].append(row)
        }
        let strategies = unique(rows.map { $0[strategy] }).count
        let columns = min(max(strategies, 1), 4)
        func figure(name: String, title: String, x: GnuplotFigure.XAxis, y: String, yRange: ClosedRange<Double>?, lines: Bool,
                    point: ([String]) -> (x: Double, y: Double, low: Double?, high: Double?, label: String?)?) -> GnuplotFigure {
            let panels = panelKeys.map { key in
                GnuplotFigure.Panel(title: key, series: seriesKeys[key]!.map { s in
                    GnuplotFigure.Series(title: s, points: points[key + "\u{0}" + s]!.compactMap(point).sorted { $0.x < $1.x })
                })
            }
            return GnuplotFigure(name: name, title: title, panels: panels, columns: columns, x: x, yLabel: y, yRange: yRange, lines: lines)
        }
        let (m0, low, high) = (col(metric)!, col(metric + "_ci_low"), col(metric + "_ci_high"))
        let isRate = metric.hasSuffix("rate") || metric.hasSuffix("_fraction")
        let rate = figure(name: "rate", title: "\(m.name): \(metric) against \(first.name)" + (low == nil ? "" : " (95% interval)"),
                          x: x, y: label(metric), yRange: isRate ? -0.03...1.05 : nil, lines: !categorical) { row in
            guard let y = Double(row[m0]) else { return nil }
            return (xValue(row), y, low.flatMap { Double(row[$0]) }, high.flatMap { Double(row[$0]) }, nil)
        }
        let c0 = col(cost)!
        // One y range for every panel, so panels compare; from 0 for a cost that cannot be negative.
        let costs = rows.compactMap { Double($0[c0]) }
        let (lowest, highest) = (min(0, costs.min() ?? 0), max(costs.max() ?? 1, (costs.min() ?? 0) + 1e-9))
        let margin = max((highest - lowest) * 0.08, 0.5)
        let costFigure = figure(name: "cost", title: "\(m.name): \(cost) against \(metric), points labelled with \(first.name)",
                                x: .numeric(label: label(metric), log: false, tics: nil, range: isRate ? -0.03...1.05 : nil),
                                y: label(cost), yRange: (lowest < 0 ? lowest - margin : lowest)...(highest + margin), lines: !categorical) { row in
            guard let x = Double(row[m0]), let y = Double(row[c0]) else { return nil }
            return (x, y, nil, nil, row[first.column])
        }
        // Points that coincide share one label ("1, 2, 4"), so no label hides another.
        var merged = costFigure
        for p in merged.panels.indices {
            for s in merged.panels[p].series.indices {
                var out: [(x: Double, y: Double, low: Double?, high: Double?, label: String?)] = []
                var at: [String: Int] = [:]
                for point in merged.panels[p].series[s].points {
                    let key = "\(point.x) \(point.y)"
                    if let i = at[key] {
                        out[i].label = [out[i].label, point.label].compactMap { $0 }.joined(separator: ", ")
                    } else { at[key] = out.count; out.append(point) }
                }
                merged.panels[p].series[s].points = out
            }
        }
        return "# Written by pushsim for the sweep \(GnuplotFigure.quoted(m.name)). Run: gnuplot plot.gp (in this folder);\n"
            + "# it writes rate.svg/png/pdf and cost.svg/png/pdf.\n" + rate.script() + merged.script()
    }

    /// A column name with its unit, e.g. `mean_freshness_p95_s` → `mean_freshness_p95_s (s)`.
    static func label(_ column: String) -> String { column.hasSuffix("_s") ? column + " (s)" : column }

    /// The distinct values in order of first appearance.
    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Positive values, sorted, with a constant ratio (within 1%) and not all equal.
    private static func isGeometric(_ xs: [Double]) -> Bool {
        let ratios = zip(xs.dropFirst(), xs).map { $0 / $1 }
        guard let r = ratios.first, r > 1.01 else { return false }
        return ratios.allSatisfy { abs($0 / r - 1) < 0.01 }
    }
}
