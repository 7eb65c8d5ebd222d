import Foundation
import Testing
@testable import PushSim

/// Parameter studies: expansion, determinism across threads, shards, resume, adaptive
/// replications, bad input.
@Suite struct SweepTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path

    /// Writes a sweep file over the study into a fresh folder and returns its path.
    static func sweepFile(_ body: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("sweep.json")
        try Data(body.utf8).write(to: url)
        return url.path
    }

    static let small = """
    {"name": "t", "base": "\(study)", "replications": 40, "variants": ["lossy", "overflow"],
     "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1, 0.4]},
              {"name": "limit", "path": "variants[overflow].channel.limit", "values": [10, 40]}]}
    """

    static func outputs(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in ["runs.csv", "summary.csv", "paired.csv", "meta.json", "plot.gp"] {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    @Test func gridAndZipExpansion() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try SweepPlan.load(path: Self.sweepFile(Self.small, in: dir))
        #expect(grid.points.map { $0.values.map(\.label) } == [["0.1", "10"], ["0.1", "40"], ["0.4", "10"], ["0.4", "40"]])
        #expect(grid.points[2].scenario.variants.map(\.name) == ["lossy", "overflow"])
        #expect((grid.points[2].scenario.variants[0].channel as? LossyChannel)?.transport.loss == 0.4)
        let zipped = try SweepPlan.load(path: Self.sweepFile(Self.small.replacingOccurrences(of: #""replications": 40,"#, with: #""replications": 40, "combine": "zip","#), in: dir))
        #expect(zipped.points.map { $0.values.map(\.label) } == [["0.1", "10"], ["0.4", "40"]])
        let constrained = try SweepPlan.load(path: Self.sweepFile(Self.small.replacingOccurrences(of: #""replications": 40,"#,
            with: #""replications": 40, "constraints": [{"axis": "limit", "op": ">", "other": "loss"}],"#)
            .replacingOccurrences(of: "variants[overflow].channel.limit", with: "variants[lossy].channel.duplicate")
            .replacingOccurrences(of: "[10, 40]", with: "[0.2, 0.3]"), in: dir))
        #expect(constrained.points.map { $0.values.map(\.label) } == [["0.1", "0.2"], ["0.1", "0.3"]])
        let range = try SweepPlan.load(path: Self.sweepFile("""
            {"name": "r", "base": "\(Self.study)", "axes": [{"path": "server.retainLast", "range": {"from": 1, "to": 64, "factor": 2}},
             {"path": "horizon", "range": {"from": 1, "to": 3, "step": 1, "unit": "m"}}]}
            """, in: dir))
        #expect(range.points.count == 7 * 3)
        #expect(range.points.map { $0.scenario.server.retainLast }.prefix(6) == [1, 1, 1, 2, 2, 2])
        #expect(range.points.prefix(3).map(\.scenario.horizon) == [.minutes(1), .minutes(2), .minutes(3)])
    }

    @Test func jobsDoNotChangeBytes() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(Self.small, in: dir)
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        #expect(runCLI(["sweep", file, "--out", a.path, "--jobs", "1"]).status == 0)
        #expect(runCLI(["sweep", file, "--out", b.path, "--jobs", "2"]).status == 0)
        #expect(try Self.outputs(a) == Self.outputs(b))
        let rows = CSV.parse(String(decoding: try Data(contentsOf: a.appendingPathComponent("runs.csv")), as: UTF8.self))
        #expect(rows.count == 1 + 4 * 2 * 3 * 40)
        #expect(Array(rows[0].prefix(5)) == ["run_id", "point", "loss", "limit", "variant"])
        #expect(rows[1].prefix(6) == ["0/lossy/applyPayload/0", "0", "0.1", "10", "lossy", "applyPayload"])
    }

    @Test func shardsMergeIntoTheSameBytes() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(Self.small, in: dir)
        let single = dir.appendingPathComponent("single")
        #expect(runCLI(["sweep", file, "--out", single.path]).status == 0)
        var shards: [String] = []
        for k in 1...3 {
            let out = dir.appendingPathComponent("shard\(k)")
            let r = runCLI(["sweep", file, "--out", out.path, "--shard", "\(k)/3"])
            #expect(r.status == 0)
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("runs.csv").path), "a shard alone must not assemble")
            shards.append(out.path)
        }
        let merged = dir.appendingPathComponent("merged")
        #expect(runCLI(["merge"] + shards + ["--out", merged.path]).status == 0)
        #expect(try Self.outputs(single) == Self.outputs(merged))
        #expect(runCLI(["merge", shards[0], shards[1], "--out", dir.appendingPathComponent("partial").path]).status == 1)
    }

    /// A real interruption: the process is killed (SIGKILL) after some points are written,
    /// then the same command finishes the sweep; the files equal an uninterrupted run's.
    @Test func killAndResumeGivesTheSameBytes() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(Self.small.replacingOccurrences(of: #""replications": 40"#, with: #""replications": 1500"#), in: dir)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")
        let whole = dir.appendingPathComponent("whole"), killed = dir.appendingPathComponent("killed")
        #expect(runCLI(["sweep", file, "--out", whole.path]).status == 0)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["sweep", file, "--out", killed.path, "--jobs", "1", "--quiet"]
        process.environment = ["CI": "1", "PUSHSIM_COMMIT": "test"].merging(sanitizerOptions) { $1 }
        try process.run()
        let points = killed.appendingPathComponent("points")
        let deadline = Date().addingTimeInterval(60 * wallClockScale)
        while Date() < deadline {
            // A point is done once its done record is written (its last file): killed before
            // that, no point is done, and the refusal below would have nothing to refuse.
            let done = (try? FileManager.default.contentsOfDirectory(atPath: points.path))?.filter { $0.hasSuffix(".done") }.count ?? 0
            if done >= 1 || !process.isRunning { break }
            usleep(2_000)
        }
        let interrupted = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(interrupted, "the sweep finished before it could be killed; make it longer")
        #expect(!FileManager.default.fileExists(atPath: killed.appendingPathComponent("runs.csv").path))
        // The test process is another build than the binary: it refuses to resume (ResumeBuildTests).
        #expect(runCLI(["sweep", file, "--out", killed.path]).status == 2)
        let resume = Process()
        resume.executableURL = binary
        resume.arguments = ["sweep", file, "--out", killed.path, "--quiet"]
        resume.environment = ["CI": "1", "PUSHSIM_COMMIT": "test"].merging(sanitizerOptions) { $1 }   // as runCLI's, so meta.json matches
        resume.standardOutput = FileHandle.nullDevice
        try resume.run()
        resume.waitUntilExit()
        #expect(resume.terminationStatus == 0)
        #expect(try Self.outputs(whole) == Self.outputs(killed))
        let left = try FileManager.default.contentsOfDirectory(atPath: points.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "the killed writer's partial file is removed on resume: \(left)")
    }

    /// Two copies of one shard (a task resubmitted while the first still runs) start into
    /// one folder at once: the second is refused while the first holds the folder
    /// (exit 2, naming the holder), or runs after it; the files equal an uninterrupted run's.
    @Test func twoCopiesOfOneShardAtOnce() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(Self.small.replacingOccurrences(of: #""replications": 40"#, with: #""replications": 300"#), in: dir)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")
        let whole = dir.appendingPathComponent("whole"), both = dir.appendingPathComponent("both")
        #expect(runCLI(["sweep", file, "--out", whole.path]).status == 0)
        let copies = (0..<2).map { _ in
            let p = Process()
            p.executableURL = binary
            p.arguments = ["sweep", file, "--out", both.path, "--jobs", "1", "--quiet"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = Pipe()
            p.environment = ProcessInfo.processInfo.environment.merging(["PUSHSIM_COMMIT": "test"]) { $1 }   // as runCLI's meta.json
            return p
        }
        for p in copies { try p.run() }
        let errors = copies.map { p in
            String(decoding: (p.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        for p in copies { p.waitUntilExit() }
        let statuses = copies.map(\.terminationStatus)
        #expect(statuses.contains(0), "\(statuses) \(errors)")
        for (status, text) in zip(statuses, errors) where status != 0 {
            #expect(status == 2 && text.contains("another pushsim is writing into this folder") && text.contains("pid "), "\(text)")
        }
        #expect(try Self.outputs(whole) == Self.outputs(both))
    }

    /// Adaptive mode doubles a point's replications until every cell's 95% half-width is
    /// at most the target, and stops there: half as many were not enough.
    @Test func adaptiveReplicationsStopAtTheTarget() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.sweepFile(Self.small.replacingOccurrences(of: #""replications": 40"#, with: #""replications": 25"#), in: dir)
        let target = 0.06
        #expect(runCLI(["sweep", file, "--out", dir.path + "/out", "--target-halfwidth", String(target), "--max-replications", "3200"]).status == 0)
        let rows = CSV.parse(String(decoding: try Data(contentsOf: dir.appendingPathComponent("out/runs.csv")), as: UTF8.self))
        let h = rows[0]
        let (p, v, s, r, c) = (h.firstIndex(of: "point")!, h.firstIndex(of: "variant")!, h.firstIndex(of: "strategy")!, h.firstIndex(of: "replication")!, h.firstIndex(of: "converged")!)
        var cells: [String: [Bool]] = [:], points: [String: Set<String>] = [:]
        for row in rows.dropFirst() {
            let key = "\(row[p])|\(row[v])|\(row[s])"
            #expect(Int(row[r]) == cells[key, default: []].count)
            cells[key, default: []].append(row[c] == "1")
            points[row[p], default: []].insert(key)
        }
        func widest(_ keys: Set<String>, first n: Int) -> Double {
            keys.map { k in
                let flags = cells[k]!.prefix(n)
                let ci = Statistics.wilsonInterval(successes: flags.filter { $0 }.count, trials: flags.count)
                return (ci.high - ci.low) / 2
            }.max()!
        }
        var grew = 0
        for (_, keys) in points {
            let n = cells[keys.first!]!.count
            #expect(keys.allSatisfy { cells[$0]!.count == n })
            #expect(widest(keys, first: n) <= target || n == 3200)
            if n > 25 { grew += 1; #expect(widest(keys, first: n / 2) > target, "stopped later than needed") }
        }
        #expect(grew > 0)
    }

    @Test func badSweepFilesExitTwoWithPath() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, String, String)] = [
            (Self.small.replacingOccurrences(of: #""axes""#, with: #""axis""#), "$.axis", "unknown key"),
            (Self.small.replacingOccurrences(of: "variants[lossy].channel.loss", with: "variants[lossy].chanel.loss"),
             "$.axes[0].path", #"no key "chanel""#),
            (Self.small.replacingOccurrences(of: "variants[lossy].channel.loss", with: "variants[lossy].channel.kind"),
             "$.axes", "$.variants[0].channel.kind: expected a string"),
            (Self.small.replacingOccurrences(of: "variants[lossy].channel.loss", with: "variants[nope].channel.loss"), "$.axes[0].path", "no element named"),
            (Self.small.replacingOccurrences(of: "[0.1, 0.4]", with: "[0.1, 1.5]"), "$.axes", "probability in [0, 1]"),
            (Self.small.replacingOccurrences(of: #""replications": 40,"#, with: #""replications": 40, "combine": "zip","#)
                .replacingOccurrences(of: "[10, 40]", with: "[10]"), "$.axes[1]", "same number of values"),
            (Self.small.replacingOccurrences(of: #""overflow"]"#, with: #""nope"]"#), "$.variants[1]", "no variant"),
            (Self.small.replacingOccurrences(of: "[10, 40]", with: "[]"), "$.axes[1].values", "at least one value"),
        ]
        for (text, path, fragment) in cases {
            let file = try Self.sweepFile(text, in: dir)
            let out = dir.appendingPathComponent("out")
            let r = runCLI(["sweep", file, "--out", out.path])
            #expect(r.status == 2, "\(path): \(r.err)")
            #expect(r.err.contains("\(file): \(path)"), "\(r.err)")
            #expect(r.err.contains(fragment), "\(r.err)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
