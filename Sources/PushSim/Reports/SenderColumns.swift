/// The sender columns of `runs.csv` and `summary.csv`: one group after every other column
/// (after `rejected_codes`), in this order. docs/csv.md describes each.
public enum SenderColumns {
    /// Counts per run, in column order: `runs.csv` writes the count, `summary.csv` the
    /// total (`total_<name>`). `SenderOutcome.forEachCount` yields the values in this order.
    static let countNames = [
        "messages", "messages_accepted", "messages_lost", "messages_expired", "messages_superseded", "messages_pending",
        "quiet_hours_accepted", "deferrals", "woken_accepted", "duplicates_sent", "duplicates_displayed", "duplicates_suppressed",
        "rows_stuck", "stale_token_sends", "tokens_deleted", "worker_crashes", "answers_not_recorded",
    ]

    /// The `runs.csv` header of the group.
    public static let runColumns = countNames + ["lateness_after_wake_total_s", "lateness_after_wake_max_s", "attempts_max"]

    /// The `summary.csv` header of the group.
    public static let summaryColumns = countNames.map { "total_" + $0 }
        + ["mean_lateness_after_wake_s", "max_lateness_after_wake_s", "max_attempts", "attempts_per_message"]

    /// One run's fields of the group.
    public static func runFields(_ o: SenderOutcome) -> [String] {
        var f: [String] = []
        o.forEachCount { f.append(String($0)) }
        return f + [
            SecondsFormat.string(o.counters.latenessTotal.microseconds),
            o.counters.latenessMax.map { SecondsFormat.string($0.microseconds) } ?? "",
            String(o.counters.attemptsMax),
        ]
    }

    /// Appends the group's fields to a `runs.csv` row (the same bytes as `runFields`, on
    /// the hot path: no array per row).
    public static func append(_ o: SenderOutcome, to line: inout CSVLine) {
        o.forEachCount { line.append($0) }
        line.appendSeconds(o.counters.latenessTotal.microseconds)
        line.appendSeconds(o.counters.latenessMax?.microseconds)
        line.append(o.counters.attemptsMax)
    }

    /// One cell's fields of the group.
    public static func summaryFields(_ s: SenderSummary) -> [String] {
        s.totals.map(String.init) + [
            s.wokenAccepted == 0 ? "" : SummaryTable.number(s.latenessTotal.seconds / Double(s.wokenAccepted)),
            s.latenessMax.map { SummaryTable.number($0.seconds) } ?? "",
            String(s.attemptsMax),
            s.messages == 0 ? "" : SummaryTable.number(Double(s.pushesSent) / Double(s.messages)),
        ]
    }
}
