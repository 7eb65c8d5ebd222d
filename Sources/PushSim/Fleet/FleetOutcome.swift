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

/// One fleet run summarised over its recipients (a row of `fleet.csv`, whose columns are
/// `FleetColumns.measures`): rates over recipients, quantiles over recipients of
/// per-recipient figures, and the fleet's totals and peaks. Quantiles interpolate between
/// order statistics (`gsl_stats_quantile_from_sorted_data`); `nil`: undefined in this run
/// (no such recipient, no pull served).
struct FleetMeasures: Sendable {
    var recipients = 0
    /// Converged recipients over all (nil without recipients).
    var convergedFraction: Double?
    /// The 50th, 95th and 99th percentiles over recipients of each recipient's 95th-percentile
    /// freshness (s).
    var freshnessP95: (p50: Double?, p95: Double?, p99: Double?) = (nil, nil, nil)
    /// Recipients with a row accepted after their quiet hours.
    var woken = 0
    /// The 50th, 95th and 99th percentiles over woken recipients of their latest acceptance
    /// after the end of quiet hours, and the fleet's latest (s).
    var lateness: (p50: Double?, p95: Double?, p99: Double?, max: Double?) = (nil, nil, nil, nil)
    var sent = 0, accepted = 0, rejectedQuota = 0, delivered = 0, topicRequests = 0, pullsStarted = 0, pullsRefused = 0
    /// The mean queue wait of the served pulls and the 95th percentile of their latency (s).
    var pullWaitMean: Double?, pullLatencyP95: Double?
    var pullQueueMax = 0, outboxBacklogMax = 0, rowsLateMax = 0, events = 0

    init() {}

    init(outcomes: FleetOutcomes, timeline: FleetTimeline, events: Int) {
        func quantiles(_ xs: [Double]) -> (Double?, Double?, Double?) {
            let s = xs.sorted()
            return (Statistics.quantile(sorted: s, 0.5), Statistics.quantile(sorted: s, 0.95), Statistics.quantile(sorted: s, 0.99))
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
        recipients = n
        convergedFraction = n > 0 ? Double(converged) / Double(n) : nil
        freshnessP95 = quantiles(freshness)
        self.woken = woken.count
        let (l50, l95, l99) = quantiles(woken)
        lateness = (l50, l95, l99, woken.max())
        let minutes = timeline.minutes
        func total(_ f: (FleetTimeline.Minute) -> Int) -> Int { minutes.reduce(0) { $0 + f($1) } }
        sent = total(\.sent); accepted = total(\.accepted); rejectedQuota = total(\.rejectedQuota); delivered = total(\.delivered)
        topicRequests = total(\.topicRequests); pullsStarted = total(\.pullsStarted); pullsRefused = total(\.pullsRefused)
        let waits = total(\.waits), waitSum = minutes.reduce(0.0) { $0 + $1.waitSum }
        pullWaitMean = waits > 0 ? waitSum / Double(waits) : nil
        pullLatencyP95 = Statistics.quantile(sorted: minutes.flatMap(\.latencies).map(Double.init).sorted(), 0.95)
        pullQueueMax = minutes.map(\.queueMax).max() ?? 0
        outboxBacklogMax = minutes.map(\.backlog).max() ?? 0
        rowsLateMax = minutes.map(\.rowsLate).max() ?? 0
        self.events = events
    }
}
