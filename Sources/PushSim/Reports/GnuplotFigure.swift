/// A gnuplot script drawing small multiples: a figure is a grid of panels (rows × columns)
/// sharing axes' meaning, each panel one or more series, written to SVG, PNG and PDF
/// (`<name>.svg`, `.png`, `.pdf`) in the folder where gnuplot runs. Data go inline
/// (`$d<panel>_<series>` blocks, one `x y low high label` row per point), so the script is
/// the whole plot and is deterministic text.
///
/// Every series is visible by construction: series that could overlap go in panels of
/// their own, a panel's series get distinct colours, point shapes and dash patterns, and
/// a legend (only when a panel has more than one series) sits below the panel, outside
/// the data. Labels are `noenhanced`, so `_ { } ^` show as typed.
struct GnuplotFigure {
    struct Series {
        var title: String
        /// (x, y, low, high, label): low/high nil without an interval; label nil unlabelled.
        var points: [(x: Double, y: Double, low: Double?, high: Double?, label: String?)]
    }

    struct Panel {
        var title: String
        var series: [Series]
    }

    enum XAxis {
        /// Numeric x, tics at `tics` (value, label) when given, log scale when asked, a fixed
        /// range when given (else autoscaled with a margin).
        case numeric(label: String, log: Bool, tics: [(Double, String)]?, range: ClosedRange<Double>? = nil)
        /// Categories at 0, 1, …, labelled.
        case categories(label: String, names: [String])
    }

    var name: String
    var title: String
    var panels: [Panel]
    var columns: Int
    var x: XAxis
    var yLabel: String
    /// A fixed y range, e.g. 0 … 1.05 for a rate; nil: autoscale.
    var yRange: ClosedRange<Double>?
    /// Connect a series' points (false for categories).
    var lines: Bool

    /// The formats a figure is drawn in, in drawing order.
    static let formats = ["svg", "png", "pdf"]

    /// The files `plot.gp` of a run or sweep draws (`rate.*`, `cost.*`): a commit of new
    /// reports removes them (they show the old set) until they are drawn again.
    public static let figureFiles = ["rate", "cost", "timeline"].flatMap { name in formats.map { "\(name).\($0)" } }

    /// The gnuplot commands drawing the figure into `<name>.svg`, `.png` and `.pdf`.
    func script() -> String {
        var text = ""
        for (p, panel) in panels.enumerated() {
            for (s, series) in panel.series.enumerated() {
                text += "$d\(p)_\(s) << EOD\n"
                for point in series.points {
                    let fields = [Self.number(point.x), Self.number(point.y), point.low.map(Self.number) ?? "NaN",
                                  point.high.map(Self.number) ?? "NaN", Self.quoted(point.label ?? "")]
                    text += fields.joined(separator: " ") + "\n"
                }
                text += "EOD\n"
            }
        }
        let rows = (panels.count + columns - 1) / columns
        let legendRows = panels.map { $0.series.count > 1 ? ($0.series.count + 2) / 3 : 0 }.max() ?? 0
        let width = max(480, columns * 380), height = 90 + rows * (300 + legendRows * 18)
        text += "do for [fmt in \"\(Self.formats.joined(separator: " "))\"] {\n"
        text += "  if (fmt eq \"svg\") { set terminal svg size \(width),\(height) dynamic noenhanced font \"sans,11\" }\n"
        text += "  if (fmt eq \"png\") { set terminal pngcairo size \(width),\(height) noenhanced font \"sans,10\" }\n"
        text += "  if (fmt eq \"pdf\") { set terminal pdfcairo size \(Self.number(Double(width) / 96)),\(Self.number(Double(height) / 96)) "
            + "noenhanced font \"sans,8\" }\n"
        text += "  set output \"\(name).\" . fmt\n"
        text += "  set multiplot layout \(rows),\(columns) title \(Self.quoted(title))\n"
        text += "  set grid\n"
        for (p, panel) in panels.enumerated() { text += panelCommands(p, panel, lastRow: p / columns == rows - 1) }
        text += "  unset multiplot\n}\n"
        return text
    }

    private func panelCommands(_ p: Int, _ panel: Panel, lastRow: Bool) -> String {
        var text = "  set title \(Self.quoted(panel.title))\n"
        guard panel.series.contains(where: { !$0.points.isEmpty }) else {
            // No value to draw (e.g. a convergence time where no run converged): an empty frame
            // that says so, since a plot of no points would stop gnuplot and every later panel.
            return text + "  unset logscale x\n  set xrange [0:1]\n  set yrange [0:1]\n  unset key\n  set xtics autofreq norotate\n"
                + "  set xlabel \"\"\n  set ylabel \"\"\n  set label 1 \"no value\" at graph 0.5, graph 0.5 center\n"
                + "  plot NaN notitle\n  unset label 1\n"
        }
        switch x {
        case let .numeric(label, log, tics, range):
            text += "  set xlabel \(Self.quoted(lastRow ? label : ""))\n"
            text += log ? "  set logscale x\n" : "  unset logscale x\n"
            if let tics { text += "  set xtics (" + tics.map { "\(Self.quoted($0.1)) \(Self.number($0.0))" }.joined(separator: ", ") + ") rotate by 30 right\n" }
            else { text += "  set xtics autofreq norotate\n" }
            if let range { text += "  set xrange [\(Self.number(range.lowerBound)):\(Self.number(range.upperBound))]\n  set offsets 0, 0, 0, 0\n" }
            else { text += "  set autoscale x\n  set offsets graph 0.04, graph 0.04, 0, 0\n" }
        case let .categories(label, names):
            text += "  set xlabel \(Self.quoted(lastRow ? label : ""))\n  unset logscale x\n"
            text += "  set xtics (" + names.enumerated().map { "\(Self.quoted($0.element)) \($0.offset)" }.joined(separator: ", ") + ") rotate by 30 right\n"
            text += "  set xrange [-0.5:\(names.count) - 0.5]\n  set offsets 0, 0, 0, 0\n"
        }
        text += "  set ylabel \(Self.quoted(p % columns == 0 ? yLabel : ""))\n"
        text += yRange.map { "  set yrange [\(Self.number($0.lowerBound)):\(Self.number($0.upperBound))]\n" } ?? "  set autoscale y\n"
        text += panel.series.count > 1 ? "  set key outside below center horizontal maxcols 3 samplen 2\n" : "  unset key\n"
        var plots: [String] = []
        for (s, series) in panel.series.enumerated() {
            // A long series (a fleet's timeline: a point a minute) marks every n-th point only,
            // so its markers tell the series apart without smearing its line.
            let every = lines && series.points.count > 60 ? " pi \(series.points.count / 20)" : ""
            let look = "lt \(s + 1) pt \(s % 7 + 4) ps 1.4 lw 1.5 dt \(s % 5 + 1)" + every
            let hasInterval = series.points.contains { $0.low != nil }
            let title = panel.series.count > 1 ? "title \(Self.quoted(series.title))" : "notitle"
            if hasInterval { plots.append("$d\(p)_\(s) using 1:2:3:4 with yerrorbars \(look) \(title)") }
            if lines || !hasInterval {
                plots.append("$d\(p)_\(s) using 1:2 with \(lines ? "linespoints" : "points") \(look) \(hasInterval ? "notitle" : title)")
            }
            if series.points.contains(where: { $0.label != nil }) {
                // Labels right of their point, or left of it in the right half of a fixed range.
                if case let .numeric(_, _, _, range?) = x {
                    let mid = Self.number((range.lowerBound + range.upperBound) / 2)
                    plots.append("$d\(p)_\(s) using 1:2:($1 > \(mid) ? \"\" : stringcolumn(5)) with labels offset char 0.8,char 0.6 left font \",8\" notitle")
                    plots.append("$d\(p)_\(s) using 1:2:($1 > \(mid) ? stringcolumn(5) : \"\") with labels offset char -0.8,char 0.6 right font \",8\" notitle")
                } else {
                    plots.append("$d\(p)_\(s) using 1:2:5 with labels offset char 0.8,char 0.6 left font \",8\" notitle")
                }
            }
        }
        text += "  plot " + plots.joined(separator: ", \\\n    ") + "\n"
        return text
    }

    /// A number as gnuplot reads it: `%.6g`-like, without exponent surprises.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%.9g", v)
    }

    /// A gnuplot double-quoted string.
    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'") + "\""
    }
}
