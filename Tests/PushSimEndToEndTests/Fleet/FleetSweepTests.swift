import Foundation
import Testing
@testable import PushSim

/// Fleet sweeps: the fleet files of a sweep are the same whether it ran whole, in shards
/// merged afterwards, or resumed.
@Suite struct FleetSweepTests {
    @Test func shardsAndMergeGiveTheWholeSweep() throws {
        let folder = try temporaryFolder()
        try FleetSupport.wake(recipients: 250, workers: 1, batch: 50, replications: 2)
            .write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let sweep = folder.appendingPathComponent("sweep.json")
        try #"{"name": "wake-sweep", "base": "base.json", "axes": [{"name": "batch", "path": "fleet.sender.batch", "values": [25, 50, 125]}]}"#
            .write(to: sweep, atomically: true, encoding: .utf8)
        func path(_ p: String) -> String { folder.appendingPathComponent(p).path }
        let base = ["sweep", sweep.path, "--no-plot", "--quiet", "--jobs", "2"]
        #expect(runCLI(base + ["--out", path("whole")]).status == 0)
        #expect(runCLI(base + ["--out", path("a"), "--shard", "1/2"]).status == 0)
        #expect(runCLI(base + ["--out", path("b"), "--shard", "2/2"]).status == 0)
        #expect(runCLI(["merge", path("a"), path("b"), "--out", path("merged")]).status == 0)
        for file in ["fleet.csv", "fleet-summary.csv", "summary.csv", "paired.csv", "runs.csv"] {
            let whole = try Data(contentsOf: URL(fileURLWithPath: path("whole/\(file)")))
            #expect(whole == (try Data(contentsOf: URL(fileURLWithPath: path("merged/\(file)")))), "\(file)")
        }
        let rows = try FleetSupport.table(URL(fileURLWithPath: path("whole")), "fleet.csv")
        #expect(rows.count == 3 * 2)
        // 250 rows at the wake: 10, 5 and 2 sweeps.
        #expect(rows.map { $0["lateness_after_wake_max_s"]! } == ["540.000000", "540.000000", "240.000000", "240.000000", "60.000000", "60.000000"])
    }
}
