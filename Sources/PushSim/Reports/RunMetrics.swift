/// The integer metrics of a run, in report order: one column each in `runs.csv`, and in
/// `summary.csv` either a total (push fates) or a mean per run (device and app counts).
/// docs/csv.md describes each.
public enum RunMetrics {
    /// How `summary.csv` aggregates a metric.
    public enum Aggregate: Sendable { case total, mean }

    public struct Metric: Sendable {
        /// Column name in `runs.csv` (summary: `total_<name>` or `mean_<name>`).
        public let name: String
        public let aggregate: Aggregate
        public let value: @Sendable (RunOutcome) -> Int
    }

    /// Every metric, in column order.
    public static let all: [Metric] = {
        var m: [Metric] = [Metric(name: "pushes_sent", aggregate: .total) { $0.pushesSent }]
        for o in PushOutcome.allCases { m.append(Metric(name: o.column, aggregate: .total) { $0[o] }) }
        m.append(Metric(name: "delivered_no_delay", aggregate: .total) { $0.deliveredNoDelay })
        for d in DelayReason.allCases { m.append(Metric(name: d.column, aggregate: .total) { $0[d] }) }
        m.append(Metric(name: "rejected_final", aggregate: .total) { o in rejections(o, retryable: false) })
        m.append(Metric(name: "rejected_retryable", aggregate: .total) { o in rejections(o, retryable: true) })
        m.append(Metric(name: "duplicates", aggregate: .total) { $0.duplicates })
        let counters: [(String, @Sendable (RunCounters) -> Int)] = [
            ("copies_arrived", { $0.copiesArrived }), ("bytes_arrived", { $0.bytesArrived }), ("handler_runs", { $0.handlerRuns }),
            ("notifications_displayed", { $0.notificationsDisplayed }), ("notifications_replaced", { $0.notificationsReplaced }),
            ("taps", { $0.taps }), ("deleted_signals", { $0.deletedSignals }), ("pulls", { $0.pulls }),
            ("pull_failures", { $0.pullFailures }), ("resets", { $0.resets }), ("payloads_applied", { $0.payloadsApplied }),
            ("app_opens", { $0.appOpens }), ("events", { $0.events }),
        ]
        for (name, f) in counters { m.append(Metric(name: name, aggregate: .mean) { f($0.counters) }) }
        return m
    }()

    /// Rejections of one retry class.
    static func rejections(_ o: RunOutcome, retryable: Bool) -> Int {
        zip(PushLedger.sendErrors, o.rejections).reduce(0) { $0 + ($1.0.isRetryable == retryable ? $1.1 : 0) }
    }

    /// Rejections by code, e.g. `INVALID_ARGUMENT=1;UNREGISTERED=2` (codes in
    /// `SendError.allCases` order; empty when none).
    public static func rejectionCodes(_ counts: [Int]) -> String {
        zip(PushLedger.sendErrors, counts).filter { $0.1 > 0 }.map { "\($0.0.rawValue)=\($0.1)" }.joined(separator: ";")
    }
}
