import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The sequence chart's layout: the compressed time axis, lane assignment, an outcome mark
/// per push that did not end delivered, escaping and byte-identical output.
@Suite struct SequenceChartLayoutTests {
    static func s(_ v: Int64) -> SimTime { .zero + .seconds(v) }

    /// The trace and chart of run `run` of a repository scenario.
    static func chart(_ file: String, _ run: Simulation.RunID = .init(variant: 0, strategy: 0, replication: 0))
        throws -> (trace: RunTrace, chart: SequenceChart, svg: String) {
        let scenario = try Scenario.load(path: root.appendingPathComponent(file).path).scenario
        let trace = Simulation(scenario: scenario).trace(run).trace
        let context = SequenceChart.Context(scenario: scenario, run: run, title: scenario.name)
        return (trace, SequenceChart(trace, context: context), SequenceChart.svg(trace, context: context))
    }

    @Test("the time axis: linear at 40 px per median gap, gaps beyond the threshold cut to a break, monotone, ends at the width")
    func timeCompression() {
        let times = (0...30).map { Self.s($0) } + [Self.s(60)]
        let axis = ChartTimeAxis(times: times, horizon: Self.s(120))
        #expect(axis.microsecondsPerPixel == 25_000)                      // 1 s = 40 px
        #expect(axis.x(Self.s(1)) - axis.x(Self.s(0)) == 40 && axis.x(Self.s(30)) == 1_200)
        #expect(axis.x(.zero + .milliseconds(1_500)) == 60)                // linear inside a gap
        #expect(axis.breaks.map(\.skipped) == [.seconds(30), .seconds(60)])
        #expect(axis.breaks.allSatisfy { $0.width == ChartTimeAxis.breakWidth })
        #expect(axis.width == 1_200 + 2 * ChartTimeAxis.breakWidth && axis.x(Self.s(120)) == axis.width)
        #expect(axis.x(Self.s(45)) == 1_200 + ChartTimeAxis.breakWidth / 2)   // inside a break: its middle
        var last = -1
        for ms in stride(from: Int64(0), through: 120_000, by: 250) {
            let x = axis.x(.zero + .milliseconds(ms))
            #expect(x >= last)
            last = x
        }
        let labels = axis.ticks.map(\.label)
        #expect(labels.prefix(3) == ["0s", "5s", "10s"] && labels.suffix(2) == ["1m", "2m"])
        #expect(axis.ticks.filter(\.major).map(\.label) == ["1m", "2m"])
    }

    @Test("the time axis: no break when every gap is short; a day of clusters fits the target width")
    func timeAxisFits() {
        let even = ChartTimeAxis(times: stride(from: 0, through: 100, by: 10).map { Self.s($0) }, horizon: Self.s(100))
        #expect(even.breaks.isEmpty && even.width == 400)
        // 40 clusters of three events a second apart, 35 min apart, over a day.
        let clusters = (0..<40).flatMap { c in (0..<3).map { Self.s(Int64(c) * 2_100 + $0) } }
        let day = ChartTimeAxis(times: clusters, horizon: Self.s(86_400))
        #expect(day.width <= ChartTimeAxis.targetWidth, "\(day.width)")
        #expect(day.breaks.count >= 39)
        #expect(day.breaks.allSatisfy { $0.skipped > day.breakThreshold })
        // Every linear gap is at most `longestLinear` px wide, distinct instants at least 3 px apart.
        let xs = clusters.map { day.x($0) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 >= ChartTimeAxis.minimumSeparation && $1 - $0 <= ChartTimeAxis.longestLinear })
    }

    @Test("time labels carry units, only the non-zero ones, in one format; skipped durations keep their two largest units")
    func labels() {
        #expect(ChartTimeAxis.label(.zero) == "0s")
        #expect(ChartTimeAxis.label(.zero + .milliseconds(250)) == "250ms")
        #expect(ChartTimeAxis.label(.zero + .milliseconds(1_500)) == "1.5s")
        #expect(ChartTimeAxis.label(.zero + .seconds(60)) == "1m")
        #expect(ChartTimeAxis.label(.zero + .seconds(90)) == "1m30s")
        #expect(ChartTimeAxis.label(.zero + .seconds(3_605)) == "1h5s")
        #expect(ChartTimeAxis.label(.zero + .seconds(7_470)) == "2h4m30s")
        #expect(ChartTimeAxis.label(.zero + .seconds(93_600)) == "1d2h")
        #expect(ChartTimeAxis.shortDuration(.seconds(29)) == "29s")
        #expect(ChartTimeAxis.shortDuration(.seconds(90)) == "1m30s")
        #expect(ChartTimeAxis.shortDuration(.seconds(6_870)) == "1h55m")
        #expect(ChartTimeAxis.shortDuration(.hours(51)) == "2d3h")
        #expect(ChartTimeAxis.shortDuration(.milliseconds(800)) == "800ms")
    }

    @Test("lanes: server, sender, provider, device, app, then each other device, top to bottom, named by their kinds")
    func laneAssignment() throws {
        let context = SequenceChart.Context(title: "t", horizon: Self.s(10), channel: "fcm", sender: "outbox", platform: "android",
                                            strategy: "hintPull", otherPlatforms: ["ios", "android"])
        let lanes = ChartLane.layout(top: 0, context: context, otherDevices: 2, outcomeLabel: 0)
        #expect(lanes.map(\.id) == [.server, .sender, .provider, .device(0), .app, .device(1), .device(2)])
        #expect(lanes.map(\.name) == ["server", "sender (outbox)", "provider (fcm)", "device (android)", "app (hintPull)",
                                      "other device 1 (ios)", "other device 2 (android)"])
        #expect(zip(lanes, lanes.dropFirst()).allSatisfy { $0.y + $0.below + $1.above == $1.y })
        #expect(Set(lanes.prefix(6).map(\.colour)).count == 6)
        // A run with another device: its copies go to its lane.
        let (_, chart, _) = try Self.chart("Scenarios/outbox/unregistered.json")
        #expect(chart.lanes.last?.name == "other device 1 (android)")
        #expect(chart.model.copies.contains { $0.device == 1 } && chart.model.copies.contains { $0.device == 0 })
    }

    @Test("an outcome mark (a cross and the outcome's name) for every push that did not end delivered")
    func outcomeMarks() throws {
        for (file, variant) in [("Scenarios/push-hint-study.json", 0), ("Scenarios/push-hint-study.json", 1), ("Scenarios/outbox/unregistered.json", 0),
                                ("Scenarios/sweeps/bases/doze.json", 0)] {
            let (trace, chart, svg) = try Self.chart(file, .init(variant: variant, strategy: 0, replication: 0))
            let notDelivered = trace.records.filter { $0.kind == .outcome && $0.text("outcome") != "delivered" }
            // A push without an outcome record was pending at the horizon.
            let finished = Set(trace.records.filter { $0.kind == .outcome }.compactMap(\.message))
            let pending = trace.records.filter { $0.kind == .send && !finished.contains($0.message ?? 0) }
            #expect(!notDelivered.isEmpty || !pending.isEmpty)
            #expect(chart.model.endings.count == notDelivered.count + pending.count, "\(file) variant \(variant)")
            #expect(chart.model.endings.map(\.message) == (notDelivered + pending).map(\.message))
            #expect(chart.model.endings.suffix(pending.count).allSatisfy { $0.outcome == "pending" && $0.time == chart.context.horizon })
            let failedPulls = chart.model.pulls.filter { $0.failure != nil }.count
            let data = try #require(svg.components(separatedBy: ">legend</text>").first)   // the legend has one cross too
            #expect(data.components(separatedBy: "class=\"ended\"").count - 1 == 2 * (notDelivered.count + pending.count + failedPulls))
            for name in Set(notDelivered.compactMap { $0.text("outcome") }) { #expect(svg.contains(">\(name)"), "\(name)") }
        }
        #expect(try Self.chart("Scenarios/sweeps/bases/doze.json").chart.model.endings.contains { $0.outcome == "pending" })
        // A push that reached the device before it ended is marked there.
        let (_, chart, _) = try Self.chart("Scenarios/outbox/unregistered.json")
        #expect(chart.model.endings.filter(\.atDevice).map(\.outcome) == ["dropped_app_force_stopped"])
    }

    @Test("the chart's bytes are the same for the same run, and differ for another")
    func deterministic() throws {
        let a = try Self.chart("Scenarios/push-hint-study.json").svg, b = try Self.chart("Scenarios/push-hint-study.json").svg
        #expect(a == b)
        let other = try Self.chart("Scenarios/push-hint-study.json", .init(variant: 0, strategy: 0, replication: 1)).svg
        #expect(a != other)
        // Integer coordinates only: no decimal point in any x, y or points attribute.
        #expect(a.firstMatch(of: /(x|y|x1|y1|x2|y2|cx|cy|width|height)="-?[0-9]*\.[0-9]/) == nil)
        #expect(a.firstMatch(of: /points="[^"]*\./) == nil)
    }

    @Test("text is escaped: a title with markup characters stays text")
    func escaping() throws {
        let trace = RunTrace(records: [], fingerprint: RunFingerprint())
        let context = SequenceChart.Context(title: "a<b & \"c\" 'd'>", horizon: Self.s(10), channel: "x<y", sender: "perChange",
                                            platform: "generic", strategy: "s&t")
        let svg = SequenceChart.svg(trace, context: context)
        #expect(svg.contains("<title>a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;</title>"))
        #expect(svg.contains("provider (x&lt;y)") && svg.contains("app (s&amp;t)"))
        #expect(!svg.contains("a<b") && !svg.contains("s&t"))
        #expect(SVGDocument.escaped("bell\u{7}") == "bell\u{FFFD}")
    }

    @Test("the cursor panel's series: the server's head after each change, the client's cursor from the state records, stale periods")
    func cursorSeries() throws {
        let (trace, chart, _) = try Self.chart("Scenarios/push-hint-study.json", .init(variant: 1, strategy: 2, replication: 0))
        let model = chart.model
        #expect(model.serverHead.map(\.value) == [0] + (1...30).map { Int64($0) })
        #expect(model.clientCursor.last?.value == 30 && model.clientCursor.first?.time == .zero)
        #expect(model.clientApplied.isEmpty)   // a pulling strategy: what it applied is its cursor
        // Stale from the first change until the pull at reconnection (40 s) brings every key.
        #expect(model.stale.first?.from == Self.s(1) && model.stale.last?.to == Self.s(40))
        #expect(trace.records.first?.kind == .state && trace.records.first?.time == .zero)
        // applyPayload never moves the cursor; what it applied runs ahead of it.
        let payload = try Self.chart("Scenarios/push-hint-study.json").chart.model
        #expect(payload.clientCursor.map(\.value).allSatisfy { $0 == 0 } && (payload.clientApplied.last?.value ?? 0) > 0)
    }

    /// The (x, width) of every `rect` of class `cls` in `svg`.
    static func rects(_ svg: String, _ cls: String) -> [[Int]] {
        svg.matches(of: /<rect x="(-?[0-9]+)" y="-?[0-9]+" width="([0-9]+)" height="[0-9]+" class="([^"]*)"/)
            .filter { String($0.3) == cls }.map { [Int($0.1)!, Int($0.2)!] }
    }

    @Test("the panel's shading covers exactly the red strip's intervals: lossy applyPayload (not converged) shaded to the horizon")
    func staleShading() throws {
        let (_, chart, svg) = try Self.chart("Scenarios/push-hint-study.json")   // lossy, applyPayload
        #expect(chart.context.strategy == "applyPayload")
        let data = try #require(svg.components(separatedBy: ">legend</text>").first)   // the legend has a band of each
        let shaded = Self.rects(data, "stale-gap"), strip = Self.rects(data, "stale-strip")
        let spans = chart.model.stale.map { [chart.x($0.from), chart.x($0.to) - chart.x($0.from)] }
        #expect(!strip.isEmpty && shaded == strip && strip == spans)
        // The run ends stale: the last interval, shaded and striped, runs to the horizon (past 29 s, where the lines meet).
        #expect(chart.model.stale.last?.to == chart.context.horizon)
        #expect(shaded.last.map { $0[0] + $0[1] } == chart.x(chart.context.horizon))
        // Both client lines are named at the right edge.
        #expect(svg.contains(">client pulled 0<") && svg.contains(">client applied 30<") && svg.contains(">server 30<"))
    }

    @Test("lane colours are far from every held and shading colour; the legend lists only what the run draws, in a fixed order")
    func coloursAndLegend() throws {
        func rgb(_ s: String) -> [Int] { let v = Int(s.dropFirst(), radix: 16)!; return [v >> 16, v >> 8 & 255, v & 255] }
        func distance(_ a: String, _ b: String) -> Int { zip(rgb(a), rgb(b)).map { abs($0 - $1) }.reduce(0, +) }
        let others = SequenceChart.heldReasons.map(SequenceChart.Colour.held)
            + ChartLane.Shade.allCases.map(SequenceChart.Colour.shade).filter { $0.hasPrefix("#") }
            + [SequenceChart.Colour.staleFill, SequenceChart.Colour.stored]
        for id in [ChartLane.ID.server, .sender, .provider, .app] {
            for other in others { #expect(distance(ChartLane.colour(id), other) >= 90, "\(id) \(ChartLane.colour(id)) vs \(other)") }
        }
        let all = SequenceChart.allLegend.map(\.1)
        for (file, run) in [("Scenarios/push-hint-study.json", Simulation.RunID(variant: 0, strategy: 0, replication: 0)),
                            ("Scenarios/platform/D2.json", .init(variant: 0, strategy: 0, replication: 0))] {
            let (_, chart, svg) = try Self.chart(file, run)
            let shown = chart.legend.map(\.1)
            #expect(shown == all.filter(shown.contains))   // the fixed order
            #expect(shown.contains("provider request (sender → provider)"))
            let data = try #require(svg.components(separatedBy: ">legend</text>").first)
            // Every entry shown is drawn in the data; the legend draws each shown entry once.
            for (symbol, label) in chart.legend {
                if case let .line(cls, _) = symbol { #expect(data.contains("class=\"\(cls)\""), "\(file): \(label)") }
            }
            #expect(svg.components(separatedBy: ">legend</text>").last.map { $0.components(separatedBy: "<text").count - 1 } == shown.count)
        }
        let study = try Self.chart("Scenarios/push-hint-study.json").chart.legend.map(\.1)
        #expect(!study.contains("deep Doze idle") && !study.contains("pull request (app → server)") && study.contains("newest change applied (payloads too)"))
        let d2 = try Self.chart("Scenarios/platform/D2.json").chart.legend.map(\.1)
        #expect(d2.contains("deep Doze idle") && d2.contains("held for Doze (delayed_device_doze)") && !d2.contains("newest change applied (payloads too)"))
    }

    @Test("a vertical push copy steps aside from a pull's line at the same x")
    func verticalCopiesClearPulls() throws {
        let (_, chart, svg) = try Self.chart("Scenarios/platform/D2.json")
        let pullXs = chart.model.pulls.flatMap { [chart.x($0.start) - 2] + ($0.end.map { [chart.x($0) + 2] } ?? []) }
        let verticals = svg.matches(of: /<polyline points="(-?[0-9]+),(-?[0-9]+) (-?[0-9]+),(-?[0-9]+)" class="copy[^"]*"/)
            .filter { $0.1 == $0.3 }.map { Int($0.1)! }
        #expect(!verticals.isEmpty)
        for v in verticals { #expect(!pullXs.contains { abs($0 - v) < 4 }, "copy at x \(v)") }
    }
}
