import Foundation
import Testing
@testable import PushSim

/// The figures of a run (`RunPlot`) from hand-made summary rows, and the script's physical
/// size, fonts and drawing order (`GnuplotFigure`); the printed table (`SummaryText`).
@Suite struct FigureTests {
    /// A `summary.csv` row with the given fields (others empty).
    static func row(_ variant: String, _ strategy: String, _ values: [String: Double]) -> [String] {
        var fields = [String](repeating: "", count: SummaryTable.columns.count)
        fields[0] = variant; fields[1] = strategy
        fields[SummaryTable.columns.firstIndex(of: "replications")!] = "100"
        for (column, value) in values { fields[SummaryTable.columns.firstIndex(of: column)!] = SummaryTable.number(value) }
        return fields
    }

    /// Two variants × four strategies; in variant "a": (pulls, stale) = (1, 40), (2, 10),
    /// (3, 10), (5, 2): the third is dominated by the second (same staleness, more pulls).
    static let rows: [[String]] = {
        let a: [(String, Double, Double)] = [("s1", 1, 40), ("s2", 2, 10), ("s3", 3, 10), ("s4", 5, 2)]
        let b: [(String, Double, Double)] = [("s1", 4, 4), ("s2", 2, 8), ("s3", 1, 9), ("s4", 6, 5)]
        return [("a", a), ("b", b)].flatMap { variant, cells in
            cells.map { s, pulls, stale in
                row(variant, s, ["mean_pulls": pulls, "mean_pulls_ci_low": pulls - 0.1, "mean_pulls_ci_high": pulls + 0.1,
                                 "mean_stale_screen_s": stale, "mean_stale_screen_s_ci_low": stale - 1, "mean_stale_screen_s_ci_high": stale + 1,
                                 "mean_freshness_p95_s": stale / 2, "convergence_rate": 0.5, "convergence_rate_ci_low": 0.4,
                                 "convergence_rate_ci_high": 0.6])
            }
        }
    }()

    static let table = PlotTable(header: SummaryTable.columns, rows: rows)

    @Test("cost figure: per variant and staleness measure, a point per strategy with both intervals, the Pareto front marked")
    func costFigure() throws {
        let f = RunPlot.costFigure(name: "n", Self.table, size: .text)
        #expect(f.panels.map(\.title) == ["a: stale screen (s)", "b: stale screen (s)", "a: freshness p95 (s)", "b: freshness p95 (s)"])
        let a = f.panels[0]
        #expect(a.series.map(\.title) == ["s1", "s2", "s3", "s4", "Pareto front"])
        let s2 = a.series[1].points[0]
        #expect(s2.x == 2 && s2.y == 10 && s2.xLow == 1.9 && s2.xHigh == 2.1 && s2.low == 9 && s2.high == 11)
        let front = try #require(a.series.last)
        #expect(front.look == .front)
        #expect(front.points.map { [$0.x, $0.y] } == [[1, 40], [2, 10], [5, 2]])
        // Variant b: s3 (1, 9) and s2 (2, 8) and s1 (4, 4) are optimal; s4 (6, 5) is dominated by s1.
        #expect(f.panels[1].series.last!.points.map { [$0.x, $0.y] } == [[1, 9], [2, 8], [4, 4]])
        // Shared axes: one x range for every panel (the figure's), one y range per measure.
        guard case let .numeric(_, _, _, xRange?) = f.x else { Issue.record("no shared x range"); return }
        #expect(xRange.lowerBound < 0.9 && xRange.upperBound > 6.1)
        #expect(f.panels[0].yRange == f.panels[1].yRange && f.panels[0].yRange != f.panels[2].yRange)
        // A strategy keeps its style in every panel.
        #expect(f.panels.allSatisfy { $0.series.prefix(4).map(\.style) == [0, 1, 2, 3] })
    }

    @Test("compare figure: a panel per measure, the strategies overlaid on the variants' axis with their intervals")
    func compareFigure() {
        let f = RunPlot.compare(name: "n", Self.table, subtitle: "100 replications per cell", size: .text)
        #expect(f.panels.map(\.title) == RunPlot.measures.map(\.1))
        for panel in f.panels { #expect(panel.series.map(\.title) == ["s1", "s2", "s3", "s4"]) }
        let rate = f.panels[0]
        // Side by side around each variant's position, in strategy order, within ±0.3.
        let xs = rate.series.map { $0.points[0].x }
        #expect(xs == xs.sorted() && xs.first! >= -0.3 && xs.last! <= 0.3 && Set(xs).count == 4)
        #expect(rate.series[0].points.map(\.low) == [0.4, 0.4] && rate.series[0].points.map(\.high) == [0.6, 0.6])
        guard case let .categories(_, names) = f.x else { Issue.record("variants are no categories"); return }
        #expect(names == ["a", "b"])
    }

    @Test("the script draws at the figure size: the PDF page and the PNG's pixels at 150 per inch, 8 pt text in both")
    func physicalSize() throws {
        for (size, width) in [(FigureSize.column, 3.5), (.text, 7), (try #require(FigureSize(parsing: "5x4")), 5)] {
            let f = RunPlot.costFigure(name: "n", Self.table, size: size)
            let layout = GnuplotFigure.Layout(f)
            let script = f.script()
            #expect(layout.width == width)
            if let h = size.height { #expect(layout.height == h) }
            #expect(script.contains("set terminal pdfcairo size \(GnuplotFigure.number(width))in,\(GnuplotFigure.number(layout.height))in "
                                    + "noenhanced font \"sans,8\" fontscale 0.75 "), "cairo draws n pt at n·4/3: 0.75 gives 8 pt")
            #expect(script.contains("set terminal pngcairo size \(Int((width * 150).rounded())),\(Int((layout.height * 150).rounded())) "
                                    + "noenhanced font \"sans,8\" fontscale 1.5625 "))
            #expect(script.contains("set terminal svg size \(GnuplotFigure.number(width * 72)),"))
            // Every plot area inside the page.
            #expect(layout.plots.allSatisfy { $0.left > 0 && $0.right < width && $0.top > 0 && $0.bottom < layout.height })
        }
        #expect(GnuplotFigure.Layout(RunPlot.costFigure(name: "n", Self.table, size: .column)).columns == 2, "two panels a row in a column")
    }

    @Test("intervals are drawn after their markers, and the legend names each strategy once")
    func drawingOrder() {
        let script = RunPlot.compare(name: "n", Self.table, subtitle: "", size: .text).script()
        let lines = script.components(separatedBy: "\n")
        for s in 0..<4 {
            let marker = lines.firstIndex { $0.contains("$d0_\(s) using 1:2 with points") }
            let bars = lines.firstIndex { $0.contains("$d0_\(s) using 1:2:3:4 with yerrorbars") }
            #expect(marker != nil && bars != nil && marker! < bars!, "series \(s)")
            #expect(lines.filter { $0.contains("\"s\(s + 1)\" at screen") }.count == 1, "legend entry s\(s + 1)")
        }
        #expect(script.contains("set errorbars 1.2") && script.contains("set pointintervalbox 0.001"), "caps, and bars not cut at the marker")
    }

    @Test("the printed table: rate with its interval, pulls, stale time, freshness p95 and convergence times, - when empty")
    func printedTable() {
        let text = SummaryText.render(header: SummaryTable.columns, rows: Self.rows, leading: ["variant", "strategy"])
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "variant strategy rate [95% CI] pulls stale (s) fresh p95 (s) t50 (s) t95 (s)")
        let s2 = lines.first { $0.hasPrefix("a ") && $0.contains(" s2 ") }!.split(separator: " ").joined(separator: " ")
        #expect(s2 == "a s2 0.500 [0.400, 0.600] 2.00 10.00 5.00 - -")
        #expect(SummaryText.render(header: SummaryTable.columns, rows: Self.rows, leading: ["variant"], limit: 3)
            .hasSuffix("… 5 more rows in summary.csv\n"))
    }
}
