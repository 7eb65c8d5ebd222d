import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The plots: strategies overlaid per variant with their intervals (`compare.*`), cost
/// against staleness with the Pareto front (`cost.*`), sweeps with one y range per
/// measure, swept values as tics, log scale for geometric axes; SVG + PNG + PDF drawn by
/// gnuplot when it is on PATH, at `--figure-size`.
@Suite struct PlotTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path
    static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    static func script(_ dir: URL) throws -> String { try String(contentsOf: dir.appendingPathComponent("plot.gp"), encoding: .utf8) }

    /// `pushsim ARGS` with gnuplot on PATH: (status, stdout, stderr).
    static func command(_ args: [String]) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        let status = Command.main(args, out: { out += $0 }, err: { err += $0 }, environment: ["CI": "1", "PUSHSIM_COMMIT": "test", "PATH": path])
        return (status, out, err)
    }

    /// A PDF's page size in points, from its `/MediaBox [0 0 W H]`.
    static func pageSize(_ url: URL) throws -> (width: Double, height: Double) {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let box = try #require(text.range(of: #"/MediaBox \[ *0 +0 +[0-9.]+ +[0-9.]+ *\]"#, options: .regularExpression), "no MediaBox")
        let numbers = text[box].dropFirst(10).split(whereSeparator: { " []".contains($0) }).compactMap { Double($0) }
        return (numbers[2], numbers[3])
    }

    /// The `set title` lines of every panel, in order.
    static func titles(_ gp: String) -> [String] { gp.components(separatedBy: "\n").filter { $0.hasPrefix("  set title ") } }

    @Test("a sweep's plot: per measure and variant a panel with every strategy overlaid, one y range per measure, the declared metric and cost")
    func sweepPanels() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "p", "base": "\(Self.study)", "replications": 4, "variants": ["lossy", "overflow"], "cost": "mean_resets",
             "axes": [{"name": "retain", "path": "server.retainLast", "range": {"from": 1, "to": 16, "factor": 2}}]}
            """, in: dir)
        #expect(runCLI(["sweep", file, "--out", dir.path + "/out", "--quiet"]).status == 0)
        let gp = try Self.script(dir.appendingPathComponent("out"))
        let compare = try #require(gp.components(separatedBy: "set output \"cost.\"").first)
        // Four measures (the metric, stale screen, freshness p95, the cost) × two variants, metric-major.
        let measures = ["convergence rate", "stale screen, mean (s)", "freshness p95, mean (s)", "mean_resets"]
        #expect(Self.titles(compare) == measures.flatMap { m in ["lossy", "overflow"].map { "  set title \"\(m) · \($0)\" offset 0,-0.5" } })
        // Every panel overlays the three strategies (a series with no value, such as a freshness
        // never reflected, is not drawn); each measure's two panels share one y range.
        for p in 0..<8 { for s in 0..<3 { #expect(compare.contains("$d\(p)_\(s) << EOD"), "panel \(p) series \(s)") } }
        for p in 0..<4 { for s in 0..<3 { #expect(compare.contains("$d\(p)_\(s) using 1:2 with linespoints"), "panel \(p) series \(s)") } }
        let panels = try #require(compare.components(separatedBy: "  unset title\n").first, "the legend follows the panels")
        let ranges = panels.components(separatedBy: "\n").filter { $0.hasPrefix("  set yrange [") }
        #expect(ranges.count == 8 && (0..<4).allSatisfy { ranges[2 * $0] == ranges[2 * $0 + 1] } && Set(ranges).count == 4, "\(ranges)")
        #expect(gp.contains("set xtics (\"1\" 1, \"2\" 2, \"4\" 4, \"8\" 8, \"16\" 16)"), "the swept values are the tics")
        #expect(gp.contains("retain (log scale)") && gp.contains("set logscale x"), "a factor range is drawn on a log scale")
        // The cost figure: mean_resets on x against both staleness measures, the front in every panel.
        #expect(Array(Self.titles(gp).suffix(4)) == ["lossy: stale screen (s)", "overflow: stale screen (s)", "lossy: freshness p95 (s)",
                                              "overflow: freshness p95 (s)"].map { "  set title \"\($0)\" offset 0,-0.5" })
        #expect(gp.contains("cost (mean_resets) against staleness") && gp.components(separatedBy: "with steps").count - 1 == 4)
        for name in ["compare", "cost"] { #expect(gp.contains("set output \"\(name).\" . fmt")) }
        #expect(gp.contains("do for [fmt in \"svg png pdf\"]"))
    }

    @Test("a sweep's metric and cost must be numeric summary.csv columns (path-precise, exit 2)")
    func badMetric() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (key, value) in [("metric", "pulls"), ("cost", "strategy"), ("cost", "rejected_codes")] {
            let file = try SweepTests.sweepFile("""
                {"name": "p", "base": "\(Self.study)", "\(key)": "\(value)", "axes": [{"path": "server.retainLast", "values": [4]}]}
                """, in: dir)
            let r = runCLI(["validate", file])
            #expect(r.status == 2 && r.err.contains("$.\(key)") && r.err.contains("no numeric column of summary.csv"), "\(r.err)")
        }
    }

    @Test("pushsim run draws compare.* and cost.* as SVG, PNG and PDF, 7 in wide by default; --no-plot draws nothing")
    func runDraws() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = Self.command(["run", Self.study, "--replications", "20", "--out", dir.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        try #require(Plotter.gnuplot(["PATH": Self.path]) != nil, "make test installs gnuplot (plot-deps)")
        #expect(r.out.contains("plots: compare.svg, compare.png, compare.pdf, cost.svg, cost.png, cost.pdf in"), "\(r.out)")
        let gp = try Self.script(dir)
        #expect(Array(Self.titles(gp).prefix(4)) == RunPlot.measures.map { "  set title \"\($0.1)\" offset 0,-0.5" })
        for name in ["compare", "cost"] {
            let png = try PNGImage(Array(try Data(contentsOf: dir.appendingPathComponent("\(name).png"))))
            #expect(png.width == 1050, "7 in at 150 pixels per inch")
            let page = try Self.pageSize(dir.appendingPathComponent("\(name).pdf"))
            #expect(abs(page.width - 504) <= 5.04 && abs(page.height * 150 / 72 - Double(png.height)) <= 2, "\(page), \(png.height)")
            let svg = try String(contentsOf: dir.appendingPathComponent("\(name).svg"), encoding: .utf8)
            #expect(svg.contains("<svg") && svg.contains("hintPullForegroundSync") && svg.contains("font-size=\"8.00\""))
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("cost.svg"), encoding: .utf8).contains("Pareto front"))
        let quiet = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: quiet) }
        _ = Self.command(["run", Self.study, "--replications", "5", "--out", quiet.path, "--quiet", "--no-plot"])
        #expect(!FileManager.default.fileExists(atPath: quiet.appendingPathComponent("compare.png").path))
        #expect(FileManager.default.fileExists(atPath: quiet.appendingPathComponent("plot.gp").path))
    }

    @Test("--figure-size column, text and WxH: the PDF page is that size (within 1%), the PNG 150 pixels per inch",
          arguments: [("column", 252.0, nil as Double?), ("text", 504, nil), ("5x4", 360, 288), ("3.5x2.6", 252, 187.2)])
    func figureSize(_ size: String, _ width: Double, _ height: Double?) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = Self.command(["run", Self.study, "--replications", "10", "--out", dir.path, "--quiet", "--figure-size", size])
        #expect(r.status == 0, "\(r.err)")
        try #require(Plotter.gnuplot(["PATH": Self.path]) != nil, "make test installs gnuplot (plot-deps)")
        for name in ["compare", "cost"] {
            let page = try Self.pageSize(dir.appendingPathComponent("\(name).pdf"))
            #expect(abs(page.width - width) <= width * 0.01, "\(name): \(page)")
            if let height { #expect(abs(page.height - height) <= height * 0.01, "\(name): \(page)") }
            let png = try PNGImage(Array(try Data(contentsOf: dir.appendingPathComponent("\(name).png"))))
            #expect(abs(Double(png.width) - width * 150 / 72) <= 1)
        }
    }

    @Test("a bad --figure-size is refused naming the option (exit 2), before anything is written")
    func badFigureSize() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["run", Self.study], ["sweep", scenarioURL("Scenarios/sweeps/loss-rate.json").path], ["merge", dir.path]] {
            let r = runCLI(args + ["--out", dir.path + "/out", "--figure-size", "huge"])
            #expect(r.status == 2 && r.err.contains("--figure-size expects column") && r.err.contains("\"huge\""), "\(args[0]): \(r.err)")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/out"))
        }
    }
}

/// Edge cases the review found: a metric empty in a panel, an axis named like another's seconds.
@Suite struct PlotEdgeTests {
    @Test("a panel with no value draws an empty frame, and gnuplot draws every figure")
    func emptyPanel() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "e", "base": "\(PlotTests.study)", "replications": 4, "variants": ["overflow"], "metric": "convergence_time_p50_s",
             "strategies": ["applyPayload", "hintPull"],
             "axes": [{"name": "retain", "path": "server.retainLast", "values": [4, 8]}]}
            """, in: dir)
        let r = PlotTests.command(["sweep", file, "--out", dir.path + "/out", "--quiet"])
        #expect(r.status == 0 && !r.err.contains("gnuplot failed"), "\(r.err)")
        #expect(try PlotTests.script(dir.appendingPathComponent("out")).contains("\"no value\""), "neither strategy converges here")
        #expect(r.out.contains("plots: compare.svg, compare.png, compare.pdf, cost.svg, cost.png, cost.pdf"), "\(r.out)")
    }

    @Test("an axis named <other axis>_s is refused, duration axis or not")
    func secondsNameReserved() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "e", "base": "\(PlotTests.study)", "axes": [{"name": "x", "path": "server.retainLast", "values": [4, 8]},
                                                              {"name": "x_s", "path": "server.keys", "values": [2, 3]}]}
            """, in: dir)
        let r = runCLI(["validate", file])
        #expect(r.status == 2 && r.err.contains("$.axes[1].name") && r.err.contains("of axis \"x\""), "\(r.err)")
    }
}
