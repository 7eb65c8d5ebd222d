import Foundation
import Testing
@testable import PushSim

/// Issue 15, item 1: a sweep's points are never mixed across plans, and a damaged point
/// file is never taken for a finished point, by resume or by merge.
@Suite("Sweep points: plan changes, damaged parts")
struct SweepPointsTests {
    /// The state an interrupted plan change of the old layout left (plan.json deleted,
    /// old point files still there) must not count as done points of the new plan.
    @Test("old point files without this plan's record are recomputed, never counted")
    func oldPointsAreNotCounted() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        #expect(runCLI(["sweep", try Reliability.sweep(in: dir, replications: 1), "--out", out.path, "--quiet"]).status == 0)
        try FileManager.default.removeItem(at: out.appendingPathComponent("points/plan.json"))
        for name in Reliability.names(in: out.appendingPathComponent("points"), suffix: ".done") {
            try FileManager.default.removeItem(at: out.appendingPathComponent("points/\(name)"))   // as the old layout had none
        }
        #expect(runCLI(["sweep", try Reliability.sweep(in: dir, replications: 2), "--out", out.path, "--quiet"]).status == 0)
        #expect(try Reliability.replications(out.appendingPathComponent("summary.csv")) == Array(repeating: "2", count: 18))
    }

    @Test("a plan change killed while it removes the old points, or after writing the new plan, resumes with no old point",
          arguments: ["plan.written:1", "points.remove:1", "points.remove:7", "points.remove:20"])
    func killedPlanChange(failPoint: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let one = try Reliability.sweep(in: dir, replications: 1), two = try Reliability.sweep(in: dir, replications: 2)
        #expect(runCLI(["sweep", one, "--out", out.path, "--quiet", "--no-plot"]).status == 0)
        let killed = try Reliability.child(["sweep", two, "--out", out.path, "--quiet", "--no-plot"], failPoint: failPoint)
        #expect(killed.killed, "\(failPoint) was reached: \(killed)")
        #expect(runCLI(["sweep", two, "--out", out.path, "--quiet", "--no-plot"]).status == 0)
        #expect(try Reliability.replications(out.appendingPathComponent("summary.csv")) == Array(repeating: "2", count: 18))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("points").path)
        #expect(names.filter { $0.hasSuffix(".done") }.count == 6 && !names.contains { $0.hasSuffix(".partial") }, "\(names.sorted())")
    }

    @Test("a plan change removes only point files: other files and folders under points/ stay")
    func planChangeKeepsOtherFiles() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), points = out.appendingPathComponent("points")
        #expect(runCLI(["sweep", try Reliability.sweep(in: dir, replications: 1), "--out", out.path, "--quiet"]).status == 0)
        try Data("mine\n".utf8).write(to: points.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: points.appendingPathComponent("extra"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: points.appendingPathComponent("extra/p000001.summary.csv"))
        try Data("x".utf8).write(to: points.appendingPathComponent("p1.csv"))
        #expect(runCLI(["sweep", try Reliability.sweep(in: dir, replications: 2), "--out", out.path, "--quiet"]).status == 0)
        for kept in ["notes.txt", "extra/p000001.summary.csv", "p1.csv"] {
            #expect(FileManager.default.fileExists(atPath: points.appendingPathComponent(kept).path), "\(kept) kept")
        }
    }

    /// Truncates `part` of point 1 by 5 bytes.
    static func truncate(_ points: URL, _ part: String) throws {
        let url = points.appendingPathComponent("p000001.\(part).csv")
        let data = try Data(contentsOf: url)
        try data.prefix(data.count - 5).write(to: url)
    }

    @Test("a truncated or changed part is recomputed by a rerun: the reports equal an undamaged run's", arguments: ["summary", "runs", "paired"])
    func damagedPartIsRecomputed(part: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = try Reliability.sweep(in: dir, replications: 3)
        let whole = dir.appendingPathComponent("whole"), damaged = dir.appendingPathComponent("damaged")
        #expect(runCLI(["sweep", sweep, "--out", whole.path, "--quiet", "--no-plot"]).status == 0)
        try Reliability.copy(whole, to: damaged)
        try Self.truncate(damaged.appendingPathComponent("points"), part)
        #expect(runCLI(["sweep", sweep, "--out", damaged.path, "--quiet", "--no-plot"]).status == 0)
        #expect(Reliability.reports(damaged) == Reliability.reports(whole))
        // Same size, other bytes: found when the part is read for assembly, then recomputed.
        let url = damaged.appendingPathComponent("points/p000002.\(part).csv")
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 2] = bytes[bytes.count - 2] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
        try Data(bytes).write(to: url)
        try FileManager.default.removeItem(at: damaged.appendingPathComponent("summary.csv"))
        #expect(runCLI(["sweep", sweep, "--out", damaged.path, "--quiet", "--no-plot"]).status == 0)
        #expect(Reliability.reports(damaged) == Reliability.reports(whole))
    }

    @Test("merge leaves out a shard's damaged point (exit 1, naming it), and completes once the shard is rerun")
    func mergeChecksParts() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = try Reliability.sweep(in: dir, replications: 3)
        let whole = dir.appendingPathComponent("whole"), a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        let merged = dir.appendingPathComponent("merged")
        #expect(runCLI(["sweep", sweep, "--out", whole.path, "--quiet", "--no-plot"]).status == 0)
        #expect(runCLI(["sweep", sweep, "--out", a.path, "--shard", "1/2", "--quiet", "--no-plot"]).status == 0)
        #expect(runCLI(["sweep", sweep, "--out", b.path, "--shard", "2/2", "--quiet", "--no-plot"]).status == 0)
        // Point 1 is shard 2's (index 1 ≡ 1 mod 2). Same size, other bytes: only the CRC-32 tells.
        let url = b.appendingPathComponent("points/p000001.summary.csv")
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 2] = bytes[bytes.count - 2] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
        try Data(bytes).write(to: url)
        let r = runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"])
        #expect(r.status == 1 && r.err.contains("point 1") && r.err.contains(b.path), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: merged.appendingPathComponent("summary.csv").path))
        try Self.truncate(b.appendingPathComponent("points"), "summary")   // now the size differs: named too, and shard 2's rerun recomputes it
        let truncated = runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"])
        #expect(truncated.status == 1 && truncated.err.contains("point 1 in \(b.path)"), "\(truncated)")
        #expect(runCLI(["sweep", sweep, "--out", b.path, "--shard", "2/2", "--quiet", "--no-plot"]).status == 0)
        #expect(runCLI(["merge", a.path, b.path, "--out", merged.path, "--no-plot"]).status == 0)
        #expect(Reliability.reports(merged) == Reliability.reports(whole))
    }
}
