/// Writes `messages.csv`: one row per message per device per run (`MessageRow`), the runs
/// in report order and within a run the rows in the order of their first request.
/// docs/csv.md describes each column.
public enum MessagesTable {
    /// The header row, in order.
    public static let columns = [
        "variant", "strategy", "replication", "message", "device", "key", "sequence", "sent_s", "requests", "outcome",
        "copies_arrived", "first_arrival_s", "send_to_arrival_s", "displays", "first_display_s", "send_to_display_s",
        "handler_runs", "first_handler_s", "send_to_handler_s", "outcomes", "delays",
    ]

    static let outcomeLabels = PushOutcome.allCases.map(\.column)
    static let delayLabels = DelayReason.allCases.map(\.column)

    /// Appends the run's rows, each with its line ending, to `line`. `prefix` fields (a
    /// sweep's run id, point and axis fields, as its `runs.csv` rows start) head every row.
    public static func append(_ rows: [MessageRow], to line: inout CSVLine, prefix: [String] = [], variant: String, strategy: String,
                              replication: Int) {
        func time(_ t: SimTime?) { line.appendSeconds(t?.microseconds) }
        func latency(_ t: SimTime?, _ sent: SimTime) { line.appendSeconds(t.map { $0.microseconds - sent.microseconds }) }
        for r in rows {
            for p in prefix { line.append(p) }
            line.append(variant)
            line.append(strategy)
            line.append(replication)
            line.append(Int(r.message))
            line.append(r.device)
            line.append(Int(r.key))
            line.append(Int(r.sequence))
            time(r.firstSent)
            line.append(r.pushes.count)
            line.append(r.outcome.column)
            line.append(r.arrivals)
            time(r.firstArrival)
            latency(r.firstArrival, r.firstSent)
            line.append(r.displays)
            time(r.firstDisplay)
            latency(r.firstDisplay, r.firstSent)
            line.append(r.handlerRuns)
            time(r.firstHandler)
            latency(r.firstHandler, r.firstSent)
            line.append(Column.tallyText(outcomeLabels, r.outcomes))
            line.append(r.delays.contains { $0 != 0 } ? Column.tallyText(delayLabels, r.delays) : "")
            line.end()
        }
    }
}
