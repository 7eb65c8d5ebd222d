import SimKernel
import Testing
@testable import PushSim

/// The fleet's timeline figure: a panel per measure that is not zero throughout.
@Suite("FleetPlot")
struct FleetPlotTests {
    @Test("Only measures with a non-zero minute get a panel")
    func zeroPanelsLeftOut() {
        var t = FleetTimeline(horizon: .zero + .minutes(2))
        t.note(.pullStarted, at: .zero + .seconds(70))
        let f = FleetPlot.figure(name: "f", cells: ["v / s"], timelines: [t])
        #expect(f.panels.map(\.title) == ["pulls started per minute"])
        #expect(f.panels[0].series[0].points.map(\.y) == [0, 1, 0])
    }

    @Test("A timeline with nothing in it still draws the first panel")
    func emptyTimelineDrawsOne() {
        let f = FleetPlot.figure(name: "f", cells: ["v / s"], timelines: [FleetTimeline(horizon: .zero + .minutes(2))])
        #expect(f.panels.map(\.title) == ["pushes sent per minute"])
    }

    /// Latencies 1, 2, …, 20 s: the 95th percentile interpolates between order statistics
    /// (gsl_stats_quantile_from_sorted_data): index 0.95 · 19 = 18.05, 19 + 0.05 · (20 − 19).
    @Test("The latency panel draws the minute's 95th percentile of pull latency")
    func latencyPanelIsP95() throws {
        var t = FleetTimeline(horizon: .zero + .minutes(1))
        for s in 1...20 { t.pullAnswered(latency: .seconds(Int64(s)), at: .zero + .seconds(1)) }
        let f = FleetPlot.figure(name: "f", cells: ["v / s"], timelines: [t])
        let panel = try #require(f.panels.first { $0.title.hasPrefix("pull latency p95") })
        #expect(abs(panel.series[0].points[0].y - 19.05) < 1e-9)
    }
}
