/// THE fleet column tables: `fleet.csv`'s measures and `timeline.csv`'s figures, in file
/// order, each with its unit and meaning (docs/csv.md's fleet tables are generated from
/// them, `pushsim columns --markdown`). Columns are only ever appended.
enum FleetColumns {
    /// `fleet.csv`'s keys, before `measures`.
    static let runKeys = [
        FleetFixedColumn(name: "variant", type: "string", doc: "the variant's `name`"),
        FleetFixedColumn(name: "strategy", type: "string", doc: "the strategy's `name`"),
        FleetFixedColumn(name: "replication", type: "integer", doc: "the fleet replication (0-based)"),
    ]

    /// `fleet.csv`'s measures, one fleet run each (also the `measure`s of
    /// `fleet-summary.csv` and a fleet sweep's plottable metrics). Written with six
    /// decimals, counts too (as released; pandas reads them as floats).
    static let measures: [FleetColumn<FleetMeasures>] = [
        .decimal("recipients", unit: "recipients", "recipients in the fleet") { Double($0.recipients) },
        .decimal("converged_fraction", unit: "fraction in [0, 1]", "fraction of recipients whose replica equals the server state "
                 + "at the horizon") { $0.convergedFraction },
        .decimal("freshness_p95_s_p50", unit: "seconds", "median over recipients of each recipient's 95th-percentile freshness "
                 + "(change to shown)", emptyWhen: "no recipient reflected a change (every recipient's `freshness_p95_s` empty)") { $0.freshnessP95.p50 },
        .decimal("freshness_p95_s_p95", unit: "seconds", "95th percentile over recipients of the same",
                 emptyWhen: "no recipient reflected a change (every recipient's `freshness_p95_s` empty)") { $0.freshnessP95.p95 },
        .decimal("freshness_p95_s_p99", unit: "seconds", "99th percentile over recipients of the same",
                 emptyWhen: "no recipient reflected a change (every recipient's `freshness_p95_s` empty)") { $0.freshnessP95.p99 },
        .decimal("recipients_woken", unit: "recipients", "recipients with at least one row accepted after its quiet hours") {
            Double($0.woken)
        },
        .decimal("lateness_after_wake_s_p50", unit: "seconds", "median over woken recipients of their latest acceptance after the "
                 + "end of quiet hours", emptyWhen: "no recipient woken") { $0.lateness.p50 },
        .decimal("lateness_after_wake_s_p95", unit: "seconds", "95th percentile over woken recipients of the same",
                 emptyWhen: "no recipient woken") { $0.lateness.p95 },
        .decimal("lateness_after_wake_s_p99", unit: "seconds", "99th percentile over woken recipients of the same",
                 emptyWhen: "no recipient woken") { $0.lateness.p99 },
        .decimal("lateness_after_wake_max_s", unit: "seconds", "the latest acceptance after the end of quiet hours in the fleet",
                 emptyWhen: "no recipient woken") { $0.lateness.max },
        .decimal("pushes_sent", unit: "pushes", "provider requests to devices (topic fan-out copies included)") { Double($0.sent) },
        .decimal("pushes_accepted", unit: "pushes", "requests the provider accepted") { Double($0.accepted) },
        .decimal("pushes_rejected_quota", unit: "pushes", "requests refused by a quota (QUOTA_EXCEEDED, TooManyRequests)") {
            Double($0.rejectedQuota)
        },
        .decimal("pushes_delivered", unit: "copies", "copies that reached a main device") { Double($0.delivered) },
        .decimal("topic_requests", unit: "requests", "topic messages sent (one provider request each)") { Double($0.topicRequests) },
        .decimal("pulls_started", unit: "pulls", "pulls the apps started") { Double($0.pullsStarted) },
        .decimal("pulls_refused", unit: "pulls", "pulls the shared server refused (503 with Retry-After)") { Double($0.pullsRefused) },
        .decimal("pull_wait_mean_s", unit: "seconds", "mean queue wait of the pulls whose service started",
                 emptyWhen: "no shared `server` (`fleet.server`), or no pull started its service") { $0.pullWaitMean },
        .decimal("pull_latency_p95_s", unit: "seconds", "95th percentile of the shared server's pull latency, wait plus service",
                 emptyWhen: "no shared `server` (`fleet.server`), or no pull answered") { $0.pullLatencyP95 },
        .decimal("pull_queue_max", unit: "pulls", "longest queue of waiting pulls") { Double($0.pullQueueMax) },
        .decimal("outbox_backlog_max", unit: "rows", "most shared-outbox rows not yet final, sampled each minute") {
            Double($0.outboxBacklogMax)
        },
        .decimal("rows_late_max", unit: "rows", "most shared-outbox rows due and waiting, sampled each minute") { Double($0.rowsLateMax) },
        .decimal("events", unit: "events", "events run (recipients' and the fleet's own)") { Double($0.events) },
    ]

    /// `timeline.csv`'s keys, before `timeline`.
    static let timelineKeys = runKeys + [FleetFixedColumn(name: "minute", type: "integer", doc: "the minute m of simulated time, "
                                                        + "[m min, m + 1 min); 0 to the horizon's")]

    /// `timeline.csv`'s figures, one minute of one fleet run each.
    static let timeline: [FleetColumn<FleetTimeline.Minute>] = [
        .count("pushes_sent", unit: "pushes", "provider requests to devices in the minute (topic fan-out copies included)") { $0.sent },
        .count("pushes_accepted", unit: "pushes", "requests accepted") { $0.accepted },
        .count("pushes_rejected_quota", unit: "pushes", "requests refused by a quota (QUOTA_EXCEEDED, TooManyRequests)") {
            $0.rejectedQuota
        },
        .count("pushes_rejected_other", unit: "pushes", "requests refused for another reason") { $0.rejectedOther },
        .count("pushes_delivered", unit: "copies", "copies that reached a main device") { $0.delivered },
        .count("topic_requests", unit: "requests", "topic messages sent") { $0.topicRequests },
        .count("pulls_started", unit: "pulls", "pulls the apps started") { $0.pullsStarted },
        .count("pulls_refused", unit: "pulls", "pulls the shared server refused (503)") { $0.pullsRefused },
        .count("pulls_answered", unit: "pulls", "pulls the shared server answered") { $0.pullsAnswered },
        .count("pull_queue_max", unit: "pulls", "longest queue of waiting pulls in the minute") { $0.queueMax },
        .decimal("pull_wait_mean_s", unit: "seconds", "mean queue wait of the pulls whose service started in the minute",
                 emptyWhen: "no shared `server` (`fleet.server`), or no pull started its service") { $0.waits > 0 ? $0.waitSum / Double($0.waits) : nil },
        .decimal("pull_latency_p95_s", unit: "seconds", "95th percentile of the latency of the pulls answered in the minute",
                 emptyWhen: "no shared `server` (`fleet.server`), or no pull answered") { Statistics.quantile(sorted: $0.latencies.map(Double.init).sorted(), 0.95) },
        .count("outbox_backlog", unit: "rows", "shared-outbox rows not yet final at the start of the minute") { $0.backlog },
        .count("rows_late", unit: "rows", "of those, rows due and waiting") { $0.rowsLate },
    ]

    /// `fleet-summary.csv`'s columns: per variant, strategy and measure.
    static let summary = Array(runKeys.prefix(2)) + [
        FleetFixedColumn(name: "measure", type: "string", doc: "a `fleet.csv` measure"),
        FleetFixedColumn(name: "replications", type: "integer", doc: "the fleet runs where the measure is defined"),
        FleetFixedColumn(name: "mean", type: "decimal, 6 digits", doc: "its mean over them", emptyWhen: "`replications` = 0"),
        FleetFixedColumn(name: "ci95_low", type: "decimal, 6 digits", doc: "the low end of the mean's 95% t-interval "
                         + "(`gsl_cdf_tdist_Pinv`)", emptyWhen: "`replications` < 2"),
        FleetFixedColumn(name: "ci95_high", type: "decimal, 6 digits", doc: "its high end", emptyWhen: "`replications` < 2"),
    ]
}
