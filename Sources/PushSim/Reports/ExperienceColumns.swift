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

    /// Appends one run's values, each preceded by a comma, in `runColumns` order. The hot
    /// path of every run row: the digits are written into a stack buffer and appended once.
    public static func appendRunFields(_ o: RunOutcome, to s: inout String) {
        let e = o.experience, c = o.counters
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 * runColumns.count) { buffer in
            var w = FieldWriter(buffer.baseAddress!)
            w.int(e.changes); w.int(e.neverReflected)
            w.seconds(e.freshnessP50); w.seconds(e.freshnessP95); w.seconds(e.freshnessMax)
            w.seconds(e.foreground); w.seconds(e.staleScreen); w.decimal(e.staleScreenFraction)
            w.int(e.regressions); w.int(c.localNotifications); w.int(e.notificationsShown); w.int(e.notificationsStale)
            w.seconds(e.notificationStalenessMean); w.seconds(e.notificationStalenessMax)
            w.int(e.notificationsDuplicate); w.int(e.notificationsNeverDisplayed)
            w.int(c.bytesPushed); w.int(c.bytesPulled); w.decimal(ratio(o.pushesSent, e.changes)); w.int(c.deviceWakeups)
            w.int(c.serverRequests); w.decimal(Double(c.serverRequests) / e.hours)
            w.hex(o.fingerprint.value)
            s += String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: w.count), as: UTF8.self)
        }
    }

    static let summary: [SummaryColumn] = {
        var c: [SummaryColumn] = [
            SummaryColumn(name: "total_changes") { String($0.changes) },
            SummaryColumn(name: "total_changes_never_reflected") { String($0.neverReflected) },
        ]
        c += meanWithInterval("freshness_p50", unit: "_s") { $0.freshnessP50s }
        c += meanWithInterval("freshness_p95", unit: "_s") { $0.freshnessP95s }
        c.append(SummaryColumn(name: "freshness_max_p95_s") { number(quantile($0.freshnessMaxes, 0.95)) })
        c.append(SummaryColumn(name: "mean_foreground_s") { number(Double($0.foreground) / 1e6 / Double(max(1, $0.runs))) })
        c += meanWithInterval("stale_screen", unit: "_s") { $0.staleScreens }
        c.append(SummaryColumn(name: "stale_screen_p95_s") { number(quantile($0.staleScreens, 0.95)) })
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
                                         _ values: @escaping @Sendable (ExperienceSummary) -> [Double]) -> [SummaryColumn] {
        [SummaryColumn(name: "mean_\(name)\(unit)") { s in number(values(s).isEmpty ? nil : Statistics.mean(values(s))) },
         SummaryColumn(name: "\(name)_ci_low\(unit)") { s in number(Statistics.meanInterval(values(s))?.low) },
         SummaryColumn(name: "\(name)_ci_high\(unit)") { s in number(Statistics.meanInterval(values(s))?.high) }]
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

    /// One run's values, in `runColumns` order (none needs CSV quoting): what
    /// `appendRunFields` writes, split at its commas.
    public static func runFields(_ o: RunOutcome) -> [String] {
        var s = ""
        appendRunFields(o, to: &s)
        return s.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// One cell's values, in `summaryColumns` order.
    public static func summaryFields(_ s: ExperienceSummary) -> [String] { summary.map { $0.value(s) } }

    /// `SummaryTable.number` (`%.6f`), empty for nil.
    static func number(_ x: Double?) -> String { x.map(SummaryTable.number) ?? "" }

    static func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

    static func quantile(_ values: [Double], _ p: Double) -> Double? { Statistics.quantile(sorted: values.sorted(), p) }
}

/// Writes comma-prefixed CSV fields as ASCII into a buffer large enough for them (32 bytes
/// per field is: a comma, at most 20 digits and a sign, a point and six decimals).
private struct FieldWriter {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    private mutating func put(_ byte: UInt8) { base[count] = byte; count += 1 }

    /// Decimal digits of `v`, at least `minimum` (zero-padded).
    private mutating func digits(_ v: UInt64, minimum: Int = 1) {
        var n = 1, t = v
        while t >= 10 { t /= 10; n += 1 }
        n = max(n, minimum)
        var v = v, i = count + n
        while i > count { i -= 1; base[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48; v /= 10 }
        count += n
    }

    mutating func int(_ v: Int) {
        put(44)
        if v < 0 { put(45) }
        digits(v.magnitude.toUInt64)
    }

    /// Exact decimal seconds with six digits (`SecondsFormat.string`); empty for nil.
    mutating func seconds(_ d: SimDuration?) {
        put(44)
        if let d { secondsDigits(d.microseconds) }
    }

    private mutating func secondsDigits(_ microseconds: Int64) {
        if microseconds < 0 { put(45) }
        let m = microseconds.magnitude
        digits(m / 1_000_000)
        put(46)
        digits(m % 1_000_000, minimum: 6)
    }

    /// Six decimals, rounded half away from zero from x × 10⁶; empty for nil or non-finite.
    mutating func decimal(_ x: Double?) {
        put(44)
        if let x, x.isFinite { secondsDigits(Int64((x * 1_000_000).rounded())) }
    }

    /// 16 lowercase hex digits.
    mutating func hex(_ v: UInt64) {
        put(44)
        for shift in stride(from: 60, through: 0, by: -4) {
            let d = UInt8((v >> UInt64(shift)) & 0xF)
            put(d < 10 ? 48 + d : 87 + d)
        }
    }
}

private extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}
