import Foundation
import Testing
@testable import PushSim

/// A resumed sweep and `merge` key on the build that computed the saved points.
@Suite struct ResumeBuildTests {
    static let sweep = """
    {"name": "b", "base": "\(scenarioURL("Scenarios/push-hint-study.json").path)", "replications": 5, "variants": ["lossy"],
     "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1, 0.2, 0.3]}]}
    """

    static func options(build: String, shard: (Int, Int) = (1, 1), allow: Bool = false) -> SweepRunner.Options {
        var o = SweepRunner.Options()
        o.build = build; o.shard = shard; o.allowOtherBuild = allow
        return o
    }

    @Test("a rebuilt binary refuses to resume another build's points (exit 2, naming both), unless --allow-other-build")
    func resumeRefusesAnotherBuild() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try SweepPlan.load(path: SweepTests.sweepFile(Self.sweep, in: dir))
        let out = dir.appendingPathComponent("out")
        // Build "old" computes one shard's points, as an interrupted run would leave them.
        #expect(try SweepRunner.run(plan, into: out, options: Self.options(build: "old", shard: (1, 2))) == .partial(done: 2, total: 3))
        do {
            _ = try SweepRunner.run(plan, into: out, options: Self.options(build: "new"))
            Issue.record("resumed another build's points")
        } catch let e as ScenarioError {
            #expect(e.path == "$.build" && e.message.contains("old") && e.message.contains("new") && e.message.contains("--allow-other-build"),
                    "\(e)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.csv").path), "nothing assembled")
        // The same build resumes; another build may when asked.
        #expect(try SweepRunner.run(plan, into: out, options: Self.options(build: "new", allow: true)) == .complete(points: 3))
        // The CLI: the points of this folder are not this binary's, so a plain rerun refuses.
        let r = runCLI(["sweep", plan.file, "--out", out.path, "--quiet"])
        #expect(r.status == 2 && r.err.contains("$.build"), "\(r.err)")
        #expect(runCLI(["sweep", plan.file, "--out", out.path, "--quiet", "--allow-other-build"]).status == 0)
    }

    @Test("merge refuses shards of different builds unless --allow-other-build")
    func mergeRefusesMixedBuilds() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = try SweepPlan.load(path: SweepTests.sweepFile(Self.sweep, in: dir))
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b"), target = dir.appendingPathComponent("t")
        _ = try SweepRunner.run(plan, into: a, options: Self.options(build: "one", shard: (1, 2)))
        _ = try SweepRunner.run(plan, into: b, options: Self.options(build: "two", shard: (2, 2)))
        #expect(throws: ScenarioError.self) { try SweepRunner.merge([a, b], into: target) }
        #expect(!FileManager.default.fileExists(atPath: target.path), "nothing written")
        #expect(try SweepRunner.merge([a, b], into: target, allowOtherBuild: true) == .complete(points: 3))
    }
}
