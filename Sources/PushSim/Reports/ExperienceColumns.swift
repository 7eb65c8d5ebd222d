/// The user-view, cost and fingerprint columns, appended after `rejected_codes` to
/// `runs.csv` (one value per run) and to `summary.csv` (per cell: totals, means with 95%
/// t-intervals, quantiles over runs, run-level rates with 95% Wilson intervals). Units are
/// in the names; docs/csv.md describes each column.
public enum ExperienceColumns {
    /// A column of `summary.csv`: name and value of one cell.
    struct SummaryColumn: Sendable {
        let name: String
        let value: @Sendable (ExperienceSummary) -> String
    }

    /// The `runs.csv` columns, in the order `appendRunFields` writes them.
    public static let runColumns = [
        "changes", "changes_never_reflected", "freshness_p50_s", "freshness_p95_s", "freshness_max_s", "foreground_s",
        "stale_screen_s", "stale_screen_fraction", "regressions", "local_notifications", "notifications_shown",
        "notifications_stale", "notification_staleness_mean_s", "notification_staleness_max_s", "notifications_duplicate",
        "notifications_never_displayed", "bytes_pushed", "bytes_pulled", "pushes_per_change", "device_wakeups",
        "server_requests", "server_requests_per_hour", "fingerprint",
    ]

    /// Appends one run's values to the row, in `runColumns` order (the hot path of every
    /// run row: bytes, no intermediate strings).
    public static func append(_ o: RunOutcome, to line: inout CSVLine) {
        let e = o.experience, c = o.counters
        line.append(e.changes); line.append(e.neverReflected)
        line.appendSeconds(e.freshnessP50?.microseconds); line.appendSeconds(e.freshnessP95?.microseconds)
        line.appendSeconds(e.freshnessMax?.microseconds)
        line.appendSeconds(e.foreground.microseconds); line.appendSeconds(e.staleScreen.microseconds)
        line.appendDecimal(e.staleScreenFraction)
        line.append(e.regressions); line.append(c.localNotifications); line.append(e.notificationsShown); line.append(e.notificationsStale)
        line.appendSeconds(e.notificationStalenessMean?.microseconds); line.appendSeconds(e.notificationStalenessMax?.microseconds)
        line.append(e.notificationsDuplicate); line.append(e.notificationsNeverDisplayed)
        line.append(c.bytesPushed); line.append(c.bytesPulled); line.appendDecimal(ratio(o.pushesSent, e.changes)); line.append(c.deviceWakeups)
        line.append(c.serverRequests); line.appendDecimal(Double(c.serverRequests) / e.hours)
        line.appendHex(o.fingerprint.value)
    }

    static let summary: [SummaryColumn] = {
        var c: [SummaryColumn] = [
            SummaryColumn(name: "total_changes") { String($0.changes) },
            SummaryColumn(name: "total_changes_never_reflected") { String($0.neverReflected) },
        ]
        c += meanWithInterval("freshness_p50", unit: "_s") { $0.freshnessP50 }
        c += meanWithInterval("freshness_p95", unit: "_s") { $0.freshnessP95 }
        c.append(SummaryColumn(name: "freshness_max_p95_s") { number($0.freshnessMax.value(0.95)) })
        c.append(SummaryColumn(name: "mean_foreground_s") { number(Double($0.foreground) / 1e6 / Double(max(1, $0.runs))) })
        c += meanWithInterval("stale_screen", unit: "_s") { $0.staleScreenMoments }
        c.append(SummaryColumn(name: "stale_screen_p95_s") { number($0.staleScreenQuantiles.value(0.95)) })
        c.append(SummaryColumn(name: "stale_screen_fraction") { s in number(s.foreground > 0 ? Double(s.staleScreen) / Double(s.foreground) : nil) })
        c.append(SummaryColumn(name: "total_regressions") { String($0.regressions) })
        c += runRate("regression") { $0.runsWithRegression }
        c += [
            SummaryColumn(name: "total_local_notifications") { String($0.localNotifications) },
            SummaryColumn(name: "total_notifications_shown") { String($0.notificationsShown) },
            SummaryColumn(name: "total_notifications_stale") { String($0.notificationsStale) },
        ]
        c += runRate("stale_notification") { $0.runsWithStaleNotification }
        c += [
            SummaryColumn(name: "notification_staleness_max_s") { s in s.stalenessMax.map { SecondsFormat.string($0) } ?? "" },
            SummaryColumn(name: "total_notifications_duplicate") { String($0.duplicates) },
            SummaryColumn(name: "total_notifications_never_displayed") { String($0.neverDisplayed) },
            SummaryColumn(name: "mean_bytes_pushed") { number($0.mean($0.bytesPushed)) },
            SummaryColumn(name: "mean_bytes_pulled") { number($0.mean($0.bytesPulled)) },
            SummaryColumn(name: "pushes_per_change") { number(ratio($0.pushesSent, $0.changes)) },
            SummaryColumn(name: "mean_device_wakeups") { number($0.mean($0.wakeups)) },
            SummaryColumn(name: "mean_server_requests") { number($0.mean($0.serverRequests)) },
            SummaryColumn(name: "server_requests_per_hour") { s in number(s.hours > 0 ? Double(s.serverRequests) / s.hours : nil) },
        ]
        return c
    }()

    /// `mean_<name><unit>` over the runs with a value, and its 95% t-interval
    /// `<name>_ci_low<unit>`, `<name>_ci_high<unit>` (empty with fewer than two runs).
    private static func meanWithInterval(_ name: String, unit: String,
                                         _ values: @escaping @Sendable (ExperienceSummary) -> RunningMoments) -> [SummaryColumn] {
        [SummaryColumn(name: "mean_\(name)\(unit)") { s in number(values(s).count == 0 ? nil : values(s).mean) },
         SummaryColumn(name: "\(name)_ci_low\(unit)") { s in number(values(s).meanInterval()?.low) },
         SummaryColumn(name: "\(name)_ci_high\(unit)") { s in number(values(s).meanInterval()?.high) }]
    }

    /// `runs_with_<name>`, its rate over the runs and the rate's 95% Wilson interval.
    private static func runRate(_ name: String, _ count: @escaping @Sendable (ExperienceSummary) -> Int) -> [SummaryColumn] {
        [SummaryColumn(name: "runs_with_\(name)") { String(count($0)) },
         SummaryColumn(name: "\(name)_run_rate") { s in number(ratio(count(s), s.runs)) },
         SummaryColumn(name: "\(name)_run_ci_low") { s in number(Statistics.wilsonInterval(successes: count(s), trials: s.runs).low) },
         SummaryColumn(name: "\(name)_run_ci_high") { s in number(Statistics.wilsonInterval(successes: count(s), trials: s.runs).high) }]
    }

    /// The `summary.csv` column names, in order.
    public static var summaryColumns: [String] { summary.map(\.name) }

    /// One run's values, in `runColumns` order (none needs CSV quoting): what `append`
    /// writes, split at its commas.
    public static func runFields(_ o: RunOutcome) -> [String] {
        var line = CSVLine()
        append(o, to: &line)
        return String(decoding: line.bytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// One cell's values, in `summaryColumns` order.
    public static func summaryFields(_ s: ExperienceSummary) -> [String] { summary.map { $0.value(s) } }

    /// `SummaryTable.number` (`%.6f`), empty for nil.
    static func number(_ x: Double?) -> String { x.map(SummaryTable.number) ?? "" }

    static func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

}
