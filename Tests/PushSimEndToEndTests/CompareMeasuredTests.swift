import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `pushsim compare --measured`: a runs.csv column of one cell against measured samples.
/// The verdicts tested are certain (equal samples: D = 0; disjoint ones: D = 1).
@Suite struct CompareMeasuredTests {
    /// A runs.csv-like file: two cells, `delay_s` 1 … 10 in cell (a, x) with one empty field,
    /// 101 … 110 in (b, x).
    static func runs(in dir: URL) throws -> String {
        var text = "variant,strategy,replication,delay_s\n"
        for i in 1...10 { text += "a,x,\(i),\(i)\n" }
        text += "a,x,11,\n"
        for i in 1...10 { text += "b,x,\(i),\(100 + i)\n" }
        let url = dir.appendingPathComponent("runs.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func measured(_ values: [Double], in dir: URL, name: String = "measured.csv") throws -> String {
        let url = dir.appendingPathComponent(name)
        try ("latency_s\n" + values.map { String($0) }.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("the same samples: D = 0, exit 0, the quantiles side by side, the share above a threshold")
    func same() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["compare", try Self.runs(in: dir), try Self.measured((1...10).map(Double.init), in: dir),
                        "--measured", "delay_s", "--variant", "a", "--strategy", "x", "--threshold", "8"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("10 values") && r.out.contains("(1 empty fields left out)"), "\(r.out)")
        #expect(r.out.contains("D = 0.0000, p = 1"), "\(r.out)")
        // The median of 1 … 10 is 5.5 on both sides.
        #expect(r.out.split(separator: "\n").contains { $0.hasPrefix("p50") && $0.contains("5.5") }, "\(r.out)")
        #expect(r.out.contains("above 8: simulated 2/10 = 0.2000") && r.out.contains("measured 2/10 = 0.2000"), "\(r.out)")
        #expect(r.out.contains("no difference at alpha 0.001"))
    }

    @Test("disjoint samples: D = 1, exit 1; with --out the Q-Q plot is drawn")
    func differs() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plots = dir.appendingPathComponent("qq")
        var out = "", err = ""
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let status = Command.main(["compare", try Self.runs(in: dir), try Self.measured((1...40).map { Double($0) / 10 }, in: dir),
                                   "--measured", "delay_s", "--variant", "b", "--strategy", "x", "--out", plots.path],
                                  out: { out += $0 }, err: { err += $0 }, environment: ["CI": "1", "PATH": path])
        let r = (status: status, out: out, err: err)
        #expect(r.status == 1, "\(r.out) \(r.err)")
        #expect(r.out.contains("D = 1.0000") && r.out.contains("the distributions differ at alpha 0.001"), "\(r.out)")
        let gp = try String(contentsOf: plots.appendingPathComponent("qq.gp"), encoding: .utf8)
        #expect(gp.contains("set output \"qq.\" . fmt") && gp.contains("measured quantile"))
        try #require(Plotter.gnuplot(["PATH": path]) != nil, "make test installs gnuplot (plot-deps)")
        #expect(r.out.contains("Q-Q plot: ") && r.err.isEmpty, "\(r.out) \(r.err)")
        let png = try Data(contentsOf: plots.appendingPathComponent("qq.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 5_000)
        #expect(try Data(contentsOf: plots.appendingPathComponent("qq.pdf")).starts(with: Array("%PDF".utf8)))
    }

    @Test("bad input: a file of two cells and no cell named, an unknown column or cell, option misuse: exit 2")
    func badInput() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (runs, measured) = (try Self.runs(in: dir), try Self.measured([1, 2], in: dir))
        let cases: [([String], String)] = [
            (["--measured", "delay_s"], "2 cells (a / x, b / x); choose one with --variant and --strategy"),
            (["--measured", "nope", "--variant", "a", "--strategy", "x"], "no column \"nope\""),
            (["--measured", "delay_s", "--variant", "c", "--strategy", "x"], "no value of delay_s for c / x"),
            (["--measured", "delay_s", "--variant", "a", "--strategy", "x", "--column", "z"], "no column \"z\""),
            (["--measured", "delay_s", "--variant", "a", "--strategy", "x", "--paired"], "--measured takes"),
            (["--measured", "delay_s", "--variant", "a", "--strategy", "x", "--threshold", "x"], "--threshold expects a finite number"),
        ]
        for (args, words) in cases {
            let r = runCLI(["compare", runs, measured] + args)
            #expect(r.status == 2 && r.err.contains(words), "\(args): \(r.err)")
        }
        #expect(runCLI(["compare", runs, measured, "--threshold", "3"]).err.contains("--threshold applies to --measured"))
    }
}
