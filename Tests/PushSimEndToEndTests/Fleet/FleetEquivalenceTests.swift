import Foundation
import Testing
@testable import PushSim

/// A fleet whose shared resources are all off is N independent recipients: recipient r of
/// fleet replication k runs exactly as the lone run k·N + r of the same scenario, so the
/// recipient-level reports are byte-identical to the lone scenario's with N·K replications
/// (certain by construction: the same streams, the same events).
@Suite struct FleetEquivalenceTests {
    static let lone = """
    {"name": "eq", "seed": 11, "replications": REPS, "horizon": "120s",
     "server": {"keys": 5, "retainLast": 8, "changes": {"count": 30, "start": "1s", "interval": "1s"}},
     "device": {"foreground": ["60s"]},
     "strategies": ["applyPayload", "hintPull", "hintPullForegroundSync"],
     "variants": [{"name": "lossy", "channel": {"kind": "lossy", "loss": 0.3, "duplicate": 0.1, "delay": {"kind": "uniformInt", "min": 0, "max": 4, "unit": "s"}}},
                  {"name": "overflow", "channel": {"kind": "overflow", "limit": 20, "deletedSignal": false},
                   "device": {"offline": [{"from": "0s", "to": "40s"}], "foreground": ["60s"]}}]FLEET}
    """

    @Test(arguments: [1, 2])
    func independentFleetIsTheLoneRunsExactly(jobs: Int) throws {
        let fleet = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "3")
            .replacingOccurrences(of: "FLEET", with: #", "fleet": {"population": {"count": 40}}"#), ["--jobs", "\(jobs)"])
        let lone = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "120").replacingOccurrences(of: "FLEET", with: ""))
        #expect(fleet.status == 0 && lone.status == 0, "\(fleet.err) \(lone.err)")
        for file in ["summary.csv", "paired.csv", "runs.csv"] {
            let a = try Data(contentsOf: fleet.out.appendingPathComponent(file)), b = try Data(contentsOf: lone.out.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between the fleet and the lone runs")
        }
        // The fleet's own rows: one per fleet run, 40 recipients each.
        let rows = try FleetSupport.table(fleet.out, "fleet.csv")
        #expect(rows.count == 2 * 3 * 3)
        #expect(rows.allSatisfy { $0["recipients"] == "40.000000" })
    }

    /// Each fleet file is byte-identical for any --jobs.
    @Test func fleetFilesDoNotDependOnJobs() throws {
        let json = FleetSupport.wake(recipients: 300, workers: 2, batch: 40, replications: 3)
        let a = try FleetSupport.run(json, ["--jobs", "1"]), b = try FleetSupport.run(json, ["--jobs", "2"])
        for file in ["fleet.csv", "fleet-summary.csv", "timeline.csv", "summary.csv", "runs.csv", "plot.gp"] {
            #expect(try Data(contentsOf: a.out.appendingPathComponent(file)) == Data(contentsOf: b.out.appendingPathComponent(file)), "\(file)")
        }
    }
}
