import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `pushsim select` (issue 35): the study's answer, lower-is-better metrics, bad input,
/// and byte-identical files whatever --jobs is. The procedure's own guarantee is checked
/// in PushSimTests (KimNelsonTests).
@Suite struct SelectCommandTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path

    /// Runs `select` into a fresh folder; returns the result, the rows of selection.csv
    /// keyed by "variant/strategy" (nil when not written) and the folder.
    static func select(_ args: [String]) throws -> (r: (status: Int32, out: String, err: String), rows: [String: [String: String]]?, folder: URL) {
        let folder = try temporaryFolder().appendingPathComponent("out")
        let r = runCLI(["select", study, "--out", folder.path] + args)
        guard let text = try? String(contentsOf: folder.appendingPathComponent("selection.csv"), encoding: .utf8) else { return (r, nil, folder) }
        let records = CSV.parse(text)
        var rows: [String: [String: String]] = [:]
        for record in records.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(records[0], record))
            rows["\(row["variant"]!)/\(row["strategy"]!)"] = row
        }
        return (r, rows, folder)
    }

    @Test("the study at δ = 0.01, 1 − α = 0.95 on convergence: hintPullForegroundSync on every variant; keepLatest's tie is reported")
    func studyChoosesForegroundSync() throws {
        let (r, found, folder) = try Self.select(["--delta", "0.01", "--alpha", "0.05", "--quiet"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let rows = try #require(found)
        #expect(rows.count == 9)
        for variant in ["lossy", "keepLatest", "overflow"] {
            let chosen = rows.values.filter { $0["variant"] == variant && $0["selected"] == "1" }.map { $0["strategy"]! }
            #expect(chosen == ["hintPullForegroundSync"], "\(variant): \(chosen)")
            #expect(rows["\(variant)/applyPayload"]?["status"] == "eliminated")
        }
        #expect(rows["lossy/hintPull"]?["status"] == "eliminated" && rows["lossy/hintPull"]?["by_strategy"] == "hintPullForegroundSync")
        #expect(rows["lossy/hintPullForegroundSync"]?["status"] == "selected")
        // keepLatest: both hint strategies converge in every replication: tied once every W = 0, after
        // ⌈h²(1 − δ)/(Bδ)⌉ = ⌈7.0438 × 0.99 / 0.2⌉ = 35 batches of B = 20.
        for s in ["hintPull", "hintPullForegroundSync"] {
            #expect(rows["keepLatest/\(s)"]?["status"] == "tied-best" && rows["keepLatest/\(s)"]?["replications"] == "700")
        }
        #expect(rows["keepLatest/hintPull"]?["selected"] == "0")
        #expect(r.out.contains("overall: hintPullForegroundSync is best or tied-best on every variant (3 of 3)"), "\(r.out)")
        #expect(r.out.contains("lossy: hintPull eliminated after "), "\(r.out)")
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("selection-meta.json"))) as? [String: Any])
        #expect(meta["metric"] as? String == "converged" && meta["commit"] as? String == "test" && meta["batch"] as? Int == 20)
    }

    @Test("lower is better (pulls): applyPayload, which never pulls, is selected everywhere; the pulling strategies fall to it")
    func lowerIsBetter() throws {
        let (r, found, folder) = try Self.select(["--metric", "pulls", "--delta", "0.5"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(r.status == 0, "\(r.err)")
        let rows = try #require(found)
        for variant in ["lossy", "keepLatest", "overflow"] {
            #expect(rows["\(variant)/applyPayload"]?["selected"] == "1" && rows["\(variant)/applyPayload"]?["mean"] == "0.000000")
            let fgs = try #require(rows["\(variant)/hintPullForegroundSync"])
            #expect(fgs["status"] == "eliminated" && fgs["by_strategy"] == "applyPayload" && fgs["better"] == "lower", "\(fgs)")
            #expect(Double(fgs["mean"]!)! > Double(fgs["by_mean"]!)! + Double(fgs["w"]!)!, "\(fgs)")
        }
        #expect(r.out.contains("> applyPayload's 0 + W "), "\(r.out)")
    }

    @Test("selection.csv and selection-meta.json are byte-identical with --jobs 1 and --jobs 2")
    func sameBytesWhateverJobs() throws {
        let one = try Self.select(["--jobs", "1", "--metric", "stale_screen_s", "--delta", "1"])
        let two = try Self.select(["--jobs", "2", "--metric", "stale_screen_s", "--delta", "1"])
        defer {
            try? FileManager.default.removeItem(at: one.folder.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: two.folder.deletingLastPathComponent())
        }
        #expect(one.r.status == 0 && two.r.status == 0 && one.r.out.split(separator: "\n").dropLast() == two.r.out.split(separator: "\n").dropLast())
        for name in ["selection.csv", "selection-meta.json"] {
            let a = try Data(contentsOf: one.folder.appendingPathComponent(name)), b = try Data(contentsOf: two.folder.appendingPathComponent(name))
            #expect(a == b, "\(name) differs between --jobs 1 and 2")
        }
        #expect(one.rows?.values.contains { $0["status"] == "eliminated" } == true, "the comparison covers eliminations")
    }

    @Test("bad input exits 2 naming the option or file, and writes nothing", arguments: [
        (["--delta", "0"], "--delta expects a number > 0"),
        (["--delta", "-0.1"], "--delta expects a number > 0"),
        (["--delta", "1"], "--delta for converged (a rate) expects a number in (0, 1)"),
        (["--alpha", "0"], "--alpha expects a number in (0, 1)"),
        (["--alpha", "1"], "--alpha expects a number in (0, 1)"),
        (["--n0", "1"], "--n0 expects an integer in 2…1000000"),
        (["--n0", "50", "--max-replications", "990"], "--max-replications (990) is below the first stage, --n0 × --batch (50 × 20 = 1000)"),
        (["--batch", "0"], "--batch expects an integer in 1…10000"),
        (["--metric", "latency"], "unknown metric \"latency\"; metrics: converged, stale_screen_s"),
        (["--metric", "pulls"], "--delta is needed for metric pulls"),
        (["--metric", "stale_screen_s", "--delta", "1e305"], "--delta 1e305 is too large for stale_screen_s"),
        (["--metric", "freshness_p95_s", "--delta", "1"], "freshness_p95_s is empty in the run of variant overflow, strategy applyPayload"),
    ])
    func badOptions(args: [String], message: String) throws {
        let (r, rows, folder) = try Self.select(args + ["--quiet"])
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(r.status == 2 && r.err.contains(message) && r.out.isEmpty, "\(args): \(r.err)")
        #expect(rows == nil && !FileManager.default.fileExists(atPath: folder.path), "\(args): something was written")
    }

    @Test("a scenario with one strategy, or a fleet: exit 2 naming the file and JSON path")
    func badScenario() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.study))) as? [String: Any])
        json["strategies"] = ["hintPull"]
        let one = dir.appendingPathComponent("one.json")
        try JSONSerialization.data(withJSONObject: json).write(to: one)
        let r = runCLI(["select", one.path, "--out", dir.appendingPathComponent("out").path])
        #expect(r.status == 2 && r.err.contains("\(one.path): $.strategies: select needs at least two strategies, got 1"), "\(r.err)")
        let fleet = scenarioURL("Scenarios/fleet/day.json").path
        let f = runCLI(["select", fleet, "--out", dir.appendingPathComponent("out").path])
        #expect(f.status == 2 && f.err.contains("$.fleet: select compares strategies for one recipient"), "\(f.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
