extension GnuplotFigure {
    /// Colours by style index (Okabe–Ito, told apart with colour-blindness), then again
    /// with another dash pattern.
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    /// Open point shapes by style index: circle, square, triangle, diamond, down triangle, pentagon, cross.
    static let pointTypes = [6, 4, 8, 12, 10, 14, 2]
    /// The Pareto front's colour.
    static let frontColour = "#404040"

    /// The line and point look of style `s` (marker size `ps`).
    static func look(_ s: Int, ps: Double = 0.8) -> String {
        "lc rgb \"\(colours[s % colours.count])\" pt \(pointTypes[s % pointTypes.count]) ps \(number(ps)) lw 1 dt \(s / colours.count % 4 + 1)"
    }

    /// The commands drawing panel `p` in its plot area.
    func panelCommands(_ p: Int, _ panel: Panel, _ layout: Layout) -> String {
        let area = layout.plots[p]
        var text = "  set lmargin at screen \(Self.number(layout.screenX(area.left)))\n"
            + "  set rmargin at screen \(Self.number(layout.screenX(area.right)))\n"
            + "  set tmargin at screen \(Self.number(layout.screenY(area.top)))\n"
            + "  set bmargin at screen \(Self.number(layout.screenY(area.bottom)))\n"
        text += "  set title \(Self.quoted(layout.panelTitles[p].joined(separator: "\n"))) offset 0,-0.5\n"
        guard panel.series.contains(where: { !$0.points.isEmpty }) else {
            // No value to draw (e.g. a convergence time where no run converged): an empty frame
            // that says so, since a plot of no points would stop gnuplot and every later panel.
            return text + "  unset logscale x\n  set xrange [0:1]\n  set yrange [0:1]\n  set xtics autofreq norotate\n"
                + "  set xlabel \"\"\n  set ylabel \"\"\n  set label 1 \"no value\" at graph 0.5, graph 0.5 center\n"
                + "  plot NaN notitle\n  unset label 1\n"
        }
        var labelSplit: Double?
        switch x {
        case let .numeric(label, log, tics, range):
            text += "  set xlabel \(Self.quoted(layout.showsXLabel[p] ? label : "")) offset 0,0.3\n"
            text += log ? "  set logscale x\n" : "  unset logscale x\n"
            if let tics {
                let every = layout.ticLabelEvery
                text += "  set xtics (" + tics.enumerated().map { i, t in "\(Self.quoted(i % every == 0 ? t.1 : "")) \(Self.number(t.0))" }
                    .joined(separator: ", ") + ") norotate\n"
            } else if !log, let range,
                      let step = Layout.ticStep(range, most: max(2, Int(layout.plotWidth / (Double(Layout.ticChars(range)) * Layout.digit + 0.15)))) {
                text += "  set xtics \(Self.number(step)) norotate\n"
            } else { text += "  set xtics autofreq norotate\n" }
            if let range { text += "  set xrange [\(Self.number(range.lowerBound)):\(Self.number(range.upperBound))]\n  set offsets 0, 0, 0, 0\n" }
            else { text += "  set xrange [*:*]\n  set autoscale xfix\n  set offsets graph 0.05, graph 0.05, 0, 0\n" }
            // Labels right of their point, or left of it in the right half of the x range.
            let xs = range.map { [$0.lowerBound, $0.upperBound] } ?? panel.series.flatMap { $0.points.map(\.x) }
            if let lo = xs.min(), let hi = xs.max() { labelSplit = log && lo > 0 ? (lo * hi).squareRoot() : (lo + hi) / 2 }
        case let .categories(label, names):
            text += "  set xlabel \(Self.quoted(layout.showsXLabel[p] ? label : "")) offset 0,0.3\n  unset logscale x\n"
            text += "  set xtics (" + names.enumerated().map { "\(Self.quoted($0.element)) \($0.offset)" }.joined(separator: ", ") + ")"
                + (layout.rotated ? " rotate by 30 right\n" : " norotate\n")
            text += "  set xrange [-0.5:\(names.count) - 0.5]\n  set offsets 0, 0, 0, 0\n"
        }
        text += "  set ylabel \(Self.quoted(layout.showsYLabel[p] ? yLabel : "")) offset 0.6,0\n"
        if let range = panel.yRange ?? yRange {
            text += "  set yrange [\(Self.number(range.lowerBound)):\(Self.number(range.upperBound))]\n"
            let step = Layout.ticStep(range, most: max(4, Int(layout.plotHeight / 0.17)))
            text += step.map { "  set ytics \(Self.number($0))\n" } ?? "  set ytics autofreq\n"
        } else {
            text += "  set yrange [*:*]\n  set autoscale yfix\n  set ytics autofreq\n  set offsets graph 0.05, graph 0.05, graph 0.08, graph 0.08\n"
        }
        var plots: [String] = []
        for (s, series) in panel.series.enumerated() where !series.points.isEmpty {
            plots += seriesCommands("$d\(p)_\(s)", series, labelSplit: labelSplit)
        }
        text += "  plot " + plots.joined(separator: ", \\\n    ") + "\n"
        return text
    }

    /// The plot elements of one series: its line (or staircase), its markers, then its
    /// intervals over them, then its labels.
    private func seriesCommands(_ data: String, _ series: Series, labelSplit: Double?) -> [String] {
        var out: [String] = []
        let colour = Self.colours[series.style % Self.colours.count]
        switch series.look {
        case .front:
            out.append("\(data) using 1:2 with steps lc rgb \"\(Self.frontColour)\" lw 1 dt 2 notitle")
            out.append("\(data) using 1:2 with points lc rgb \"\(Self.frontColour)\" pt 6 ps 1.9 lw 1 notitle")
            return out
        case .linesPoints:
            // A long series (a fleet's timeline: a point a minute) marks every n-th point only.
            let every = series.points.count > 60 ? " pi \(series.points.count / 20)" : ""
            out.append("\(data) using 1:2 with linespoints \(Self.look(series.style, ps: 0.6))\(every) notitle")
        case .points:
            out.append("\(data) using 1:2 with points \(Self.look(series.style)) notitle")
        case .line:
            out.append("\(data) using 1:2 with lines \(Self.look(series.style)) notitle")
        }
        let yBars = series.points.contains { $0.low != nil && $0.high != nil }
        let xBars = series.points.contains { $0.xLow != nil && $0.xHigh != nil }
        let bars = "lc rgb \"\(colour)\" pt 7 ps 0 lw 1 dt 1 notitle"
        switch (xBars, yBars) {
        case (true, true): out.append("\(data) using 1:2:5:6:3:4 with xyerrorbars \(bars)")
        case (true, false): out.append("\(data) using 1:2:5:6 with xerrorbars \(bars)")
        case (false, true): out.append("\(data) using 1:2:3:4 with yerrorbars \(bars)")
        case (false, false): break
        }
        if series.points.contains(where: { $0.label != nil }) {
            if let split = labelSplit {
                let mid = Self.number(split)
                out.append("\(data) using 1:2:($1 > \(mid) ? \"\" : stringcolumn(7)) with labels offset char 0.7,char 0.5 left notitle")
                out.append("\(data) using 1:2:($1 > \(mid) ? stringcolumn(7) : \"\") with labels offset char -0.7,char 0.5 right notitle")
            } else {
                out.append("\(data) using 1:2:7 with labels offset char 0.7,char 0.5 left notitle")
            }
        }
        return out
    }

    /// The legend under the grid: per titled series, a sample of its look (marker, line or
    /// both) and its title, `layout.legendColumns` entries a row, centred, placed as labels
    /// and arrows at screen positions (so its layout is the one `Layout` reserved room for)
    /// and drawn by an empty plot.
    func legendCommands(_ layout: Layout) -> String {
        let entries = legend
        guard !entries.isEmpty else { return "" }
        var text = "  unset title\n  unset xlabel\n  unset ylabel\n  unset logscale x\n  unset border\n  unset tics\n  unset grid\n"
        text += "  set lmargin at screen 0.02\n  set rmargin at screen 0.98\n  set bmargin at screen 0.002\n"
            + "  set tmargin at screen \(Self.number(layout.screenY(layout.legendTop)))\n  set xrange [0:1]\n  set yrange [0:1]\n"
        let perRow = layout.legendColumns, w = layout.legendEntryWidth
        var tags: [String] = []
        for (i, e) in entries.enumerated() {
            let (r, c) = (i / perRow, i % perRow)
            let inRow = min(perRow, entries.count - r * perRow)
            let x = (layout.width - Double(inRow) * w) / 2 + Double(c) * w
            let y = Self.number(layout.screenY(layout.legendTop + Layout.line / 2 + 0.04 + Double(r) * (Layout.line + 0.03)))
            let (from, mid, to) = (Self.number(layout.screenX(x)), Self.number(layout.screenX(x + 0.15)), Self.number(layout.screenX(x + 0.3)))
            let colour = e.look == .front ? Self.frontColour : Self.colours[e.style % Self.colours.count]
            let dash = e.look == .front ? 2 : e.style / Self.colours.count % 4 + 1
            if e.look != .points {
                text += "  set arrow \(400 + i) from screen \(from), screen \(y) to screen \(to), screen \(y) nohead lc rgb \"\(colour)\" lw 1 dt \(dash)\n"
                tags.append("arrow \(400 + i)")
            }
            if e.look != .line {
                let point = e.look == .front ? "pt 6 ps 1.9" : "pt \(Self.pointTypes[e.style % Self.pointTypes.count]) ps \(e.look == .linesPoints ? "0.6" : "0.8")"
                text += "  set label \(300 + i) \"\" at screen \(mid), screen \(y) point lc rgb \"\(colour)\" \(point) lw 1\n"
                tags.append("label \(300 + i)")
            }
            text += "  set label \(200 + i) \(Self.quoted(e.title)) at screen \(Self.number(layout.screenX(x + 0.38))), screen \(y) left\n"
            tags.append("label \(200 + i)")
        }
        text += "  plot NaN notitle\n" + tags.map { "  unset \($0)\n" }.joined()
        return text
    }
}
