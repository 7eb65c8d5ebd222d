extension Columns {
    /// The user-view and cost columns (63–84), after the sender group so that
    /// the older columns keep their positions (`ExperienceOutcome`; docs/csv.md, User-view
    /// columns).
    static let userView: [Column] = [
        .count("changes", unit: "changes", "server changes committed (every schedule, `send` or not)", summary: [.total()]) {
            $0.experience.changes
        },
        .count("changes_never_reflected", unit: "changes", "changes the client's state never reflected (nor any later change of "
               + "the same key) by the horizon", summary: [.total()]) { $0.experience.neverReflected },
        .duration("freshness_p50_s", "median freshness latency over the reflected changes (see "
                  + "[User view](#user-view-columns-6384))", emptyWhen: "no change reflected", summary: [.meanWithInterval]) {
            $0.experience.freshnessP50
        },
        .duration("freshness_p95_s", "95th percentile of the same", emptyWhen: "no change reflected", summary: [.meanWithInterval]) {
            $0.experience.freshnessP95
        },
        .duration("freshness_max_s", "largest freshness latency", emptyWhen: "no change reflected", summary: [.quantiles([0.95])]) {
            $0.experience.freshnessMax
        },
        .duration("foreground_s", "time the app was in the foreground", summary: [.mean]) { $0.experience.foreground },
        .duration("stale_screen_s", "foreground time during which the client's state differed from the server's",
                  summary: [.meanWithInterval, .quantiles([0.95])]) { $0.experience.staleScreen },
        .decimal("stale_screen_fraction", unit: "fraction in [0, 1]", "`stale_screen_s / foreground_s`",
                 emptyWhen: "`foreground_s` = 0", summary: [.pooled("stale_screen_fraction", "stale_screen_s", per: "foreground_s")]) {
            $0.experience.staleScreenFraction
        },
        .count("regressions", unit: "writes", "client writes that replaced a value with an older one (a smaller non-zero value "
               + "over a larger one)", summary: [.total(), .runRate("regression")]) { $0.experience.regressions },
        .count("local_notifications", unit: "notifications", "notifications the app posted itself (`applyPayloadNotify`, "
               + "`refetchNotify`, `refetchNotifyPoll`)", summary: [.total()]) { $0.counts[.localNotifications] },
        .count("notifications_shown", unit: "notifications", "every notification displayed: `notifications_displayed` (OS-drawn) "
               + "+ `local_notifications`", summary: [.total()]) { $0.experience.notificationsShown },
        .count("notifications_stale", unit: "notifications", "displayed notifications whose value was no longer the server's "
               + "value for that key when displayed", summary: [.total(), .runRate("stale_notification")]) {
            $0.experience.notificationsStale
        },
        .duration("notification_staleness_mean_s", "mean staleness of the stale ones (time since the server moved past the shown "
                  + "value), rounded down to a microsecond", emptyWhen: "no stale notification") {
            $0.experience.notificationStalenessMean
        },
        .duration("notification_staleness_max_s", "largest staleness", emptyWhen: "no stale notification",
                  summary: [.max("notification_staleness_max_s")]) { $0.experience.notificationStalenessMax },
        .count("notifications_duplicate", unit: "notifications", "displays of a change an earlier notification had already shown",
               summary: [.total()]) { $0.experience.notificationsDuplicate },
        .count("notifications_never_displayed", unit: "changes", "changes meant to notify (`ChangeSchedule.notify`) that no "
               + "notification ever showed", summary: [.total()]) { $0.experience.notificationsNeverDisplayed },
        .count("bytes_pushed", unit: "bytes", "payload bytes the server sent: the template's `size` once per push sent",
               summary: [.mean]) { $0.counts[.bytesPushed] },
        .count("bytes_pulled", unit: "bytes", "bytes of the pull answers applied: `client.responseSize` + `client.changeSize` per "
               + "change carried (per key for a snapshot)", summary: [.mean]) { $0.counts[.bytesPulled] },
        .decimal("pushes_per_change", unit: "pushes per change", "`pushes_sent / changes`", emptyWhen: "`changes` = 0",
                 summary: [.pooled("pushes_per_change", "pushes_sent", per: "changes")]) { o in
            o.experience.changes == 0 ? nil : Double(o.pushesSent) / Double(o.experience.changes)
        },
        .count("device_wakeups", unit: "wake-ups", "push copies and `deletedMessages` signals that reached the device while its "
               + "screen was off (0 on a `generic` device, which counts as always awake)", summary: [.mean]) {
            $0.counts[.deviceWakeups]
        },
        .count("server_requests", unit: "requests", "pulls that reached the server (started with network; failed ones included), and Notification Service Extension fetches (I7)",
               summary: [.meanAndInterval]) { $0.counts[.serverRequests] },
        .decimal("server_requests_per_hour", unit: "requests per hour", "`server_requests` / the horizon in hours",
                 summary: [.pooled("server_requests_per_hour", "server_requests", per: .hours)]) {
            Double($0.counts[.serverRequests]) / $0.experience.hours
        },
    ]
}
