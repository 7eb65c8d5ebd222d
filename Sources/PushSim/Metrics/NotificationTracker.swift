/// The notifications the user saw in one run, judged against the server.
///
/// A notification shows one value of one key: an OS-drawn push shows the value the push
/// carried; a notification the app posts shows the app's own value. At display it is
/// **stale** if the server has moved past that value; its **staleness** is the time since
/// the server did (the commit of the next change to that key). It is a **duplicate** if an
/// earlier notification already showed the same change. Changes whose schedule is meant
/// to notify (`ChangeSchedule.notify`) and that no notification ever showed count as
/// never displayed.
///
/// O(1) per call; no memory beyond `ChangeHistory`'s flags.
struct NotificationTracker: Sendable {
    /// Notifications displayed (OS-drawn and posted by the app).
    private(set) var shown = 0
    /// Of those, stale at display.
    private(set) var stale = 0
    /// Sum and maximum of the staleness of the stale ones, microseconds.
    private(set) var stalenessTotal: Int64 = 0
    private(set) var stalenessMax: Int64 = 0
    /// Displays of a change an earlier notification had shown.
    private(set) var duplicates = 0
    /// Changes meant to notify, and those of them some notification showed.
    private(set) var notifiable = 0
    private(set) var notified = 0

    /// Change `sequence` was committed (after `history.commit`).
    mutating func serverChanged(notify: Bool) { if notify { notifiable += 1 } }

    /// A notification showing `value` for `key` is displayed at `now`, while the server
    /// holds `serverValue` for that key.
    /// - Returns: its staleness if it is stale, else nil.
    @discardableResult
    mutating func shown(value: Int64, serverValue: Int64, at now: SimTime, history: inout ChangeHistory) -> SimDuration? {
        shown += 1
        guard value > 0 else { return nil }   // nothing to show: no change behind it
        var staleness: SimDuration?
        if value != serverValue {
            stale += 1
            let age = now.microseconds - (history.supersededAt(value) ?? now).microseconds
            stalenessTotal += age
            stalenessMax = max(stalenessMax, age)
            staleness = SimDuration(microseconds: age)
        }
        if history[value].displayed {
            duplicates += 1
        } else {
            history[value].displayed = true
            if history[value].notify { notified += 1 }
        }
        return staleness
    }
}
