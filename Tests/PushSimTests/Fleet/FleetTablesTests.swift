import SimKernel
import Testing
@testable import PushSim

/// The fleet's CSV tables (docs/csv.md, Fleets), their cells worked by hand.
@Suite("FleetTables")
struct FleetTablesTests {
    static func outcome(_ timeline: FleetTimeline, replication: Int = 0) -> FleetOutcome {
        FleetOutcome(id: Simulation.RunID(variant: 0, strategy: 0, replication: replication), outcomes: FleetOutcomes(), timeline: timeline, events: 0)
    }

    static func rows(_ bytes: [UInt8], _ columns: [String]) -> [[String: String]] {
        CSV.parse(String(decoding: bytes, as: UTF8.self)).map { Dictionary(uniqueKeysWithValues: zip(columns, $0)) }
    }

    @Test("timeline.csv's pull_wait_mean_s is the mean wait of the minute's served pulls")
    func waitIsAMean() {
        var t = FleetTimeline(horizon: .zero + .minutes(1))
        t.pullWaited(.seconds(2), at: .zero + .seconds(5))
        t.pullWaited(.seconds(4), at: .zero + .seconds(6))
        let rows = Self.rows(FleetTables.timelineRows(Self.outcome(t), variant: "v", strategy: "s"), FleetTables.timelineColumns)
        #expect(rows.map { $0["pull_wait_mean_s"] } == ["3.000000", ""])
    }

    /// Two runs of 1 and 3 recipients: mean 2, s = √2, the 95% t-interval 2 ± t(0.975, 1) · s / √2
    /// = 2 ± 12.706205 (the t quantile from any table).
    @Test("fleet-summary.csv gives the mean over replications with its 95% t-interval, low then high")
    func summaryInterval() throws {
        var a = Self.outcome(FleetTimeline(horizon: .zero)).measures, b = a
        a.values[0] = 1; b.values[0] = 3
        let rows = Self.rows(FleetTables.summaryRows(variant: "v", strategy: "s", runs: [a, b]), FleetTables.summaryColumns)
        let recipients = try #require(rows.first { $0["measure"] == "recipients" })
        #expect(recipients["mean"] == "2.000000" && recipients["replications"] == "2")
        #expect(abs(Double(recipients["ci95_low"]!)! - (2 - 12.706205)) < 1e-5)
        #expect(abs(Double(recipients["ci95_high"]!)! - (2 + 12.706205)) < 1e-5)
    }
}
