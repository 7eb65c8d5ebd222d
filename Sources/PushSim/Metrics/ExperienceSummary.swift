/// Accumulates the user-view and cost figures of one (variant, strategy) cell's runs for
/// `summary.csv`: totals, pooled ratios, means with 95% t-intervals and quantiles over
/// runs, and run-level rates with 95% Wilson intervals (docs/csv.md lists each column).
///
/// Memory: bounded, whatever the number of runs: means and intervals from running moments;
/// quantiles over runs exact up to 100,000 runs, GSL's P² estimate past that
/// (`RunningQuantiles`).
public struct ExperienceSummary: Sendable {
    public private(set) var runs = 0
    public private(set) var changes = 0
    public private(set) var neverReflected = 0
    /// Per-run freshness p50, p95 (seconds) over the runs that reflected a change.
    public private(set) var freshnessP50 = RunningMoments()
    public private(set) var freshnessP95 = RunningMoments()
    /// 95th percentile over those runs of the per-run largest freshness latency (seconds).
    public private(set) var freshnessMax = RunningQuantiles([0.95])
    /// Per-run stale-screen seconds: moments and the 95th percentile over runs.
    public private(set) var staleScreenMoments = RunningMoments()
    public private(set) var staleScreenQuantiles = RunningQuantiles([0.95])
    public private(set) var foreground: Int64 = 0
    public private(set) var staleScreen: Int64 = 0
    public private(set) var regressions = 0
    public private(set) var runsWithRegression = 0
    public private(set) var localNotifications = 0
    public private(set) var notificationsShown = 0
    public private(set) var notificationsStale = 0
    public private(set) var runsWithStaleNotification = 0
    /// Largest staleness of any stale notification, microseconds (nil: none was stale).
    public private(set) var stalenessMax: Int64?
    public private(set) var duplicates = 0
    public private(set) var neverDisplayed = 0
    public private(set) var pushesSent = 0
    public private(set) var bytesPushed = 0
    public private(set) var bytesPulled = 0
    public private(set) var wakeups = 0
    public private(set) var serverRequests = 0
    /// Simulated hours over the runs.
    public private(set) var hours = 0.0

    public init() {}

    /// Adds one run.
    public mutating func add(_ o: RunOutcome) {
        let e = o.experience, c = o.counters
        runs += 1
        changes += e.changes
        neverReflected += e.neverReflected
        if let p50 = e.freshnessP50, let p95 = e.freshnessP95, let mx = e.freshnessMax {
            freshnessP50.add(p50.seconds); freshnessP95.add(p95.seconds); freshnessMax.add(mx.seconds)
        }
        staleScreenMoments.add(e.staleScreen.seconds); staleScreenQuantiles.add(e.staleScreen.seconds)
        foreground += e.foreground.microseconds
        staleScreen += e.staleScreen.microseconds
        regressions += e.regressions
        if e.regressions > 0 { runsWithRegression += 1 }
        localNotifications += c.localNotifications
        notificationsShown += e.notificationsShown
        notificationsStale += e.notificationsStale
        if e.notificationsStale > 0 { runsWithStaleNotification += 1 }
        if let m = e.notificationStalenessMax { stalenessMax = max(stalenessMax ?? 0, m.microseconds) }
        duplicates += e.notificationsDuplicate
        neverDisplayed += e.notificationsNeverDisplayed
        pushesSent += o.pushesSent
        bytesPushed += c.bytesPushed
        bytesPulled += c.bytesPulled
        wakeups += c.deviceWakeups
        serverRequests += c.serverRequests
        hours += e.hours
    }

    /// A per-run mean (0 with no runs).
    public func mean(_ total: Int) -> Double { runs == 0 ? 0 : Double(total) / Double(runs) }
}
