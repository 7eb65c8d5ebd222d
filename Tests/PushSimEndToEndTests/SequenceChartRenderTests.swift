import Foundation
import Testing
@testable import PushSim

/// `pushsim trace --format svg` drawn by a real browser: headless Chromium renders the SVG to
/// a PNG, and the test checks the picture (its size, that it is not blank, every lane's line
/// in its colour at its y, Doze shading and break marks), not only the file. Chromium is
/// installed through the Makefile's `chromium-deps` (as `make test` does) when missing.
@Suite(.serialized) struct SequenceChartRenderTests {
    /// The chart of `file`'s first run (after `arguments`) as the CLI writes it, its layout,
    /// and Chromium's PNG of it.
    static func render(_ file: String, _ arguments: [String] = []) throws -> (chart: SequenceChart, png: PNGImage, svg: String) {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("chart.svg"), pngURL = dir.appendingPathComponent("chart.png")
        let cli = runCLI(["trace", scenarioURL(file).path, "--format", "svg", "--out", svgURL.path] + arguments)
        #expect(cli.status == 0, "\(cli.err)")
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        // The same chart in process, for its lane coordinates.
        let scenario = try Scenario.load(path: scenarioURL(file).path).scenario
        let run = Simulation.RunID(variant: 0, strategy: 0, replication: 0)
        let trace = Simulation(scenario: scenario).trace(run).trace
        let title = try #require(svg.firstMatch(of: /<title>([^<]*)<\/title>/)).1
        let chart = SequenceChart(trace, context: .init(scenario: scenario, run: run, title: String(title)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(dir.path)/profile",
                             "--screenshot=\(pngURL.path)", "--window-size=\(chart.width),\(chart.height)", svgURL.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return (chart, try PNGImage([UInt8](try Data(contentsOf: pngURL))), svg)
    }

    /// The `chromium` on PATH, installed with `make chromium-deps` first when there is none.
    static func chromium() throws -> String {
        func find() -> String? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return (path.split(separator: ":").map { "\($0)/chromium" } + ["/usr/bin/chromium"])
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let found = find() { return found }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-C", scenarioURL(".").path, "chromium-deps"]
        try make.run()
        make.waitUntilExit()
        guard make.terminationStatus == 0, let found = find() else {
            throw PNGImage.Failure(description: "chromium is missing and `make chromium-deps` could not install it")
        }
        return found
    }

    /// The share of the data columns of row `y` whose colour is near `colour`.
    static func share(_ png: PNGImage, row y: Int, from x0: Int, to x1: Int, colour: Int, tolerance: Int = 24) -> Double {
        let hits = (x0..<x1).filter { PNGImage.near(png.colour($0, y), colour, tolerance: tolerance) }.count
        return Double(hits) / Double(max(1, x1 - x0))
    }

    static func hex(_ s: String) -> Int { Int(s.dropFirst(), radix: 16) ?? 0 }

    @Test("the study's chart renders in Chromium: as large as the SVG says, not blank, every lane's line in its colour at its y")
    func study() throws {
        let (chart, png, _) = try Self.render("Scenarios/push-hint-study.json")
        #expect(png.width == chart.width && png.height == chart.height, "\(png.width)×\(png.height) vs \(chart.width)×\(chart.height)")
        var colours = Set<Int>(), nonWhite = 0
        for y in stride(from: 0, to: png.height, by: 2) {
            for x in stride(from: 0, to: png.width, by: 2) {
                let c = png.colour(x, y)
                colours.insert(c)
                if c != 0xFFFFFF { nonWhite += 1 }
            }
        }
        let fraction = Double(nonWhite) / Double((png.width / 2) * (png.height / 2))
        #expect(colours.count >= 50, "distinct colours: \(colours.count)")
        #expect(fraction > 0.05 && fraction < 0.8, "non-white share \(fraction)")
        #expect(chart.lanes.map(\.name) == ["server", "sender (perChange)", "provider (lossy)", "device (generic)", "app (applyPayload)"])
        let x0 = chart.left, x1 = chart.left + chart.axis.width
        for lane in chart.lanes {
            let colour = Self.hex(lane.colour)
            // A 2 px line centred on y covers rows y − 1 and y.
            let on = max(Self.share(png, row: lane.y - 1, from: x0, to: x1, colour: colour),
                         Self.share(png, row: lane.y, from: x0, to: x1, colour: colour))
            #expect(on > 0.5, "\(lane.name): \(on) of row \(lane.y) in the lane colour")
            let off = Self.share(png, row: lane.y - 8, from: x0, to: x1, colour: colour)
            #expect(off < 0.1, "\(lane.name): \(off) of row \(lane.y - 8) in the lane colour")
        }
    }

    @Test("a Doze day (D2, 27 h) renders with deep-Doze shading on the device lane and a grey band per break")
    func dozeDay() throws {
        let (chart, png, svg) = try Self.render("Scenarios/platform/D2.json")
        #expect(png.width == chart.width && png.height == chart.height)
        #expect(chart.width <= 2600, "compressed to \(chart.width) px")
        #expect(!chart.axis.breaks.isEmpty && svg.contains(">+6h</text>"))
        let device = chart.lane(.device(0))
        let deep = Self.share(png, row: device.y + 8, from: chart.left, to: chart.left + chart.axis.width,
                              colour: Self.hex(SequenceChart.Colour.shade(.deepIdle)), tolerance: 8)
        #expect(deep > 0.15, "deep Doze shading on \(deep) of the device lane")
        let between = (chart.lane(.server).y + chart.lane(.sender).y) / 2
        let grey = chart.axis.breaks.filter { b in
            PNGImage.near(png.colour(chart.left + b.x + b.width / 2, between), Self.hex(SequenceChart.Colour.breakFill), tolerance: 6)
        }
        #expect(grey.count == chart.axis.breaks.count, "\(grey.count) of \(chart.axis.breaks.count) breaks drawn")
    }
}
