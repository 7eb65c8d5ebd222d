/// What the user saw during one run, tracked as it happens: freshness latency, regressions,
/// foreground and stale-screen time, and the notifications displayed (see
/// `FreshnessTracker`, `ScreenTimer`, `NotificationTracker`). The world feeds it at every
/// server change, every client write, every displayed notification and after every event.
///
/// - Complexity: O(1) amortized per call; `outcome` sorts the latencies, O(c log c) for c
///   reflected changes.
struct ExperienceTracker: Sendable {
    private(set) var history: ChangeHistory
    private(set) var freshness: FreshnessTracker
    private(set) var notifications = NotificationTracker()
    private(set) var screen: ScreenTimer

    /// - Parameters:
    ///   - keys: keys in the server state.
    ///   - foreground: whether the app starts in the foreground.
    init(keys: Int, foreground: Bool) {
        history = ChangeHistory(keys: keys)
        freshness = FreshnessTracker()
        screen = ScreenTimer(foreground: foreground)
    }

    /// The state `init(keys:foreground:)` gives for the same keys, keeping the storage (for a
    /// reused world).
    mutating func reset(foreground: Bool) {
        history.reset()
        freshness.reset()
        notifications = NotificationTracker()
        screen = ScreenTimer(foreground: foreground)
    }

    /// Sizes the per-change arrays once for the `changes` the run will commit.
    mutating func reserve(changes: Int) {
        history.reserve(changes)
        freshness.reserve(changes)
    }

    /// The server committed change `sequence` to `key` at `now`, superseding change
    /// `previous` of the key (0 = none).
    mutating func serverChanged(key: Int32, sequence: Int64, previous: Int64, at now: SimTime, notify: Bool) {
        history.commit(sequence: sequence, key: key, previous: previous, at: now, notify: notify)
        notifications.serverChanged(notify: notify)
    }

    /// The client's value for `key` changed from `old` to `new` at `now`.
    mutating func clientWrote(key: Int32, old: Int64, new: Int64, at now: SimTime) {
        freshness.clientWrote(key: key, old: old, new: new, at: now, history: &history)
    }

    /// A notification showing `value` is displayed while the server holds `serverValue`.
    /// - Returns: its staleness if it is stale, else nil.
    @discardableResult
    mutating func notificationShown(value: Int64, serverValue: Int64, at now: SimTime) -> SimDuration? {
        notifications.shown(value: value, serverValue: serverValue, at: now, history: &history)
    }

    /// The state an event left behind (see `ScreenTimer.observe`).
    @inline(__always)
    mutating func observe(at now: SimTime, foreground: Bool, stale: Bool) {
        screen.observe(at: now, foreground: foreground, stale: stale)
    }

    /// The run's figures at `horizon` (after the last `observe`).
    mutating func outcome(horizon: SimTime, foreground: Bool, stale: Bool) -> ExperienceOutcome {
        screen.observe(at: horizon, foreground: foreground, stale: stale)
        var o = ExperienceOutcome()
        o.duration = horizon - .zero
        o.changes = history.count
        let sorted = freshness.sortedLatencies()
        o.reflected = sorted.count
        o.freshnessP50 = Self.quantile(sorted, 0.5)
        o.freshnessP95 = Self.quantile(sorted, 0.95)
        o.freshnessMax = sorted.last.map { SimDuration(microseconds: $0) }
        o.foreground = SimDuration(microseconds: screen.foreground)
        o.staleScreen = SimDuration(microseconds: screen.stale)
        o.regressions = freshness.regressions
        let n = notifications
        o.notificationsShown = n.shown
        o.notificationsStale = n.stale
        o.notificationStalenessTotal = SimDuration(microseconds: n.stalenessTotal)
        o.notificationStalenessMax = n.stale == 0 ? nil : SimDuration(microseconds: n.stalenessMax)
        o.notificationsDuplicate = n.duplicates
        o.notificationsNeverDisplayed = n.notifiable - n.notified
        return o
    }

    /// Quantile `p` (0…1) of sorted microseconds by linear interpolation at position
    /// (n − 1)·p, as `gsl_stats_quantile_from_sorted_data` (`Statistics.quantile`) computes
    /// it, rounded to the nearest microsecond; nil for no data. No allocation.
    static func quantile(_ sorted: [Int64], _ p: Double) -> SimDuration? {
        guard !sorted.isEmpty else { return nil }
        let index = p * Double(sorted.count - 1)
        let low = Int(index.rounded(.down))
        let delta = index - Double(low)
        var q = Double(sorted[low])
        if low + 1 < sorted.count { q = (1 - delta) * Double(sorted[low]) + delta * Double(sorted[low + 1]) }
        return SimDuration(microseconds: Int64(q.rounded()))
    }
}
