/// A gnuplot script drawing small multiples at a physical size (`FigureSize`): a figure is
/// a grid of panels, each one or more series, with one legend below the grid, written to
/// SVG, PNG and PDF (`<name>.svg`, `.png`, `.pdf`) in the folder where gnuplot runs. Data
/// go inline (`$d<panel>_<series>` blocks, one `x y low high xlow xhigh label` row per
/// point), so the script is the whole plot and is deterministic text.
///
/// Text is 8 pt (the title 9 pt) at the figure's size: the PDF's page is the size, the
/// PNG is drawn at 150 pixels per inch with fonts, lines and points scaled to match, the
/// SVG in points. A series keeps its style (colour, point shape, dash) in every panel, so
/// one legend names them all; markers are open, and interval bars (with caps) are drawn
/// over them, so a short interval still shows its caps beside the marker. Labels are
/// `noenhanced`, so `_ { } ^` show as typed.
struct GnuplotFigure {
    /// One point: (x, y), a y interval and an x interval when known, a label when wanted.
    struct Point {
        var x: Double, y: Double
        var low: Double?, high: Double?
        var xLow: Double?, xHigh: Double?
        var label: String?

        init(x: Double, y: Double, low: Double? = nil, high: Double? = nil, xLow: Double? = nil, xHigh: Double? = nil, label: String? = nil) {
            self.x = x; self.y = y; self.low = low; self.high = high; self.xLow = xLow; self.xHigh = xHigh; self.label = label
        }
    }

    /// How a series is drawn.
    enum Look {
        /// Open markers (and their intervals).
        case points
        /// Markers joined in point order (a long series marks every n-th point only).
        case linesPoints
        /// A line through the points, no markers (a reference line).
        case line
        /// A Pareto front: the points ringed and joined by a dashed staircase (`steps`),
        /// dark grey; the points are given in x order.
        case front
    }

    struct Series {
        /// The legend's name for the series (empty: not in the legend).
        var title: String
        /// The style index (colour, point shape, dash), the same in every panel.
        var style: Int
        var look: Look
        var points: [Point]

        init(title: String, style: Int = 0, look: Look = .points, points: [Point]) {
            self.title = title; self.style = style; self.look = look; self.points = points
        }
    }

    struct Panel {
        var title: String
        var series: [Series]
        /// This panel's y range (else the figure's).
        var yRange: ClosedRange<Double>?

        init(title: String, series: [Series], yRange: ClosedRange<Double>? = nil) {
            self.title = title; self.series = series; self.yRange = yRange
        }
    }

    enum XAxis {
        /// Numeric x, tics at `tics` (value, label) when given, log scale when asked, a fixed
        /// range when given (else autoscaled with a margin).
        case numeric(label: String, log: Bool, tics: [(Double, String)]?, range: ClosedRange<Double>? = nil)
        /// Categories at 0, 1, …, labelled.
        case categories(label: String, names: [String])

        var isCategorical: Bool { if case .categories = self { true } else { false } }
    }

    var name: String
    var title: String
    var panels: [Panel]
    /// Panels per row at most (fewer when the width leaves a panel under 1.6 in).
    var columns: Int
    var x: XAxis
    /// The y axis label, in the first column (empty: none).
    var yLabel: String
    /// A fixed y range for every panel without its own, e.g. 0 … 1.05 for a rate; nil: autoscale.
    var yRange: ClosedRange<Double>?
    var size: FigureSize
    /// A line under the title (what the bars are, what is ringed), or nil.
    var note: String?

    init(name: String, title: String, panels: [Panel], columns: Int, x: XAxis, yLabel: String, yRange: ClosedRange<Double>?,
         size: FigureSize = .text, note: String? = nil) {
        self.name = name; self.title = title; self.panels = panels; self.columns = columns; self.x = x; self.yLabel = yLabel
        self.yRange = yRange; self.size = size; self.note = note
    }

    /// The formats a figure is drawn in, in drawing order.
    static let formats = ["svg", "png", "pdf"]

    /// The PNG's pixels per inch.
    static let pngDPI = 150.0

    /// The files `plot.gp` of a run or sweep draws (`compare.*`, `cost.*`, a fleet's
    /// `timeline.*`; `rate.*` of earlier versions): a commit of new reports removes them
    /// (they show the old set) until they are drawn again.
    public static let figureFiles = ["rate", "compare", "cost", "timeline"].flatMap { name in formats.map { "\(name).\($0)" } }

    /// The legend's entries: each titled (style, look) once, in order of first appearance.
    var legend: [(title: String, style: Int, look: Look)] {
        var out: [(title: String, style: Int, look: Look)] = []
        for panel in panels {
            for s in panel.series where !s.title.isEmpty && !out.contains(where: { $0.title == s.title && $0.style == s.style }) {
                out.append((s.title, s.style, s.look))
            }
        }
        return out
    }

    /// The gnuplot commands drawing the figure into `<name>.svg`, `.png` and `.pdf`.
    func script() -> String {
        var text = ""
        for (p, panel) in panels.enumerated() {
            for (s, series) in panel.series.enumerated() {
                text += "$d\(p)_\(s) << EOD\n"
                for point in series.points {
                    let fields = [point.x, point.y].map(Self.number) + [point.low, point.high, point.xLow, point.xHigh].map { $0.map(Self.number) ?? "NaN" }
                        + [Self.quoted(point.label ?? "")]
                    text += fields.joined(separator: " ") + "\n"
                }
                text += "EOD\n"
            }
        }
        let layout = Layout(self)
        let (w, h) = (layout.width, layout.height)
        // Cairo sets a font of n points at n · 96/72 points (pixels at 72 per inch), hence the
        // font scale of 0.75 in the PDF, and 0.75 · dpi/72 in the PNG (whose lines and points
        // scale by dpi/72).
        let scale = Self.number(Self.pngDPI / 72), fontScale = Self.number(0.75 * Self.pngDPI / 72)
        text += "# \(Self.number(w)) × \(Self.number(h)) in; text 8 pt (title 9 pt) at that size; the PNG at \(Self.number(Self.pngDPI)) pixels per inch.\n"
        text += "do for [fmt in \"\(Self.formats.joined(separator: " "))\"] {\n"
        text += "  if (fmt eq \"svg\") { set terminal svg size \(Self.number(w * 72)),\(Self.number(h * 72)) dynamic noenhanced font \"sans,8\" linewidth 0.75 }\n"
        text += "  if (fmt eq \"png\") { set terminal pngcairo size \(Int((w * Self.pngDPI).rounded())),\(Int((h * Self.pngDPI).rounded())) "
            + "noenhanced font \"sans,8\" fontscale \(fontScale) linewidth \(Self.number(0.75 * Self.pngDPI / 72)) pointscale \(scale) }\n"
        text += "  if (fmt eq \"pdf\") { set terminal pdfcairo size \(Self.number(w))in,\(Self.number(h))in noenhanced font \"sans,8\" fontscale 0.75 linewidth 1.5 }\n"
        text += "  set output \"\(name).\" . fmt\n"
        text += "  set multiplot\n"
        // A line per label, each centred vertically on its position.
        var titleTags: [Int] = []
        for (i, line) in layout.titleLines.enumerated() {
            titleTags.append(101 + i)
            text += "  set label \(101 + i) \(Self.quoted(line)) at screen 0.5, screen "
                + "\(Self.number(layout.screenY(0.1 + (Double(i) + 0.5) * Layout.titleLine))) center font \",9\"\n"
        }
        let noteTop = 0.13 + Double(layout.titleLines.count) * Layout.titleLine
        for (i, line) in layout.noteLines.enumerated() {
            titleTags.append(121 + i)
            text += "  set label \(121 + i) \(Self.quoted(line)) at screen 0.5, screen "
                + "\(Self.number(layout.screenY(noteTop + (Double(i) + 0.5) * Layout.line))) center font \",8\"\n"
        }
        text += "  set grid lc rgb \"#d0d0d0\" lw 0.6 dt solid\n  set pointintervalbox 0.001\n  set errorbars 1.2\n  unset key\n"
        // The title labels are drawn with the first plot only (a label is drawn by every plot).
        let unsetTitle = titleTags.map { "  unset label \($0)\n" }.joined()
        for (p, panel) in panels.enumerated() { text += panelCommands(p, panel, layout) + (p == 0 ? unsetTitle : "") }
        text += legendCommands(layout)
        text += "  unset multiplot\n  set border\n  set tics\n  set grid\n}\n"
        return text
    }

    /// A number as gnuplot reads it: `%.9g`, integers without a decimal point.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%.9g", v)
    }

    /// A gnuplot double-quoted string (a newline stays a line break).
    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
