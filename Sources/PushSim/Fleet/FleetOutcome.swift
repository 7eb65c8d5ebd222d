import SimKernel

/// What one fleet run leaves for the reports: every recipient's outcome (in population
/// order), the timeline, and the fleet's own measures (`FleetMeasures`).
struct FleetOutcome: Sendable {
    let id: Simulation.RunID
    let outcomes: FleetOutcomes
    let timeline: FleetTimeline
    let events: Int
    let measures: FleetMeasures

    init(id: Simulation.RunID, outcomes: FleetOutcomes, timeline: FleetTimeline, events: Int) {
        self.id = id; self.outcomes = outcomes; self.timeline = timeline; self.events = events
        measures = FleetMeasures(outcomes: outcomes, timeline: timeline, events: events)
    }

    /// Each recipient's `runs.csv` row, in population order: `row(run, outcome)` with the
    /// recipient's run number k·N + r.
    func recipientRows(_ row: (_ run: Int, RunOutcome) -> [UInt8]) -> [[UInt8]] {
        var rows: [[UInt8]] = []
        rows.reserveCapacity(outcomes.count)
        outcomes.forEach { rows.append(row(id.replication * outcomes.count + rows.count, $0)) }
        return rows
    }

    /// Adds every recipient's outcome to `summary`, in population order (the order of the
    /// lone runs k·N + r); returns whether each converged.
    func add(to summary: inout CellSummary) -> [Bool] {
        var converged: [Bool] = []
        converged.reserveCapacity(outcomes.count)
        outcomes.forEach { o in
            summary.add(o)
            converged.append(o.converged)
        }
        return converged
    }
}

/// One fleet run summarised over its recipients (a row of `fleet.csv`): rates over
/// recipients, quantiles over recipients of per-recipient figures, and the fleet's totals
/// and peaks. Quantiles interpolate between order statistics (`gsl_stats_quantile_from_sorted_data`).
struct FleetMeasures: Sendable {
    /// The measures in `fleet.csv` order; nil: undefined in this run (no such recipient).
    var values: [Double?]

    /// (column, meaning), in `fleet.csv` order.
    static let columns: [(name: String, doc: String)] = [
        ("recipients", "recipients in the fleet"),
        ("converged_fraction", "fraction of recipients whose replica equals the server state at the horizon"),
        ("freshness_p95_s_p50", "median over recipients of each recipient's 95th-percentile freshness (change to shown, s)"),
        ("freshness_p95_s_p95", "95th percentile over recipients of the same"),
        ("freshness_p95_s_p99", "99th percentile over recipients of the same"),
        ("recipients_woken", "recipients with at least one row accepted after its quiet hours"),
        ("lateness_after_wake_s_p50", "median over woken recipients of their latest acceptance after the end of quiet hours (s)"),
        ("lateness_after_wake_s_p95", "95th percentile over woken recipients of the same"),
        ("lateness_after_wake_s_p99", "99th percentile over woken recipients of the same"),
        ("lateness_after_wake_max_s", "the latest acceptance after the end of quiet hours in the fleet (s)"),
        ("pushes_sent", "provider requests to devices (topic fan-out copies included)"),
        ("pushes_accepted", "requests the provider accepted"),
        ("pushes_rejected_quota", "requests refused by a quota (QUOTA_EXCEEDED, TooManyRequests)"),
        ("pushes_delivered", "copies that reached a main device"),
        ("topic_requests", "topic messages sent (one provider request each)"),
        ("pulls_started", "pulls the apps started"),
        ("pulls_refused", "pulls the shared server refused (503 with Retry-After)"),
        ("pull_wait_mean_s", "mean wait in the shared server's queue of the pulls served (s)"),
        ("pull_latency_p95_s", "95th percentile of the shared server's pull latency, wait plus service (s)"),
        ("pull_queue_max", "longest queue of waiting pulls"),
        ("outbox_backlog_max", "most shared-outbox rows not yet final, sampled each minute"),
        ("rows_late_max", "most shared-outbox rows due and waiting, sampled each minute"),
        ("events", "events run (recipients' and the fleet's own)"),
    ]

    init(outcomes: FleetOutcomes, timeline: FleetTimeline, events: Int) {
        func quantiles(_ xs: [Double]) -> [Double?] {
            let s = xs.sorted()
            return [0.5, 0.95, 0.99].map { Statistics.quantile(sorted: s, $0) }
        }
        func seconds(_ d: SimDuration) -> Double { Double(d.microseconds) / 1e6 }
        let n = outcomes.count
        var converged = 0, freshness: [Double] = [], woken: [Double] = []
        freshness.reserveCapacity(n)
        outcomes.forEach { o in
            if o.converged { converged += 1 }
            if let f = o.experience.freshnessP95 { freshness.append(seconds(f)) }
            if let l = o.lateness.max { woken.append(seconds(l)) }
        }
        let minutes = timeline.minutes
        func total(_ f: (FleetTimeline.Minute) -> Int) -> Double { Double(minutes.reduce(0) { $0 + f($1) }) }
        let waits = minutes.reduce(0) { $0 + $1.waits }, waitSum = minutes.reduce(0.0) { $0 + $1.waitSum }
        let latencies = minutes.flatMap(\.latencies).map(Double.init).sorted()
        values = [Double(n), n > 0 ? Double(converged) / Double(n) : nil]
        values += quantiles(freshness)
        values += [Double(woken.count)] + quantiles(woken) + [woken.max()]
        values += [total(\.sent), total(\.accepted), total(\.rejectedQuota), total(\.delivered), total(\.topicRequests),
                   total(\.pullsStarted), total(\.pullsRefused)]
        values += [waits > 0 ? waitSum / Double(waits) : nil, Statistics.quantile(sorted: latencies, 0.95)]
        values += [Double(minutes.map(\.queueMax).max() ?? 0), Double(minutes.map(\.backlog).max() ?? 0),
                   Double(minutes.map(\.rowsLate).max() ?? 0), Double(events)]
        precondition(values.count == Self.columns.count)
    }
}
