import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The plots: one panel per cell (no series hides another), the sweep's declared metric
/// and cost, swept values as tics, log scale for geometric axes, SVG + PNG + PDF drawn by
/// gnuplot when it is on PATH.
@Suite struct PlotTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path
    static let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    static func script(_ dir: URL) throws -> String { try String(contentsOf: dir.appendingPathComponent("plot.gp"), encoding: .utf8) }

    @Test("a sweep's plot: a panel per (variant, strategy) in each figure, the declared metric and cost, tics at the swept values")
    func sweepPanels() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "p", "base": "\(Self.study)", "replications": 4, "variants": ["lossy", "overflow"], "cost": "mean_resets",
             "axes": [{"name": "retain", "path": "server.retainLast", "range": {"from": 1, "to": 16, "factor": 2}}]}
            """, in: dir)
        #expect(runCLI(["sweep", file, "--out", dir.path + "/out", "--quiet"]).status == 0)
        let gp = try Self.script(dir.appendingPathComponent("out"))
        let titles = gp.components(separatedBy: "\n").filter { $0.hasPrefix("  set title ") }
        #expect(titles.count == 2 * 2 * 3, "two figures × two variants × three strategies")
        #expect(Set(titles).count == 6 && titles.contains("  set title \"overflow · hintPull\""))
        #expect(gp.contains("mean_resets against convergence_rate") && gp.contains("convergence_rate against retain (95% interval)"))
        #expect(gp.contains("set xtics (\"1\" 1, \"2\" 2, \"4\" 4, \"8\" 8, \"16\" 16)"), "the swept values are the tics")
        #expect(gp.contains("retain (log scale)") && gp.contains("set logscale x"), "a factor range is drawn on a log scale")
        for format in ["svg", "png", "pdf"] { #expect(gp.contains("set output \"rate.\" . fmt") && gp.contains("\"\(format)\"")) }
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

    @Test("pushsim run draws rate.svg, rate.png and rate.pdf with gnuplot: one panel per variant; --no-plot draws nothing")
    func runDraws() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var out = "", err = ""
        let status = Command.main(["run", Self.study, "--replications", "20", "--out", dir.path, "--quiet"], out: { out += $0 }, err: { err += $0 },
                                  environment: ["CI": "1", "PUSHSIM_COMMIT": "test", "PATH": Self.path])
        #expect(status == 0, "\(err)")
        try #require(Plotter.gnuplot(["PATH": Self.path]) != nil, "make test installs gnuplot (plot-deps)")
        #expect(out.contains("plots: rate.svg, rate.png, rate.pdf in"), "\(out)")
        let gp = try Self.script(dir)
        #expect(gp.components(separatedBy: "\n").filter { $0.hasPrefix("  set title ") } == ["  set title \"lossy\"", "  set title \"keepLatest\"", "  set title \"overflow\""])
        let png = try Data(contentsOf: dir.appendingPathComponent("rate.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        #expect(try Data(contentsOf: dir.appendingPathComponent("rate.pdf")).starts(with: Array("%PDF".utf8)))
        let svg = try String(contentsOf: dir.appendingPathComponent("rate.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("hintPullForegroundSync"))
        let quiet = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: quiet) }
        _ = Command.main(["run", Self.study, "--replications", "5", "--out", quiet.path, "--quiet", "--no-plot"], out: { _ in }, err: { _ in },
                         environment: ["CI": "1", "PATH": Self.path])
        #expect(!FileManager.default.fileExists(atPath: quiet.appendingPathComponent("rate.png").path))
        #expect(FileManager.default.fileExists(atPath: quiet.appendingPathComponent("plot.gp").path))
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
             "axes": [{"name": "retain", "path": "server.retainLast", "values": [4, 8]}]}
            """, in: dir)
        var out = "", err = ""
        let status = Command.main(["sweep", file, "--out", dir.path + "/out", "--quiet"], out: { out += $0 }, err: { err += $0 },
                                  environment: ["CI": "1", "PATH": PlotTests.path])
        #expect(status == 0 && !err.contains("gnuplot failed"), "\(err)")
        #expect(try PlotTests.script(dir.appendingPathComponent("out")).contains("\"no value\""), "applyPayload never converges here")
        #expect(out.contains("plots: rate.svg, rate.png, rate.pdf, cost.svg, cost.png, cost.pdf"), "\(out)")
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
