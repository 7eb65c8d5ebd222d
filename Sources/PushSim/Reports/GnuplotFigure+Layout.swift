import Foundation

extension GnuplotFigure {
    /// Where a figure's parts go, in inches from the top left, from its size and panels:
    /// the title (wrapped), a grid of panels whose plot areas are placed explicitly (so
    /// panels align and tic labels keep their room), then the legend. Text sizes are
    /// estimated from character counts at 8 pt (9 pt for the title).
    struct Layout {
        /// Height of a line of 8 pt text, of 9 pt text, and the width of an average
        /// character at 8 pt and 9 pt, inches (sans, generous, so text is not clipped).
        static let line = 0.125, titleLine = 0.145, char = 0.062, titleChar = 0.07
        /// The width of a digit at 8 pt (digits are wider than the average character), inches.
        static let digit = 0.075
        /// Room right of a plot, and below it for the x tic labels, inches.
        static let right = 0.12, ticsBelow = 0.24

        let width: Double, height: Double
        let columns: Int, rows: Int
        let titleLines: [String], noteLines: [String]
        /// Per panel: the plot area (left, right, top, bottom, inches from the top left)
        /// and its title's lines.
        let plots: [(left: Double, right: Double, top: Double, bottom: Double)]
        let panelTitles: [[String]]
        /// Per panel: whether it shows the x label (bottom row) and the y label (first column).
        let showsXLabel: [Bool], showsYLabel: [Bool]
        /// The category tics are rotated: they would not fit side by side.
        let rotated: Bool
        /// Named numeric tics (swept values) keep the label of every n-th only, n ≥ 1.
        let ticLabelEvery: Int
        /// Room left of every plot area for its y tic labels, inches.
        let ticsLeft: Double
        /// Width and height of every plot area, inches.
        let plotWidth: Double, plotHeight: Double
        /// The legend: entries per row, rows, its top (inches from the top) and the width of an entry.
        let legendColumns: Int, legendRows: Int, legendTop: Double, legendEntryWidth: Double

        init(_ f: GnuplotFigure) {
            let width = f.size.width
            let columns = max(1, min(f.columns, Layout.maxColumns(width), f.panels.count))
            let rows = (f.panels.count + columns - 1) / columns
            self.width = width; self.columns = columns; self.rows = rows
            titleLines = Layout.wrap(f.title, Int((width - 0.2) / Layout.titleChar))
            noteLines = f.note.map { Layout.wrap($0, Int((width - 0.2) / Layout.char)) } ?? []
            let top = 0.1 + Double(titleLines.count) * Layout.titleLine + 0.03 + Double(noteLines.count) * Layout.line + 0.05
            let yLabelRoom = f.yLabel.isEmpty ? 0.0 : 0.2
            let panelWidth = (width - yLabelRoom) / Double(columns)
            // Room for the y tic labels: the longest any panel's range gives (5 characters when autoscaled).
            let ticChars = f.panels.map { p in (p.yRange ?? f.yRange).map(Layout.ticChars) ?? 5 }.max() ?? 5
            let ticsLeft = max(0.3, 0.15 + Double(ticChars) * Layout.digit)
            self.ticsLeft = ticsLeft
            let plotWidth = panelWidth - ticsLeft - Layout.right
            // Named tics (categories, swept values): side by side when the longest fits the
            // closest gap between two of them.
            var below = Layout.ticsBelow
            var rotated = false
            let named: [(x: Double, label: String)]
            switch f.x {
            case let .categories(_, names): named = names.enumerated().map { (Double($0.offset), $0.element) }
            case let .numeric(_, isLog, tics, _): named = (tics ?? []).map { (isLog && $0.0 > 0 ? Foundation.log10($0.0) : $0.0, $0.1) }
            }
            let positions = named.map(\.x).sorted()
            let span = (positions.last ?? 0) - (positions.first ?? 0)
            let gaps = zip(positions.dropFirst(), positions).map { $0 - $1 }.filter { $0 > 0 }
            // The drawn range is the tics' span and a margin (a category's half slot, 5% each side).
            let drawn = span + (named.count > 0 && f.x.isCategorical ? 1 : span * 0.1)
            let closest = gaps.min().map { drawn > 0 ? $0 / drawn * plotWidth : plotWidth } ?? plotWidth
            let longest = Double(named.map(\.label.count).max() ?? 0) * Layout.char
            // Swept values too close for their labels keep every n-th label (the first, …);
            // categories are rotated instead (each must be named).
            var every = 1
            if named.count > 1, longest > 0.9 * closest {
                if f.x.isCategorical {
                    rotated = true
                    below = longest * 0.5 + Layout.line * 0.87 + 0.08
                } else {
                    every = Int((longest / (0.9 * closest)).rounded(.up))
                }
            }
            ticLabelEvery = every
            self.rotated = rotated
            self.plotWidth = plotWidth
            let xLabelRoom: Double = switch f.x { case let .numeric(label, _, _, _): label.isEmpty ? 0 : Layout.line + 0.04
                                                  case let .categories(label, _): label.isEmpty ? 0 : Layout.line + 0.04 }
            // A panel's title is centred over its plot area, and may reach a little past it.
            let panelTitles = f.panels.map { Layout.wrap($0.title, Int((plotWidth + 0.25) / Layout.char)) }
            self.panelTitles = panelTitles
            let titleRoom = (0..<rows).map { r in
                Double((r * columns ..< min((r + 1) * columns, f.panels.count)).map { panelTitles[$0].count }.max() ?? 1) * Layout.line + 0.14
            }
            let entries = f.legend
            let entryWidth = 0.55 + Double(entries.map(\.title.count).max() ?? 0) * Layout.char
            legendEntryWidth = entryWidth
            legendColumns = max(1, min(entries.count, Int((width - 0.2) / entryWidth)))
            legendRows = entries.isEmpty ? 0 : (entries.count + legendColumns - 1) / legendColumns
            let legendHeight = legendRows == 0 ? 0.05 : Double(legendRows) * (Layout.line + 0.03) + 0.12
            // Plot heights: from the width (about 0.72 of it, 1.1 … 2.4 in), or what the given height leaves.
            let fixed = titleRoom.reduce(0, +) + Double(rows) * below + xLabelRoom + top + legendHeight
            let plotHeight: Double
            if let h = f.size.height { plotHeight = max(0.25, (h - fixed) / Double(rows)) } else { plotHeight = min(2.4, max(1.1, plotWidth * 0.72)) }
            self.plotHeight = plotHeight
            var plots: [(left: Double, right: Double, top: Double, bottom: Double)] = []
            var xs: [Bool] = [], ys: [Bool] = []
            var y = top
            var rowTops: [Double] = []
            for r in 0..<rows { rowTops.append(y + titleRoom[r]); y += titleRoom[r] + plotHeight + below + (r == rows - 1 ? xLabelRoom : 0) }
            for p in f.panels.indices {
                let (r, c) = (p / columns, p % columns)
                let left = yLabelRoom + Double(c) * panelWidth + ticsLeft
                plots.append((left, left + plotWidth, rowTops[r], rowTops[r] + plotHeight))
                // The x label under the last panel of each column; the y label in the first column.
                xs.append(p + columns >= f.panels.count)
                ys.append(c == 0)
            }
            self.plots = plots
            showsXLabel = xs; showsYLabel = ys
            legendTop = y + 0.06
            height = f.size.height ?? (y + legendHeight)
        }

        /// The most panels side by side at `width` inches (each at least 1.6 in wide).
        static func maxColumns(_ width: Double) -> Int { max(1, Int(width / 1.6)) }

        /// About the longest tic label on a y axis over `range`: the integer digits of its
        /// largest magnitude, a sign, and the decimals a step of a fifth of the span needs.
        static func ticChars(_ range: ClosedRange<Double>) -> Int {
            let largest = max(abs(range.lowerBound), abs(range.upperBound))
            let digits = largest < 1 ? 1 : Int(Foundation.log10(largest).rounded(.down)) + 1
            let span = range.upperBound - range.lowerBound
            let decimals = span > 0 ? min(4, max(0, Int((-Foundation.log10(span / 5)).rounded(.up)))) : 0
            return digits + (decimals > 0 ? decimals + 1 : 0) + (range.lowerBound < 0 ? 1 : 0)
        }

        /// A tic step of 1, 2 or 5 × 10ᵏ giving at most `most` tics over `range` (nil for an empty range).
        static func ticStep(_ range: ClosedRange<Double>, most: Int) -> Double? {
            let span = range.upperBound - range.lowerBound
            guard span > 0, span.isFinite, most >= 1 else { return nil }
            let raw = span / Double(most)
            let power = Foundation.pow(10, (Foundation.log10(raw)).rounded(.down))
            return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        }

        /// Screen x (0 … 1 from the left) of `inches` from the left.
        func screenX(_ inches: Double) -> Double { inches / width }
        /// Screen y (0 … 1 from the bottom) of `inches` from the top.
        func screenY(_ inches: Double) -> Double { 1 - inches / height }

        /// `text` in lines of at most `limit` characters, broken at spaces (a longer word
        /// gets a line of its own).
        static func wrap(_ text: String, _ limit: Int) -> [String] {
            var lines: [String] = [], line = ""
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                if !line.isEmpty && line.count + 1 + word.count > max(limit, 8) { lines.append(line); line = String(word) }
                else { line += (line.isEmpty ? "" : " ") + word }
            }
            return lines + [line]
        }
    }
}
