import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `pushsim sweep --messages`: every run of every point has its messages.csv rows, headed
/// by the sweep runs.csv's identity columns; the file is byte-identical for any `--jobs`,
/// for shards merged, and for a killed and resumed sweep; gzip holds the same bytes; the
/// other reports are those of a sweep without it; fleets and mixed merges are refused.
@Suite struct SweepMessagesTests {
    typealias Table = MessagesReportTests.Table

    /// Three points of the study's lossy and overflow variants (loss 0.1, 0.4, 0.7), few
    /// replications, written into `dir`.
    static func sweepFile(in dir: URL, replications: Int = 4) throws -> String {
        let url = dir.appendingPathComponent("sweep-\(replications).json")
        let text = """
            {"name": "m", "base": "\(scenarioURL("Scenarios/push-hint-study.json").path)", "replications": \(replications),
             "variants": ["lossy", "overflow"],
             "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1, 0.4, 0.7]}]}
            """
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `pushsim sweep FILE --out DIR ARGS` (no plots, quiet) and requires exit 0.
    static func sweep(_ file: String, _ out: URL, _ extra: [String] = []) throws {
        let r = runCLI(["sweep", file, "--out", out.path, "--quiet", "--no-plot"] + extra)
        try #require(r.status == 0, "sweep \(extra): \(r.err)")
    }

    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("messages.csv is byte-identical for --jobs 1 and 2, for shards 1/2 + 2/2 merged, and the other reports equal a sweep's without --messages")
    func jobsAndShards() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(in: dir)
        let (one, two, plain) = (dir.appendingPathComponent("one"), dir.appendingPathComponent("two"), dir.appendingPathComponent("plain"))
        try Self.sweep(file, one, ["--messages", "csv", "--jobs", "1"])
        try Self.sweep(file, two, ["--messages", "csv", "--jobs", "2"])
        try Self.sweep(file, plain, ["--jobs", "2"])
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b"), merged = dir.appendingPathComponent("merged")
        try Self.sweep(file, a, ["--messages", "csv", "--shard", "1/2", "--jobs", "2"])
        try Self.sweep(file, b, ["--messages", "csv", "--shard", "2/2", "--jobs", "1"])
        #expect(!FileManager.default.fileExists(atPath: a.appendingPathComponent("messages.csv").path), "a shard alone must not assemble")
        let m = runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"])
        try #require(m.status == 0, "\(m.err)")

        let messages = try Self.bytes(one.appendingPathComponent("messages.csv"))
        let lines = messages.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count > 3 * 2 * 3 * 4, "one row or more per run: \(lines.count) lines")
        #expect(try Self.bytes(two.appendingPathComponent("messages.csv")) == messages, "--jobs 2")
        #expect(try Self.bytes(merged.appendingPathComponent("messages.csv")) == messages, "shards merged")
        let header = String(decoding: lines[0], as: UTF8.self)
        #expect(header == CSV.record(["run_id", "point", "loss"] + MessagesTable.columns).dropLast(), "\(header)")
        // Each point keeps its own rows under points/, which the file is the concatenation of.
        var parts = Data(lines[0] + [UInt8(ascii: "\n")])
        for i in 0..<3 {
            let part = try Self.bytes(one.appendingPathComponent(String(format: "points/p%06d.messages.csv", i)))
            #expect(!part.isEmpty, "point \(i) has rows")
            #expect(try Self.bytes(merged.appendingPathComponent(String(format: "points/p%06d.messages.csv", i))) == part, "point \(i) merged")
            parts += part
        }
        #expect(parts == messages)
        for name in ["runs.csv", "summary.csv", "paired.csv"] {
            #expect(try Self.bytes(one.appendingPathComponent(name)) == Self.bytes(plain.appendingPathComponent(name)), "\(name) with --messages")
            #expect(try Self.bytes(merged.appendingPathComponent(name)) == Self.bytes(plain.appendingPathComponent(name)), "\(name) merged")
        }
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("messages.csv").path))
        #expect(try String(contentsOf: one.appendingPathComponent("meta.json"), encoding: .utf8).contains("\"messages_format\" : \"csv\""))
        #expect(try !String(contentsOf: plain.appendingPathComponent("meta.json"), encoding: .utf8).contains("messages_format"))
        // A later sweep without --messages removes the old rows with the rest of the old set.
        try Self.sweep(file, one, ["--jobs", "2"])
        #expect(!FileManager.default.fileExists(atPath: one.appendingPathComponent("messages.csv").path))
        #expect(try Self.bytes(one.appendingPathComponent("runs.csv")) == Self.bytes(plain.appendingPathComponent("runs.csv")))
    }

    /// For every run of `runs` (keyed by `run_id`): its rows in `messages` carry its point
    /// and axis fields, and their `outcomes` tallies add up to its outcome columns.
    /// - Returns: each outcome's total over the runs, and the rows per point.
    static func checkOutcomes(runs: Table, messages: Table, context: String) -> (totals: [String: Int], rowsPerPoint: [String: Int]) {
        var perRun: [String: [String: Int]] = [:], identity: [String: [String]] = [:], rowsPerPoint: [String: Int] = [:]
        for row in messages.rows {
            let id = messages.text(row, "run_id")
            for (label, n) in MessagesReportTests.tally(messages.text(row, "outcomes")) { perRun[id, default: [:]][label, default: 0] += n }
            let fields = ["point", "loss", "variant", "strategy", "replication"].map { messages.text(row, $0) }
            #expect(identity[id] == nil || identity[id] == fields, "\(context) \(id): rows disagree on \(fields)")
            identity[id] = fields
            rowsPerPoint[messages.text(row, "point"), default: 0] += 1
        }
        var totals: [String: Int] = [:]
        for row in runs.rows {
            let id = runs.text(row, "run_id")
            #expect(identity[id] == ["point", "loss", "variant", "strategy", "replication"].map { runs.text(row, $0) }, "\(context) \(id): identity")
            for outcome in PushOutcome.allCases {
                #expect(perRun[id]?[outcome.column] ?? 0 == runs.int(row, outcome.column), "\(context) \(id): \(outcome.column)")
                totals[outcome.column, default: 0] += runs.int(row, outcome.column)
            }
        }
        #expect(Set(perRun.keys) == Set(runs.rows.map { runs.text($0, "run_id") }), "\(context): the runs with rows are runs.csv's runs")
        return (totals, rowsPerPoint)
    }

    @Test("every run of every point (adaptive replications too) has rows whose outcomes add up to its runs.csv columns")
    func outcomesAddUp() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(in: dir)
        for (name, extra) in [("fixed", []), ("adaptive", ["--target-halfwidth", "0.2", "--max-replications", "16"])] {
            let out = dir.appendingPathComponent(name)
            try Self.sweep(file, out, ["--messages", "csv", "--jobs", "2"] + extra)
            let runs = try Table(out.appendingPathComponent("runs.csv")), messages = try Table(out.appendingPathComponent("messages.csv"))
            let (totals, rowsPerPoint) = Self.checkOutcomes(runs: runs, messages: messages, context: name)
            #expect(rowsPerPoint.keys.sorted() == ["0", "1", "2"] && rowsPerPoint.values.allSatisfy { $0 > 0 }, "\(name): \(rowsPerPoint)")
            #expect(totals.values.filter { $0 > 0 }.count >= 2 && totals["delivered", default: 0] > 0, "\(name): the check would be thin: \(totals)")
            if name == "adaptive" {
                let replications = Set(runs.rows.map { runs.int($0, "replication") })
                #expect(replications.max() ?? 0 >= 4, "adaptive mode added no replication; the check would not cover it: \(replications.sorted())")
            }
        }
    }

    @Test("--messages gzip: messages.csv.gz (and each point's part) decompresses to the csv bytes")
    func gzipHoldsTheCSV() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(in: dir)
        let csv = dir.appendingPathComponent("csv"), gzip = dir.appendingPathComponent("gzip")
        try Self.sweep(file, csv, ["--messages", "csv"])
        try Self.sweep(file, gzip, ["--messages", "gzip", "--runs", "gzip"])
        #expect(!FileManager.default.fileExists(atPath: gzip.appendingPathComponent("messages.csv").path))
        let packed = [UInt8](try Self.bytes(gzip.appendingPathComponent("messages.csv.gz")))
        let plain = [UInt8](try Self.bytes(csv.appendingPathComponent("messages.csv")))
        #expect(packed.count < plain.count && !plain.isEmpty)
        #expect(try Gzip.decompress(packed) == plain)
        let part = [UInt8](try Self.bytes(gzip.appendingPathComponent("points/p000001.messages.csv.gz")))
        #expect(try Gzip.decompress(part) == [UInt8](try Self.bytes(csv.appendingPathComponent("points/p000001.messages.csv"))))
        #expect(try String(contentsOf: gzip.appendingPathComponent("meta.json"), encoding: .utf8).contains("\"messages_format\" : \"gzip\""))
    }

    @Test("a sweep killed after a point's messages part resumes to the same bytes")
    func killedAndResumed() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(in: dir)
        let whole = dir.appendingPathComponent("whole"), killed = dir.appendingPathComponent("killed")
        let args = ["sweep", file, "--messages", "csv", "--quiet", "--no-plot", "--jobs", "2"]
        try #require(try Reliability.child(args + ["--out", whole.path]).status == 0)
        // Parts per point: runs, messages, summary, paired; the 6th is point 1's messages part.
        let child = try Reliability.child(args + ["--out", killed.path], failPoint: "point.part:6")
        #expect(child.killed, "point.part:6 was reached: \(child)")
        #expect(!FileManager.default.fileExists(atPath: killed.appendingPathComponent("messages.csv").path))
        #expect(FileManager.default.fileExists(atPath: killed.appendingPathComponent("points/p000001.messages.csv").path))
        #expect(!FileManager.default.fileExists(atPath: killed.appendingPathComponent("points/p000001.done").path))
        try #require(try Reliability.child(args + ["--out", killed.path]).status == 0)
        for name in ["messages.csv", "runs.csv", "summary.csv", "meta.json"] {
            #expect(try Self.bytes(killed.appendingPathComponent(name)) == Self.bytes(whole.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("a sweep of fleets with --messages exits 2 and writes nothing; a merge of shards with different --messages exits 2 naming the folder")
    func refusals() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fleetOut = dir.appendingPathComponent("fleet")
        let fleet = runCLI(["sweep", scenarioURL("Scenarios/sweeps/fleet-broadcast.json").path, "--messages", "csv", "--out", fleetOut.path,
                            "--quiet", "--no-plot"])
        #expect(fleet.status == 2 && fleet.err.contains("--messages is for sweeps of one recipient"), "\(fleet)")
        #expect(!FileManager.default.fileExists(atPath: fleetOut.path), "nothing written for a refused fleet")
        let file = try Self.sweepFile(in: dir, replications: 1)
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b"), merged = dir.appendingPathComponent("merged")
        try Self.sweep(file, a, ["--messages", "csv", "--shard", "1/2"])
        try Self.sweep(file, b, ["--messages", "gzip", "--shard", "2/2"])
        let r = runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"])
        #expect(r.status == 2 && r.err.contains(b.path) && r.err.contains("--messages gzip") && r.err.contains("--messages csv"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: merged.path), "a refused merge writes nothing")
        try Self.sweep(file, b, ["--shard", "2/2"])
        let none = runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"])
        #expect(none.status == 2 && none.err.contains(b.path) && none.err.contains("--messages none"), "\(none)")
    }
}
