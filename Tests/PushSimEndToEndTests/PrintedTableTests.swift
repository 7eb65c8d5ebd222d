import Foundation
import Testing
@testable import PushSim

/// The tables `pushsim run`, `sweep` and `merge` print: the trade-off per cell (rate with
/// its interval, pulls, stale screen time, freshness p95, convergence times), the same
/// numbers as summary.csv, and a key saying what each column is measured from.
@Suite struct PrintedTableTests {
    /// summary.csv's rows as dictionaries.
    static func summary(_ folder: String) throws -> [[String: String]] {
        let rows = CSV.parse(try String(contentsOfFile: folder + "/summary.csv", encoding: .utf8))
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(rows[0], $0)) }
    }

    /// The printed line of a cell, as words.
    static func words(_ out: String, _ lead: [String]) -> [String]? {
        out.components(separatedBy: "\n").map { $0.split(separator: " ").map(String.init) }.first { Array($0.prefix(lead.count)) == lead }
    }

    /// The fields of a summary row as the table prints them.
    static func expected(_ row: [String: String]) -> [String] {
        func f(_ c: String, _ format: String) -> String { Double(row[c]!).map { String(format: format, $0) } ?? "-" }
        return [f("convergence_rate", "%.3f"), "[" + f("convergence_rate_ci_low", "%.3f") + ",", f("convergence_rate_ci_high", "%.3f") + "]",
                f("mean_pulls", "%.2f"), f("mean_stale_screen_s", "%.2f"), f("mean_freshness_p95_s", "%.2f"),
                f("convergence_time_p50_s", "%.2f"), f("convergence_time_p95_s", "%.2f")]
    }

    @Test("pushsim run prints stale time and freshness p95 beside rate and pulls, each cell as summary.csv has it")
    func runTable() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["run", PlotTests.study, "--replications", "30", "--out", dir.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("variant     strategy                       rate [95% CI]  pulls  stale (s)  fresh p95 (s)  t50 (s)  t95 (s)\n"),
                "\(r.out)")
        let rows = try Self.summary(dir.path)
        #expect(rows.count == 9)
        for row in rows {
            let line = try #require(Self.words(r.out, [row["variant"]!, row["strategy"]!]), "no line for \(row["variant"]!) \(row["strategy"]!)")
            #expect(Array(line.dropFirst(2)) == Self.expected(row), "\(line)")
        }
        #expect(r.out.contains("seconds from the last") && r.out.contains("server change to the client matching it"), "the key says what t50/t95 measure")
        #expect(r.out.components(separatedBy: "\n").allSatisfy { $0.count <= 110 }, "fits 100-odd terminal columns")
    }

    @Test("pushsim sweep and merge print the table per point, axis value, variant and strategy")
    func sweepTable() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile("""
            {"name": "t", "base": "\(PlotTests.study)", "replications": 12, "variants": ["lossy"], "strategies": ["hintPull", "applyPayload"],
             "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1, 0.4]}]}
            """, in: dir)
        for (args, folder) in [(["sweep", file, "--out", dir.path + "/a", "--quiet"], dir.path + "/a"),
                               (["sweep", file, "--out", dir.path + "/s1", "--shard", "1/2", "--quiet"], ""),
                               (["sweep", file, "--out", dir.path + "/s2", "--shard", "2/2", "--quiet"], ""),
                               (["merge", dir.path + "/s1", dir.path + "/s2", "--out", dir.path + "/m"], dir.path + "/m")] {
            let r = runCLI(args)
            #expect(r.status == 0, "\(args): \(r.err)")
            guard !folder.isEmpty else { continue }
            #expect(r.out.contains("point  loss  variant  strategy"), "\(r.out)")
            let rows = try Self.summary(folder)
            #expect(rows.count == 4)
            for row in rows {
                let lead = [row["point"]!, row["loss"]!, row["variant"]!, row["strategy"]!]
                let line = try #require(Self.words(r.out, lead), "no line for \(lead)")
                #expect(Array(line.dropFirst(4)) == Self.expected(row), "\(line)")
            }
            #expect(r.out.contains("summary.csv has every column with its 95% interval"))
        }
    }
}
