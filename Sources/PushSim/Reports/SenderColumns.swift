/// The sender columns of `runs.csv` and `summary.csv`: one group after every other column
/// (after `rejected_codes`), in this order. docs/csv.md describes each.
public enum SenderColumns {
    /// Counts per run: `runs.csv` writes the count, `summary.csv` the total (`total_<name>`).
    static let counts: [(name: String, value: @Sendable (SenderOutcome) -> Int)] = [
        ("messages", { $0.messages }), ("messages_accepted", { $0.accepted }), ("messages_lost", { $0.lost }),
        ("messages_expired", { $0.expired }), ("messages_superseded", { $0.superseded }), ("messages_pending", { $0.pending }),
        ("quiet_hours_accepted", { $0.counters.quietHoursAccepted }), ("deferrals", { $0.counters.deferrals }),
        ("woken_accepted", { $0.counters.wokenAccepted }), ("duplicates_sent", { $0.counters.duplicatesSent }),
        ("duplicates_displayed", { $0.counters.duplicatesDisplayed }), ("duplicates_suppressed", { $0.counters.duplicatesSuppressed }),
        ("rows_stuck", { $0.counters.rowsStuck }), ("stale_token_sends", { $0.counters.staleTokenSends }),
        ("tokens_deleted", { $0.counters.tokensDeleted }), ("worker_crashes", { $0.counters.workerCrashes }),
        ("answers_not_recorded", { $0.counters.answersNotRecorded }),
    ]

    /// The `runs.csv` header of the group.
    public static let runColumns = counts.map(\.name) + ["lateness_after_wake_total_s", "lateness_after_wake_max_s", "attempts_max"]

    /// The `summary.csv` header of the group.
    public static let summaryColumns = counts.map { "total_" + $0.name }
        + ["mean_lateness_after_wake_s", "max_lateness_after_wake_s", "max_attempts", "attempts_per_message"]

    /// One run's fields of the group.
    public static func runFields(_ o: SenderOutcome) -> [String] {
        counts.map { String($0.value(o)) } + [
            SecondsFormat.string(o.counters.latenessTotal.microseconds),
            o.counters.latenessMax.map { SecondsFormat.string($0.microseconds) } ?? "",
            String(o.counters.attemptsMax),
        ]
    }

    /// Appends the group's fields to a `runs.csv` row (the same bytes as `runFields`, on
    /// the hot path: no array per row).
    public static func append(_ o: SenderOutcome, to line: inout CSVLine) {
        for c in counts { line.append(c.value(o)) }
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
