import Foundation
import Testing
@testable import PushSim

/// Reports that load into pandas and R without surprises: axis names that cannot shadow a
/// column, a numeric seconds column beside a duration axis, `paired.csv` for a plain run,
/// one spelling of interval bounds, LF line endings.
@Suite struct TidyResultsTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path

    @Test("an axis named like a report column is refused, naming both", arguments: [
        ("changes", "the column \"changes\" of runs.csv"),
        ("strategy", "the column \"strategy\" of runs.csv"),
        ("replications", "the column \"replications\" of summary.csv"),
        ("point", "the column \"point\" of runs.csv"),
        ("difference", "the column \"difference\" of paired.csv"),
    ])
    func axisNameCollision(name: String, column: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "t", "base": "\(Self.study)", "axes": [{"name": "\(name)", "path": "server.retainLast", "values": [4, 8]}]}
            """, in: dir)
        let r = runCLI(["validate", file])
        #expect(r.status == 2 && r.err.contains("$.axes[0].name") && r.err.contains("axis name \"\(name)\"") && r.err.contains(column), "\(r.err)")
    }

    @Test("a duration axis's seconds column may not collide either")
    func secondsColumnCollision() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "t", "base": "\(Self.study)", "axes": [{"name": "convergence_time", "path": "horizon", "values": ["1m", "2m"]}]}
            """, in: dir)
        let r = runCLI(["validate", file])
        #expect(r.status == 2 && r.err.contains("$.axes[0].name") && r.err.contains("\"convergence_time_s\""), "\(r.err)")
    }

    @Test("a duration axis gets <axis>_s in seconds beside it, in runs, summary and paired")
    func durationAxisSeconds() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "t", "base": "\(Self.study)", "replications": 3, "variants": ["lossy"],
             "axes": [{"name": "open", "path": "server.changes.interval", "values": ["1s", "2s"]}]}
            """, in: dir)
        let out = dir.appendingPathComponent("out")
        let r = runCLI(["sweep", file, "--out", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        for name in ["runs.csv", "summary.csv", "paired.csv"] {
            let rows = CSV.parse(try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8))
            let header = try #require(rows.first)
            let i = try #require(header.firstIndex(of: "open"))
            #expect(header[i + 1] == "open_s", "\(name)")
            #expect(Set(rows.dropFirst().map { "\($0[i])=\($0[i + 1])" }) == ["1s=1.000000", "2s=2.000000"], "\(name)")
        }
    }

    @Test("pushsim run writes paired.csv: every variant and strategy pair, the rates matching summary.csv")
    func runWritesPaired() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["run", Self.study, "--replications", "50", "--out", dir.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let paired = CSV.parse(try String(contentsOf: dir.appendingPathComponent("paired.csv"), encoding: .utf8))
        #expect(paired.first == PairedTable.columns)
        #expect(paired.count == 1 + 3 * 3)   // 3 variants × C(3, 2) pairs
        let summary = CSV.parse(try String(contentsOf: dir.appendingPathComponent("summary.csv"), encoding: .utf8))
        let h = summary[0]
        func rate(_ v: String, _ s: String) -> String {
            summary.first { $0[h.firstIndex(of: "variant")!] == v && $0[h.firstIndex(of: "strategy")!] == s }![h.firstIndex(of: "convergence_rate")!]
        }
        for row in paired.dropFirst() {
            #expect(row[3] == "50")
            #expect(row[4] == rate(row[0], row[1]) && row[5] == rate(row[0], row[2]), "\(row)")
            let d = Double(row[6])!, low = Double(row[7])!, high = Double(row[8])!
            #expect(low <= d && d <= high && low >= -1 && high <= 1, "\(row)")
            #expect(abs(d - Double(Int(row[9])! - Int(row[10])!) / 50) < 1e-6)
        }
        let bytes = try Data(contentsOf: dir.appendingPathComponent("summary.csv")) + (try Data(contentsOf: dir.appendingPathComponent("runs.csv")))
        #expect(!bytes.contains(0x0D), "LF line endings only")
    }

    @Test("every interval is <metric>_ci_low / <metric>_ci_high beside its metric")
    func intervalSpelling() {
        for columns in [SummaryTable.columns, PairedTable.columns] {
            for c in columns where c.contains("ci_") {
                #expect(c.hasSuffix("_ci_low") || c.hasSuffix("_ci_high"), "\(c)")
                let metric = c.hasSuffix("_ci_low") ? String(c.dropLast(7)) : String(c.dropLast(8))
                #expect(columns.contains(metric), "\(c) bounds \(metric), which is no column")
            }
        }
    }
}

/// `pushsim compare --power / --detect` on summaries written for the purpose.
@Suite struct ComparePowerTests {
    static func summaries(_ base: Int, _ new: Int, n: Int = 1000) throws -> (URL, String, String) {
        let dir = try temporaryFolder()
        let header = "variant,strategy,replications,converged\n"
        let a = dir.appendingPathComponent("a.csv"), b = dir.appendingPathComponent("b.csv")
        try Data((header + "v,s,\(n),\(base)\n").utf8).write(to: a)
        try Data((header + "v,s,\(n),\(new)\n").utf8).write(to: b)
        return (dir, a.path, b.path)
    }

    @Test("a loss change 0.30 → 0.36 at 1,000 runs: the default reports what it can detect; --detect 0.06 flags it")
    func detect() throws {
        let (dir, a, b) = try Self.summaries(300, 360)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = runCLI(["compare", a, b])
        #expect(plain.status == 0 && plain.out.contains("1 cell: nothing moved (family-wise alpha 0.001 over 1 test, Holm")
                && plain.out.contains("the most significant changes, none significant at that level"), "\(plain.out)")
        let row = try #require(plain.out.split(separator: "\n").first { $0.contains(" convergence_rate ") }, "\(plain.out)")
        #expect(row.contains("0.3 (300/1000)") && row.contains("0.36 (360/1000)") && row.contains("+6 points") && row.contains("0.0043"), "\(row)")
        #expect(plain.out.contains("detectable with power 0.8 at Holm's first level alpha/tests = 0.001: a change of convergence rate of 0.0"),
                "\(plain.out)")
        let asked = runCLI(["compare", a, b, "--detect", "0.06", "--power", "0.8"])
        #expect(asked.status == 1 && asked.out.contains("1 cell: moved in 1 of 1 tests") && asked.out.contains("0.0043 < 0.0"), "\(asked.out)")
        #expect(asked.out.contains("(--detect)") && asked.out.contains("expect at most") && asked.out.contains("false alarms"), "\(asked.out)")
        let same = try Self.summaries(300, 305)
        defer { try? FileManager.default.removeItem(at: same.0) }
        #expect(runCLI(["compare", same.1, same.2, "--detect", "0.06"]).status == 0)
        let bad = runCLI(["compare", a, b, "--power", "1.5"])
        #expect(bad.status == 2 && bad.err.contains("--power expects a number in (0, 1)"), "\(bad.err)")
    }
}
