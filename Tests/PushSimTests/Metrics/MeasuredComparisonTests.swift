import Testing
@testable import PushSim

/// `MeasuredComparison`: the quantiles it prints, the shares and the Q–Q figure's points.
@Suite struct MeasuredComparisonTests {
    @Test("quantiles by GSL's interpolation; the measured minus simulated column")
    func table() {
        let c = MeasuredComparison(simulated: [4, 1, 3, 2], measured: [2, 4, 6, 8])
        let text = c.text(what: "x", measuredName: "m.csv", alpha: 0.05, threshold: 3)
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // p50 of 1 … 4 is 2.5, of 2, 4, 6, 8 is 5: difference 2.5; p25: 1.75 and 3.5.
        #expect(rows.contains(["p50", "2.5", "5", "2.5"]), "\(text)")
        #expect(rows.contains(["p25", "1.75", "3.5", "1.75"]), "\(text)")
        #expect(rows.contains(["mean", "2.5", "5", "2.5"]), "\(text)")
        #expect(rows.contains(["max", "4", "8", "4"]), "\(text)")
        #expect(text.contains("above 3: simulated 1/4 = 0.2500") && text.contains("measured 3/4 = 0.7500"), "\(text)")
        #expect(MeasuredComparison.share([1, 2, 3], above: 3).count == 0)
    }

    @Test("the Q-Q figure: percentiles 1 … 99 of measured (x) against simulated (y), and the diagonal")
    func qq() {
        let c = MeasuredComparison(simulated: [0, 10], measured: [0, 20])
        let figure = c.qqFigure(title: "t", what: "w")
        let points = figure.panels[0].series[0].points
        #expect(points.count == 99)
        #expect(abs(points[49].x - 10) < 1e-12 && abs(points[49].y - 5) < 1e-12)   // the median: 10 measured, 5 simulated
        let diagonal = figure.panels[0].series[1].points
        #expect(diagonal.count == 2 && abs(diagonal[0].x - 0.1) < 1e-12 && abs(diagonal[1].x - 19.8) < 1e-12)
        #expect(diagonal.allSatisfy { $0.x == $0.y })
    }
}
