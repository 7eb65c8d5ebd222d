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
        let rows = Self.rows(FleetTables.timelineRows(Self.outcome(t), variant: "v", strategy: "s"), FleetTables.timelineNames)
        #expect(rows.map { $0["pull_wait_mean_s"] } == ["3.000000", ""])
    }

    /// Two runs of 1 and 3 recipients: mean 2, s = √2, the 95% t-interval 2 ± t(0.975, 1) · s / √2
    /// = 2 ± 12.706205 (the t quantile from any table).
    @Test("fleet-summary.csv gives the mean over replications with its 95% t-interval, low then high")
    func summaryInterval() throws {
        var a = Self.outcome(FleetTimeline(horizon: .zero)).measures, b = a
        a.recipients = 1; b.recipients = 3
        let rows = Self.rows(FleetTables.summaryRows(variant: "v", strategy: "s", runs: [a, b]), FleetTables.summaryNames)
        let recipients = try #require(rows.first { $0["measure"] == "recipients" })
        #expect(recipients["mean"] == "2.000000" && recipients["replications"] == "2")
        #expect(abs(Double(recipients["ci95_low"]!)! - (2 - 12.706205)) < 1e-5)
        #expect(abs(Double(recipients["ci95_high"]!)! - (2 + 12.706205)) < 1e-5)
    }
}

extension FleetTablesTests {
    /// The headers come from the column tables, keys first, each name once; a row has a
    /// field per header name (an empty fleet: every quantile and mean empty, counts 0).
    @Test("fleet.csv and timeline.csv rows have one field per column of their tables, keys first")
    func rowsMatchTheirTables() {
        #expect(FleetTables.fleetNames.prefix(3) == ["variant", "strategy", "replication"])
        #expect(Set(FleetTables.fleetNames).count == FleetTables.fleetNames.count)
        #expect(Set(FleetTables.timelineNames).count == FleetTables.timelineNames.count)
        let o = Self.outcome(FleetTimeline(horizon: .zero + .minutes(2)), replication: 4)
        let fleet = CSV.parse(String(decoding: FleetTables.fleetRow(o, variant: "v", strategy: "s"), as: UTF8.self))
        #expect(fleet.count == 1 && fleet[0].count == FleetTables.fleetNames.count)
        let row = Dictionary(uniqueKeysWithValues: zip(FleetTables.fleetNames, fleet[0]))
        #expect(row["replication"] == "4" && row["recipients"] == "0.000000" && row["converged_fraction"] == "" && row["events"] == "0.000000")
        let timeline = CSV.parse(String(decoding: FleetTables.timelineRows(o, variant: "v", strategy: "s"), as: UTF8.self))
        #expect(timeline.map(\.count) == [FleetTables.timelineNames.count, FleetTables.timelineNames.count, FleetTables.timelineNames.count])
        #expect(timeline.map { $0[3] } == ["0", "1", "2"])
        #expect(timeline[0][4...].map { $0 } == ["0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "", "", "0", "0"])
    }
}

extension FleetTablesTests {
    /// Twenty pulls answered in minute 0 with latencies 1, 2, … 20 s and one refused: the
    /// 95th percentile by linear interpolation between order statistics (Hyndman and Fan's
    /// type 7, GSL's) is at 0-based position (20 − 1) · 0.95 = 18.05 of the sorted list:
    /// 19 + 0.05 · (20 − 19) = 19.05 s.
    @Test("timeline.csv counts the minute's answered and refused pulls apart, and pull_latency_p95_s is the type-7 95th percentile of the answered ones")
    func answeredPullsAndTheirLatency() {
        var t = FleetTimeline(horizon: .zero + .minutes(1))
        for s in 1...20 { t.pullAnswered(latency: .seconds(Int64(s)), at: .zero + .seconds(30)) }
        t.pullRefused(at: .zero + .seconds(31))
        let rows = Self.rows(FleetTables.timelineRows(Self.outcome(t), variant: "v", strategy: "s"), FleetTables.timelineNames)
        #expect(rows.map { $0["pulls_answered"] } == ["20", "0"])
        #expect(rows.map { $0["pulls_refused"] } == ["1", "0"])
        #expect(rows.map { $0["pull_latency_p95_s"] } == ["19.050000", ""])
    }
}

extension FleetTablesTests {
    /// The fleet files' headers as they were released (2015033): columns are only ever
    /// appended, so a rename, removal or reordering must show here as a deliberate change.
    @Test("the fleet files' headers are the released ones: fleet.csv, timeline.csv and fleet-summary.csv, in order")
    func goldenHeaders() {
        #expect(FleetTables.fleetHeader == "variant,strategy,replication,recipients,converged_fraction,freshness_p95_s_p50,"
            + "freshness_p95_s_p95,freshness_p95_s_p99,recipients_woken,lateness_after_wake_s_p50,lateness_after_wake_s_p95,"
            + "lateness_after_wake_s_p99,lateness_after_wake_max_s,pushes_sent,pushes_accepted,pushes_rejected_quota,"
            + "pushes_delivered,topic_requests,pulls_started,pulls_refused,pull_wait_mean_s,pull_latency_p95_s,pull_queue_max,"
            + "outbox_backlog_max,rows_late_max,events\n")
        #expect(CSV.record(FleetTables.timelineNames) == "variant,strategy,replication,minute,pushes_sent,pushes_accepted,"
            + "pushes_rejected_quota,pushes_rejected_other,pushes_delivered,topic_requests,pulls_started,pulls_refused,"
            + "pulls_answered,pull_queue_max,pull_wait_mean_s,pull_latency_p95_s,outbox_backlog,rows_late\n")
        #expect(FleetTables.summaryHeader == "variant,strategy,measure,replications,mean,ci95_low,ci95_high\n")
    }
}
