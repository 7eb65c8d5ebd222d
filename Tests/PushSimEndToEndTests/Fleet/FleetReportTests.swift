import Foundation
import Testing
@testable import PushSim

/// A fleet run's own files across cells: fleet-summary.csv summarises each cell's own
/// fleet runs (the mean of that cell's fleet.csv rows), and the timeline figure draws
/// replication 0 of each cell (timeline.csv's rows of replication 0).
@Suite struct FleetReportTests {
    static let json = """
    {"name": "cells", "seed": 4, "replications": 3, "horizon": "30m",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 6, "start": "1m", "gap": {"kind": "exponential", "mean": 4, "unit": "m"}}},
     "strategies": ["applyPayload", "hintPull"],
     "variants": [{"name": "v", "channel": {"kind": "lossy", "loss": 0.3}}],
     "fleet": {"population": {"count": 25}}}
    """

    @Test("Each cell's fleet-summary mean is the mean of its own fleet.csv rows")
    func summaryPerCell() throws {
        let r = try FleetSupport.run(Self.json)
        #expect(r.status == 0, "\(r.err)")
        let rows = try FleetSupport.table(r.out, "fleet.csv"), summary = try FleetSupport.table(r.out, "fleet-summary.csv")
        var means: [String] = []
        for strategy in ["applyPayload", "hintPull"] {
            let xs = rows.filter { $0["strategy"] == strategy }.map { Double($0["pulls_started"]!)! }
            #expect(xs.count == 3)
            let row = try #require(summary.first { $0["strategy"] == strategy && $0["measure"] == "pulls_started" })
            #expect(abs(Double(row["mean"]!)! - xs.reduce(0, +) / 3) < 1e-6, "\(strategy)")
            means.append(row["mean"]!)
        }
        // The two cells differ (hintPull pulls at every hint), so a summary of the wrong cell shows.
        #expect(means[0] != means[1])
    }

    /// Replication 0 of a fleet is the same fleet run however many replications follow it
    /// (the same streams), so the figure of a run of 3 replications draws what a run of 1 does.
    @Test("The timeline figure draws replication 0, whatever the number of replications")
    func figureDrawsReplicationZero() throws {
        let three = try FleetSupport.run(Self.json), one = try FleetSupport.run(Self.json.replacingOccurrences(of: #""replications": 3"#, with: #""replications": 1"#))
        #expect(three.status == 0 && one.status == 0)
        func figure(_ out: URL) throws -> Substring {
            let text = try String(contentsOf: out.appendingPathComponent("plot.gp"), encoding: .utf8)
            let start = try #require(text.range(of: "# The fleet's timeline (replication 0)"))
            return text[start.lowerBound...]
        }
        let a = try figure(three.out), b = try figure(one.out)
        #expect(a == b)
        #expect(a.contains("EOD"))
        // The compare figure counts the recipients' runs (runs.csv's rows), not replications.
        let script = try String(contentsOf: three.out.appendingPathComponent("plot.gp"), encoding: .utf8)
        let rows = try FleetSupport.table(three.out, "summary.csv")
        let runs = try #require(rows.first?["replications"])
        #expect(script.contains("strategies compared per variant, \(runs) runs per cell"), "\(script.prefix(600))")
        #expect(!script.contains("\(runs) replications per cell"))
    }
}
