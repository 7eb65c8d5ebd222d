import SimKernel

/// The fleet reports' CSV files (docs/csv.md, Fleets): `fleet.csv` (one row per fleet
/// run), `fleet-summary.csv` (per variant, strategy and measure: the mean over
/// replications with its 95% t-interval) and `timeline.csv` (per fleet run and minute).
enum FleetTables {
    static let keyColumns = ["variant", "strategy", "replication"]

    static var fleetHeader: String { CSV.record(keyColumns + FleetMeasures.columns.map(\.name)) }

    static func fleetRow(_ o: FleetOutcome, prefix: [String] = [], variant: String, strategy: String) -> [UInt8] {
        var line = CSVLine()
        for p in prefix { line.append(p) }
        line.append(variant); line.append(strategy); line.append(o.id.replication)
        for v in o.measures.values { line.appendDecimal(v) }
        line.end()
        return line.bytes
    }

    static let summaryColumns = ["variant", "strategy", "measure", "replications", "mean", "ci95_low", "ci95_high"]
    static var summaryHeader: String { CSV.record(summaryColumns) }

    /// Per measure: the mean over the replications that define it, with the 95% t-interval
    /// (`Statistics.meanInterval`, `gsl_cdf_tdist_Pinv`; empty below two replications).
    /// Replications are independent (each is a whole fleet), so this interval is honest
    /// where one over recipients would not be (recipients share the fleet's resources).
    static func summaryRows(prefix: [String] = [], variant: String, strategy: String, runs: [FleetMeasures]) -> [UInt8] {
        var line = CSVLine()
        for (m, column) in FleetMeasures.columns.enumerated() {
            let xs = runs.compactMap { $0.values[m] }
            for p in prefix { line.append(p) }
            line.append(variant); line.append(strategy); line.append(column.name); line.append(xs.count)
            line.appendDecimal(xs.isEmpty ? nil : Statistics.mean(xs))
            let ci = Statistics.meanInterval(xs)
            line.appendDecimal(ci?.low); line.appendDecimal(ci?.high)
            line.end()
        }
        return line.bytes
    }

    static let timelineColumns = [
        "variant", "strategy", "replication", "minute", "pushes_sent", "pushes_accepted", "pushes_rejected_quota",
        "pushes_rejected_other", "pushes_delivered", "topic_requests", "pulls_started", "pulls_refused", "pulls_answered",
        "pull_queue_max", "pull_wait_mean_s", "pull_latency_p95_s", "outbox_backlog", "rows_late",
    ]

    static func timelineRows(_ o: FleetOutcome, variant: String, strategy: String) -> [UInt8] {
        var line = CSVLine()
        for (i, m) in o.timeline.minutes.enumerated() {
            line.append(variant); line.append(strategy); line.append(o.id.replication); line.append(i)
            for v in [m.sent, m.accepted, m.rejectedQuota, m.rejectedOther, m.delivered, m.topicRequests, m.pullsStarted,
                      m.pullsRefused, m.pullsAnswered, m.queueMax] { line.append(v) }
            line.appendDecimal(m.waits > 0 ? m.waitSum / Double(m.waits) : nil)
            line.appendDecimal(Statistics.quantile(sorted: m.latencies.map(Double.init).sorted(), 0.95))
            line.append(m.backlog); line.append(m.rowsLate)
            line.end()
        }
        return line.bytes
    }
}
