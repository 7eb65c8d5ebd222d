/// The gnuplot script written beside a sweep's `summary.csv` (`plot.gp`, data inline).
/// `gnuplot plot.gp`, run in the results folder, draws two figures, each as SVG, PNG and PDF:
///
/// - `compare.*`: each measure against the first axis: the sweep's metric
///   (`SweepSpec.metric`, default `convergence_rate`), mean stale screen time, mean
///   freshness p95 and the sweep's cost (`SweepSpec.cost`, default `mean_pulls`), with their
///   95% intervals where they have one. A panel per measure and variant, the strategies
///   overlaid in each, and one y range per measure, so panels compare at a glance.
/// - `cost.*`: cost against staleness (`SweepPlot+Cost`).
///
/// Within a panel, one series per strategy, or per strategy and combination of the further
/// axes of a grid (zipped axes vary together and split nothing); a series keeps its colour
/// and marker in every panel, and one legend names them. The x axis shows the swept values
/// as tics: numbers as they are, durations in seconds, minutes or hours (the unit in the
/// axis label), anything else by position. A numeric or duration axis of at least three
/// positive values that is geometric (a `factor` range) or spans a factor of 20 or more is
/// drawn on a log scale.
enum SweepPlot {
    /// The first axis as the plots draw it.
    struct FirstAxis {
        let name: String
        /// Its column (the value label) and, for a duration axis, its seconds column.
        let column: String, seconds: String?
        private(set) var axis: GnuplotFigure.XAxis
        /// Values are categories (neither numbers nor durations).
        let categorical: Bool
        private let position: [String: Int]
        private let scale: Double

        init(_ m: SweepManifest, _ table: PlotTable) {
            let names = m.axisNames
            let name = names[0], seconds = names.count > 1 && names[1] == names[0] + "_s" ? names[1] : nil
            let labels = table.unique(name)
            let numeric = labels.allSatisfy { Double($0) != nil }
            let largest = seconds.map { s in table.rows.compactMap { Double(table.text($0, s)) }.max() ?? 0 } ?? 0
            let unit = largest >= 7200 ? (3600.0, "h") : largest >= 120 ? (60.0, "min") : (1.0, "s")
            self.name = name; column = name; self.seconds = seconds
            categorical = !numeric && seconds == nil
            scale = numeric || seconds == nil ? 1 : unit.0
            position = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
            axis = .categories(label: name, names: labels)
            guard !categorical else { return }
            let xs = Array(Set(table.rows.map { value($0, table) })).sorted()
            let log = xs.count >= 3 && xs[0] > 0 && (xs.last! / xs[0] >= 20 || Self.isGeometric(xs))
            let tics: [(Double, String)]? = labels.count <= 12
                ? labels.map { l in (value(table.rows.first { table.text($0, name) == l }!, table), l) } : nil
            // Tics show the values as written ("10m"); without them a duration axis names its unit.
            let suffix = seconds == nil || tics != nil ? "" : " (\(unit.1))"
            axis = .numeric(label: name + suffix + (log ? " (log scale)" : ""), log: log, tics: tics)
        }

        /// A row's x: the number, the duration in the axis unit, or the category's position.
        func value(_ row: [String], _ table: PlotTable) -> Double {
            if let v = Double(table.text(row, column)) { return v }
            if let seconds, let v = Double(table.text(row, seconds)) { return v / scale }
            return Double(position[table.text(row, column)] ?? 0)
        }

        /// Positive values, sorted, with a constant ratio (within 1%) and not all equal.
        static func isGeometric(_ xs: [Double]) -> Bool {
            let ratios = zip(xs.dropFirst(), xs).map { $0 / $1 }
            guard let r = ratios.first, r > 1.01 else { return false }
            return ratios.allSatisfy { abs($0 / r - 1) < 0.01 }
        }
    }

    static func script(_ m: SweepManifest, summary rows: [[String]], header: [String]? = nil, size: FigureSize = .text) -> String {
        let table = PlotTable(header: header ?? m.summaryHeader, rows: rows)
        let first = FirstAxis(m, table)
        return "# Written by pushsim for the sweep \(GnuplotFigure.quoted(m.name)). Run: gnuplot plot.gp (in this folder);\n"
            + "# it writes compare.svg/png/pdf and cost.svg/png/pdf.\n"
            + compare(m, table, first, size: size).script() + costFigure(m, table, first, size: size).script()
    }

    /// The series of a row: its strategy, with the further grid axes' values.
    static func seriesKey(_ m: SweepManifest, _ table: PlotTable, _ row: [String]) -> String {
        let further = m.zipped ? [] : m.axisNames.dropFirst().enumerated().filter { i, name in
            !(name.hasSuffix("_s") && m.axisNames[i] + "_s" == name)
        }.map { "\($1)=\(table.text(row, $1))" }
        return ([table.text(row, "strategy")] + further).joined(separator: ", ")
    }

    /// The measures of `compare.*`: the sweep's metric, the staleness measures, its cost.
    static func measures(_ m: SweepManifest, _ table: PlotTable) -> [String] {
        var out: [String] = []
        for c in [m.plotMetric ?? "convergence_rate", "mean_stale_screen_s", "mean_freshness_p95_s", m.plotCost ?? "mean_pulls"]
        where table.has(c) && !out.contains(c) { out.append(c) }
        return out
    }

    static func compare(_ m: SweepManifest, _ table: PlotTable, _ first: FirstAxis, size: FigureSize) -> GnuplotFigure {
        let variants = table.unique("variant"), keys = seriesKeys(m, table)
        let step = first.categorical && keys.count > 1 ? min(0.6 / Double(keys.count - 1), 0.2) : 0
        var panels: [(variant: Int, measure: Int, panel: GnuplotFigure.Panel)] = []
        for (k, measure) in measures(m, table).enumerated() {
            let isRate = measure.hasSuffix("rate") || measure.hasSuffix("_fraction")
            let yRange = table.range([measure], clamp: isRate ? -0.03...1.05 : nil)
            for (v, variant) in variants.enumerated() {
                let series = keys.enumerated().map { s, key in
                    GnuplotFigure.Series(title: key, style: s, look: first.categorical ? .points : .linesPoints,
                                         points: table.rows.filter { table.text($0, "variant") == variant && seriesKey(m, table, $0) == key }
                        .compactMap { row -> GnuplotFigure.Point? in
                            guard let value = table.value(row, measure) else { return nil }
                            let x = first.value(row, table) + (Double(s) - Double(keys.count - 1) / 2) * step
                            return GnuplotFigure.Point(x: x, y: value.y, low: value.low, high: value.high)
                        }.sorted { $0.x < $1.x })
                }
                let title = title(measure) + (variants.count > 1 ? " · \(variant)" : "")
                panels.append((v, k, GnuplotFigure.Panel(title: title, series: series, yRange: yRange)))
            }
        }
        // A row per measure when the variants fit side by side, else the variants one after another.
        let byMeasure = variants.count > 1 && variants.count <= GnuplotFigure.Layout.maxColumns(size.width)
        let ordered = byMeasure ? panels.map(\.panel) : panels.sorted { ($0.variant, $0.measure) < ($1.variant, $1.measure) }.map(\.panel)
        return GnuplotFigure(name: "compare", title: "\(m.name): each measure against \(first.name), strategies overlaid", panels: ordered,
                             columns: byMeasure ? variants.count : 2, x: first.axis, yLabel: "", yRange: nil, size: size,
                             note: "bars: 95% intervals (a bar shorter than its marker shows as its caps); one y range per measure")
    }

    /// The distinct series keys, in order of first appearance.
    static func seriesKeys(_ m: SweepManifest, _ table: PlotTable) -> [String] {
        var seen = Set<String>()
        return table.rows.map { seriesKey(m, table, $0) }.filter { seen.insert($0).inserted }
    }

    /// A panel title for a summary column: what it is, with its unit.
    static func title(_ column: String) -> String {
        if let known = RunPlot.measures.first(where: { $0.0 == column }) { return known.1 }
        return label(column)
    }

    /// A column name with its unit, e.g. `mean_freshness_p95_s` → `mean_freshness_p95_s (s)`.
    static func label(_ column: String) -> String { column.hasSuffix("_s") ? column + " (s)" : column }
}
