import Foundation
import Testing
@testable import PushSim

/// `--runs csv|gzip|none` for run and sweep: the same rows, compressed or not written, and
/// the same summaries, whatever the format and --jobs.
@Suite struct RunsFormatTests {
    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test("run: gzip holds runs.csv's bytes, none writes no rows, summaries are identical, stale rows are removed")
    func run() throws {
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let csv = root.appendingPathComponent("csv"), gz = root.appendingPathComponent("gz"), none = root.appendingPathComponent("none")
        #expect(runCLI(["run", study, "--out", csv.path, "--replications", "40", "--quiet"]).status == 0)
        #expect(runCLI(["run", study, "--out", gz.path, "--replications", "40", "--runs", "gzip", "--jobs", "1", "--quiet"]).status == 0)
        #expect(runCLI(["run", study, "--out", none.path, "--replications", "40", "--runs", "none", "--quiet"]).status == 0)
        let rows = try Self.bytes(csv.appendingPathComponent("runs.csv"))
        #expect(try Gzip.decompress(Self.bytes(gz.appendingPathComponent("runs.csv.gz"))) == rows)
        #expect(!Self.exists(gz.appendingPathComponent("runs.csv")) && !Self.exists(none.appendingPathComponent("runs.csv"))
                && !Self.exists(none.appendingPathComponent("runs.csv.gz")))
        for folder in [gz, none] {
            #expect(try Self.bytes(folder.appendingPathComponent("summary.csv")) == Self.bytes(csv.appendingPathComponent("summary.csv")))
        }
        let meta = String(decoding: try Self.bytes(gz.appendingPathComponent("meta.json")), as: UTF8.self)
        #expect(meta.contains("\"runs_format\" : \"gzip\""))
        // Another --jobs: the same compressed bytes.
        let gz2 = root.appendingPathComponent("gz2")
        #expect(runCLI(["run", study, "--out", gz2.path, "--replications", "40", "--runs", "gzip", "--jobs", "2", "--quiet"]).status == 0)
        #expect(try Self.bytes(gz2.appendingPathComponent("runs.csv.gz")) == Self.bytes(gz.appendingPathComponent("runs.csv.gz")))
        // Rerunning a folder in another format leaves no rows of the earlier run beside the new summary.
        #expect(runCLI(["run", study, "--out", csv.path, "--replications", "40", "--runs", "none", "--quiet"]).status == 0)
        #expect(!Self.exists(csv.appendingPathComponent("runs.csv")))
        // compare --fingerprints and fingerprints read runs.csv.gz.
        #expect(runCLI(["compare", gz.appendingPathComponent("runs.csv.gz").path, gz2.appendingPathComponent("runs.csv.gz").path, "--fingerprints"]).status == 0)
        let listed = runCLI(["fingerprints", gz.appendingPathComponent("runs.csv.gz").path])
        #expect(listed.status == 0 && listed.out.split(whereSeparator: \.isNewline).count == 1 + 40 * 9)
        let bad = runCLI(["run", study, "--out", root.appendingPathComponent("bad").path, "--runs", "zip"])
        #expect(bad.status == 2 && bad.err.contains("--runs expects csv, gzip, none") && !Self.exists(root.appendingPathComponent("bad")))
    }

    @Test("sweep: gzip shards merge to the bytes of one machine and hold the csv rows; none keeps summary and paired")
    func sweep() throws {
        let file = scenarioURL("Scenarios/sweeps/loss-rate.json").path
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        func sweep(_ name: String, _ extra: [String]) -> URL {
            let out = root.appendingPathComponent(name)
            #expect(runCLI(["sweep", file, "--out", out.path, "--replications", "20", "--quiet"] + extra).status == 0)
            return out
        }
        let csv = sweep("csv", []), gz = sweep("gz", ["--runs", "gzip"])
        let s1 = sweep("s1", ["--runs", "gzip", "--shard", "1/2"]), s2 = sweep("s2", ["--runs", "gzip", "--shard", "2/2"])
        let merged = root.appendingPathComponent("merged")
        #expect(runCLI(["merge", s1.path, s2.path, "--out", merged.path]).status == 0)
        let rows = try Self.bytes(csv.appendingPathComponent("runs.csv"))
        #expect(try Gzip.decompress(Self.bytes(gz.appendingPathComponent("runs.csv.gz"))) == rows)
        #expect(try Self.bytes(merged.appendingPathComponent("runs.csv.gz")) == Self.bytes(gz.appendingPathComponent("runs.csv.gz")))
        // A target holding a plan.json of an older layout is refused, and nothing is written.
        let old = root.appendingPathComponent("old/points")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data(#"{"name": "loss-rate"}"#.utf8).write(to: old.appendingPathComponent("plan.json"))
        let refused = runCLI(["merge", s1.path, s2.path, "--out", old.deletingLastPathComponent().path])
        #expect(refused.status == 2 && refused.err.contains("another PushSim layout"), "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: old.path) == ["plan.json"])
        // The same folder swept again without rows: the plan changed, no row file remains.
        _ = sweep("gz", ["--runs", "none"])
        #expect(!Self.exists(gz.appendingPathComponent("runs.csv.gz")) && !Self.exists(gz.appendingPathComponent("runs.csv")))
        for name in ["summary.csv", "paired.csv"] {
            #expect(try Self.bytes(gz.appendingPathComponent(name)) == Self.bytes(csv.appendingPathComponent(name)))
        }
        let points = try FileManager.default.contentsOfDirectory(atPath: gz.appendingPathComponent("points").path)
        #expect(!points.contains { $0.contains(".runs.") })
    }
}
