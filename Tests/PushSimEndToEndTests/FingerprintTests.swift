import Foundation
import Testing
@testable import PushSim

/// The per-run fingerprint (`runs.csv` column `fingerprint`) and `--shuffle-ties`.
@Suite struct FingerprintTests {
    /// (variant/strategy/replication, fingerprint) of every row of a run's runs.csv.
    static func fingerprints(_ folder: URL) throws -> [String] {
        let rows = CSV.parse(String(decoding: try Data(contentsOf: folder.appendingPathComponent("runs.csv")), as: UTF8.self))
        let f = try #require(rows[0].firstIndex(of: "fingerprint"))
        return rows.dropFirst().map { "\($0[0])/\($0[1])/\($0[2]) \($0[f])" }
    }

    @Test("fingerprints are equal across runs and --jobs, and tell runs apart", arguments: [
        "Scenarios/push-hint-study.json", "Scenarios/cases/C7.json", "Scenarios/order-status/notification-message.json",
    ])
    func equalAcrossRunsAndJobs(_ file: String) throws {
        let path = scenarioURL(file).path
        let a = try temporaryFolder(), b = try temporaryFolder(), c = try temporaryFolder()
        defer { for f in [a, b, c] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", path, "--out", a.path, "--jobs", "1", "--replications", "60"]).status == 0)
        #expect(runCLI(["run", path, "--out", b.path, "--jobs", "1", "--replications", "60"]).status == 0)
        #expect(runCLI(["run", path, "--out", c.path, "--jobs", "2", "--replications", "60"]).status == 0)
        let fa = try Self.fingerprints(a)
        #expect(fa == (try Self.fingerprints(b)))
        #expect(fa == (try Self.fingerprints(c)))
        let distinct = Set(fa.map { $0.split(separator: " ")[1] })
        #expect(distinct.count > 1 && fa.allSatisfy { $0.split(separator: " ")[1].count == 16 })
    }

    @Test("a shuffled tie order is reproducible, recorded in meta.json, and changes the events of a run with ties")
    func shuffleTies() throws {
        // Ties are shuffled only within an event class (EventClass); C10 has such ties (run-time
        // events due at one instant), C7's ties are between classes (the reconnect at 20 min
        // and a change at that instant), which keep their documented order.
        let study = scenarioURL("Scenarios/cases/C10.json").path
        let fifo = try temporaryFolder(), a = try temporaryFolder(), b = try temporaryFolder(), other = try temporaryFolder()
        defer { for f in [fifo, a, b, other] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", study, "--out", fifo.path, "--replications", "40"]).status == 0)
        #expect(runCLI(["run", study, "--out", a.path, "--replications", "40", "--shuffle-ties", "7", "--jobs", "1"]).status == 0)
        #expect(runCLI(["run", study, "--out", b.path, "--replications", "40", "--shuffle-ties", "7", "--jobs", "2"]).status == 0)
        #expect(runCLI(["run", study, "--out", other.path, "--replications", "40", "--shuffle-ties", "8"]).status == 0)
        let runs = { (d: URL) in try Data(contentsOf: d.appendingPathComponent("runs.csv")) }
        #expect(try runs(a) == runs(b), "same shuffle seed: same bytes, whatever --jobs")
        #expect(try Self.fingerprints(a) != Self.fingerprints(fifo))
        #expect(try Self.fingerprints(a) != Self.fingerprints(other))
        let c7 = scenarioURL("Scenarios/cases/C7.json").path
        #expect(runCLI(["run", c7, "--out", fifo.path, "--replications", "40"]).status == 0)
        #expect(runCLI(["run", c7, "--out", other.path, "--replications", "40", "--shuffle-ties", "7"]).status == 0)
        #expect(try Self.fingerprints(other) == Self.fingerprints(fifo), "ties between classes are never shuffled")
        let meta = String(decoding: try Data(contentsOf: a.appendingPathComponent("meta.json")), as: UTF8.self)
        #expect(meta.contains("\"shuffle_ties\" : 7"))
        let plain = String(decoding: try Data(contentsOf: fifo.appendingPathComponent("meta.json")), as: UTF8.self)
        #expect(!plain.contains("shuffle_ties"))
        // The trace of a shuffled run is that run.
        let row = try Self.fingerprints(a)[0]
        let trace = runCLI(["trace", study, "--shuffle-ties", "7", "--format", "text"])
        #expect(trace.out.hasSuffix("fingerprint \(row.split(separator: " ")[1])\n"))
        #expect(trace.out.hasPrefix("C10: variant dismissed, strategy applyPayload, replication 0, seed 10, ties shuffled with 7"), "\(trace.out.prefix(120))")
    }

    /// Simultaneous deliveries arrive in the order of their arrival ranks (drawn from
    /// `channel.order`), which `--shuffle-ties` never changes: a result no longer depends on
    /// the order in which copies were scheduled.
    @Test("simultaneous deliveries: shuffled ties leave the study's reports and C8's intervals as they were")
    func shuffledTiesKeepDeliveryResults() throws {
        // The study: lossy delays are whole seconds, so copies coincide all the time. Its only
        // ties are between deliveries, which ranks order: the reports are byte-identical.
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let fifo = try temporaryFolder(), shuffled = try temporaryFolder()
        defer { for f in [fifo, shuffled] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", study, "--out", fifo.path, "--replications", "100"]).status == 0)
        #expect(runCLI(["run", study, "--out", shuffled.path, "--replications", "100", "--shuffle-ties", "3"]).status == 0)
        for file in ["runs.csv", "summary.csv"] {
            let (x, y) = try (Data(contentsOf: fifo.appendingPathComponent(file)), Data(contentsOf: shuffled.appendingPathComponent(file)))
            #expect(x == y, "\(file) changed with shuffled ties")
        }
        // C8: 18 (or 4) messages delivered at the reconnect instant, plus rank-0 ties the
        // shuffle does reorder: every 95% interval of summary.csv still overlaps.
        let c8 = scenarioURL("Scenarios/cases/C8.json").path
        let c8fifo = try temporaryFolder(), c8shuffled = try temporaryFolder()
        defer { for f in [c8fifo, c8shuffled] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", c8, "--out", c8fifo.path]).status == 0)
        #expect(runCLI(["run", c8, "--out", c8shuffled.path, "--shuffle-ties", "5"]).status == 0)
        let summary = { (d: URL) in String(decoding: try Data(contentsOf: d.appendingPathComponent("summary.csv")), as: UTF8.self) }
        let moves = try IntervalComparison.moves(baseline: summary(c8fifo), "fifo", current: summary(c8shuffled), "shuffled")
        #expect(moves.isEmpty, "\(moves.map(\.description))")
    }

    @Test("compare --paired: a sign test per cell and column flags a one-sided shift and passes the same runs")
    func pairedSignTests() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let header = "variant,strategy,replication,seed,converged,pulls,rejected_codes,fingerprint\n"
        func runs(_ pulls: (Int) -> Int, converged: (Int) -> Int) -> String {
            header + (0..<40).map { r in "v,s,\(r),1,\(converged(r)),\(pulls(r)),,abc\n" }.joined()
        }
        let base = runs({ $0 % 5 }, converged: { $0 % 2 })
        // Pulls up by one in 30 of 40 runs: sign test p = 2·P(X ≤ 0 | n = 30) ≈ 1.9e-9.
        let shifted = runs({ $0 % 5 + ($0 < 30 ? 1 : 0) }, converged: { $0 % 2 })
        // Converged flips both ways in equal numbers: McNemar's p = 1.
        let flipped = runs({ $0 % 5 }, converged: { r in r < 10 ? 1 - r % 2 : r % 2 })
        for (name, text) in [("base", base), ("shifted", shifted), ("flipped", flipped)] {
            try text.write(to: dir.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
        }
        let path = { (n: String) in dir.appendingPathComponent("\(n).csv").path }
        let same = runCLI(["compare", path("base"), path("base"), "--paired"])
        #expect(same.status == 0 && same.out.contains("40 paired runs, 0 sign tests: nothing moved"), "\(same.out)")
        let moved = runCLI(["compare", path("base"), path("shifted"), "--paired"])
        #expect(moved.status == 1 && moved.out.hasPrefix("1 of 1 sign tests moved (family-wise alpha 0.001 over 1 test, Holm; 40 paired runs)"),
                "\(moved.out)")
        let row = moved.out.split(separator: "\n").first { $0.hasPrefix("  variant=v strategy=s") }.map(String.init) ?? ""
        #expect(row.split(separator: " ", omittingEmptySubsequences: true).prefix(6) == ["variant=v", "strategy=s", "pulls", "40", "30", "0"], "\(moved.out)")
        let balanced = runCLI(["compare", path("base"), path("flipped"), "--paired"])
        #expect(balanced.status == 0 && balanced.out.contains("1 sign tests"), "\(balanced.out)")
        #expect(abs(PairedRunComparison.signTestP(up: 30, down: 0) - 2 * pow(0.5, 30)) < 1e-15)
        #expect(PairedRunComparison.signTestP(up: 5, down: 5) == 1)
        let short = header + "v,s,0,1,1,1,,abc\n"
        try short.write(to: dir.appendingPathComponent("short.csv"), atomically: true, encoding: .utf8)
        let missing = runCLI(["compare", path("base"), path("short"), "--paired"])
        #expect(missing.status == 2 && missing.err.contains("base.csv: row 3: the run variant=v strategy=s replication=1 is not in"), "\(missing.err)")
    }

    @Test("compare --intervals names an interval that no longer overlaps and passes overlapping ones")
    func intervalComparison() throws {
        let header = "variant,strategy,replications,converged,convergence_rate,convergence_rate_ci_low,convergence_rate_ci_high,"
            + "mean_x_s,mean_x_s_ci_low,mean_x_s_ci_high\n"
        let base = header + "v,a,10,5,0.5,0.2,0.8,1.0,0.9,1.1\nv,b,10,5,0.5,0.2,0.8,1.0,,\n"
        let same = header + "v,a,10,6,0.6,0.3,0.85,1.05,1.0,1.1\nv,b,10,5,0.5,0.2,0.8,9.0,,\n"
        let moved = header + "v,a,10,5,0.5,0.2,0.8,2.0,1.2,2.5\nv,b,10,10,1.0,0.9,1.0,1.0,,\n"
        #expect(try IntervalComparison.moves(baseline: base, "a", current: same, "b").isEmpty)
        let moves = try IntervalComparison.moves(baseline: base, "a", current: moved, "b")
        #expect(moves.map(\.description) == ["variant=v strategy=a: mean_x_s [0.9, 1.1] → [1.2, 2.5]",
                                             "variant=v strategy=b: convergence_rate [0.2, 0.8] → [0.9, 1.0]"])
        #expect(throws: ScenarioError.self) { try IntervalComparison.moves(baseline: "a,b\n", "x.csv", current: base, "b") }

        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in [("base", base), ("same", same), ("moved", moved)] {
            try Data(text.utf8).write(to: dir.appendingPathComponent("\(name).csv"))
        }
        let ok = runCLI(["compare", dir.appendingPathComponent("base.csv").path, dir.appendingPathComponent("same.csv").path, "--intervals"])
        #expect(ok.status == 0 && ok.out.contains("every 95% interval still overlaps"), "\(ok.out)")
        let bad = runCLI(["compare", dir.appendingPathComponent("base.csv").path, dir.appendingPathComponent("moved.csv").path, "--intervals"])
        #expect(bad.status == 1 && bad.out.contains("2 intervals no longer overlap"), "\(bad.out)")
    }

    @Test("compare --fingerprints names the first run whose events differ")
    func fingerprintComparison() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(runCLI(["run", scenarioURL("Scenarios/cases/C1.json").path, "--out", dir.path]).status == 0)
        let runs = dir.appendingPathComponent("runs.csv")
        let text = String(decoding: try Data(contentsOf: runs), as: UTF8.self)
        var rows = CSV.parse(text)
        #expect(try FingerprintComparison.firstMismatch(text, "a", text, "b") == nil)
        let f = try #require(rows[0].firstIndex(of: "fingerprint"))
        rows[3][f] = "0000000000000000"
        rows[5][f] = "0000000000000000"
        let planted = rows.map(CSV.record).joined()
        let m = try #require(try FingerprintComparison.firstMismatch(text, "a", planted, "b"))
        #expect(m.row == 3 && m.variant == rows[3][0] && m.strategy == rows[3][1] && m.replication == Int(rows[3][2]))
        let other = dir.appendingPathComponent("planted.csv")
        try Data(planted.utf8).write(to: other)
        let r = runCLI(["compare", runs.path, other.path, "--fingerprints"])
        #expect(r.status == 1 && r.out.contains("run: variant=\(rows[3][0]) strategy=\(rows[3][1]) replication=\(rows[3][2])"), "\(r.out)")
        #expect(runCLI(["compare", runs.path, runs.path, "--fingerprints"]).status == 0)
        let fewer = rows.dropLast().map(CSV.record).joined()
        #expect(throws: ScenarioError.self) { try FingerprintComparison.firstMismatch(text, "a", fewer, "b") }
        #expect(runCLI(["compare", runs.path, other.path, "--fingerprints", "--intervals"]).status == 2)
    }

    @Test("A fingerprint list compares with its runs.csv and names every run whose events changed")
    func fingerprintListNamesEveryChangedRun() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(runCLI(["run", scenarioURL("Scenarios/cases/C1.json").path, "--out", dir.path]).status == 0)
        let runs = dir.appendingPathComponent("runs.csv")
        let listed = runCLI(["fingerprints", runs.path, "--label", "C1.json"])
        #expect(listed.status == 0)
        var rows = CSV.parse(listed.out)
        #expect(rows[0] == ["file", "point", "variant", "strategy", "replication", "fingerprint"])
        let runRows = CSV.parse(String(decoding: try Data(contentsOf: runs), as: UTF8.self))
        #expect(rows.count == runRows.count && rows.dropFirst().allSatisfy { $0[0] == "C1.json" && $0[1].isEmpty })
        let list = dir.appendingPathComponent("list.csv")
        try Data(listed.out.utf8).write(to: list)
        #expect(runCLI(["compare", list.path, runs.path, "--fingerprints"]).status == 0)
        rows[2][5] = "0000000000000000"
        rows[4][5] = "0000000000000001"
        try Data(rows.map(CSV.record).joined().utf8).write(to: list)
        let r = runCLI(["compare", list.path, runs.path, "--fingerprints"])
        #expect(r.status == 1 && r.out.contains("2 runs differ"), "\(r.out)")
        for k in [2, 4] {
            #expect(r.out.contains("run: variant=\(rows[k][2]) strategy=\(rows[k][3]) replication=\(rows[k][4])\n"), "\(r.out)")
        }
    }
}
