import Foundation
import Testing
@testable import PushSim

/// summary.csv's convergence-rate interval columns of a tiny run whose outcome is certain:
/// three replications of a perfect channel (every change reaches the client, so all three
/// converge) and of a channel that loses every push (no push, no pull, no app open: none
/// converges). The 95% Wilson bounds by hand, z² = 1.959964² = 3.841459: 3 of 3 gives
/// (3/(3 + z²), 1) = (0.438503, 1); 0 of 3 gives (0, z²/(3 + z²)) = (0, 0.561497).
@Suite struct SummaryCSVIntervalTests {
    static let scenario = """
    {"name": "ci", "seed": 5, "replications": 3, "horizon": "10m",
     "server": {"keys": 1, "retainLast": 10, "changes": {"count": 2, "start": "1m", "interval": "1m"}},
     "strategies": ["hintPull"],
     "variants": [{"name": "perfect", "channel": {"kind": "lossy"}}, {"name": "lost", "channel": {"kind": "lossy", "loss": 1}}]}
    """

    @Test("summary.csv: convergence_rate_ci_low/high are 0.438503, 1 for 3 of 3 runs and 0, 0.561497 for 0 of 3 (95% Wilson, by hand)")
    func convergenceRateInterval() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ci.json")
        try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = runCLI(["run", file.path, "--out", out.path, "--jobs", "1"])
        #expect(r.status == 0, "\(r.err)")
        let rows = CSV.parse(try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8))
        let header = rows[0]
        func value(_ variant: String, _ column: String) throws -> Double {
            let row = try #require(rows.first { $0[header.firstIndex(of: "variant")!] == variant })
            let index = try #require(header.firstIndex(of: column))
            return try #require(Double(row[index]))
        }
        #expect(try value("perfect", "converged") == 3)
        #expect(try value("lost", "converged") == 0)
        #expect(abs(try value("perfect", "convergence_rate_ci_low") - 0.438503) < 2e-6)
        #expect(try value("perfect", "convergence_rate_ci_high") == 1)
        #expect(try value("lost", "convergence_rate_ci_low") == 0)
        #expect(abs(try value("lost", "convergence_rate_ci_high") - 0.561497) < 2e-6)
    }

    @Test("summary.csv: mean_pulls and mean_server_requests with their 95% t intervals are those of runs.csv's columns, cell by cell")
    func perRunMeansFromRuns() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        #expect(runCLI(["run", scenarioURL("Scenarios/push-hint-study.json").path, "--replications", "40", "--out", out.path]).status == 0)
        let runs = CSV.parse(try String(contentsOf: out.appendingPathComponent("runs.csv"), encoding: .utf8))
        let summary = CSV.parse(try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8))
        let (rh, sh) = (runs[0], summary[0])
        var varied = 0
        for row in summary.dropFirst() {
            for (column, mean) in [("pulls", "mean_pulls"), ("server_requests", "mean_server_requests")] {
                let values = runs.dropFirst().filter { $0[0] == row[0] && $0[1] == row[1] }.map { Double($0[rh.firstIndex(of: column)!])! }
                let interval = try #require(Statistics.meanInterval(values))
                func field(_ name: String) -> Double { Double(row[sh.firstIndex(of: name)!])! }
                #expect(abs(field(mean) - Statistics.mean(values)) < 1e-6)
                #expect(abs(field(mean + "_ci_low") - interval.low) < 2e-6 && abs(field(mean + "_ci_high") - interval.high) < 2e-6, "\(row[0]) \(row[1]) \(mean)")
                if interval.high > interval.low { varied += 1 }
            }
        }
        #expect(varied >= 2, "some cell's pulls vary, so the interval is not trivially the mean")
    }
}
