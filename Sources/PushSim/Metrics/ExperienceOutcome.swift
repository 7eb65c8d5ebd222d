/// What the user saw in one run, and what it cost beyond the push accounting: one row's
/// worth of the user-view columns of `runs.csv` (docs/csv.md). Times are `SimDuration`s
/// (exact microseconds); `nil` where a figure is undefined for the run.
public struct ExperienceOutcome: Sendable, Equatable, BitwiseCopyable {
    /// The run's length (its horizon), for per-hour rates.
    public var duration = SimDuration.zero
    /// Server changes committed.
    public var changes = 0
    /// Changes the client reflected by the horizon (the rest were never reflected).
    public var reflected = 0
    /// Median, 95th percentile and maximum freshness latency over the reflected changes.
    public var freshnessP50: SimDuration?
    public var freshnessP95: SimDuration?
    public var freshnessMax: SimDuration?
    /// Time the app was in the foreground, and the part of it with a stale state.
    public var foreground = SimDuration.zero
    public var staleScreen = SimDuration.zero
    /// Client writes that replaced a value with an older one.
    public var regressions = 0
    /// Notifications displayed (OS-drawn and posted by the app), those stale at display,
    /// the sum and maximum of their staleness, duplicates, and changes meant to notify
    /// that no notification showed.
    public var notificationsShown = 0
    public var notificationsStale = 0
    public var notificationStalenessTotal = SimDuration.zero
    public var notificationStalenessMax: SimDuration?
    public var notificationsDuplicate = 0
    public var notificationsNeverDisplayed = 0

    public init() {}

    /// Changes never reflected by the horizon.
    public var neverReflected: Int { changes - reflected }

    /// Stale-screen time over foreground time, in [0, 1]; nil without foreground time.
    public var staleScreenFraction: Double? {
        foreground > .zero ? Double(staleScreen.microseconds) / Double(foreground.microseconds) : nil
    }

    /// Mean staleness of the stale notifications (rounded down to a microsecond); nil if none.
    public var notificationStalenessMean: SimDuration? {
        notificationsStale == 0 ? nil : SimDuration(microseconds: notificationStalenessTotal.microseconds / Int64(notificationsStale))
    }

    /// The run's length in hours.
    public var hours: Double { Double(duration.microseconds) / 3_600_000_000 }
}
