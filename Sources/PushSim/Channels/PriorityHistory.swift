/// F7's memory of one device's high-priority messages: those sent within the judging
/// window (downgraded ones too), oldest first, each with whether a notification was shown
/// for it (Firebase, "Set and manage message priority"; see `FCMConfig.Downgrade`).
struct PriorityHistory: Sendable {
    private var sent: [(at: SimTime, id: Int64, shown: Bool)] = []
    /// Entries before `head` have left the window.
    private var head = 0
    private var shownCount = 0

    /// Messages within the window.
    var count: Int { sent.count - head }
    /// Of those, how many showed nothing.
    var unseen: Int { count - shownCount }

    /// Forgets what was sent at or before `now - window`.
    mutating func forget(before now: SimTime, window: SimDuration) {
        while head < sent.count, sent[head].at <= now - window {
            if sent[head].shown { shownCount -= 1 }
            head += 1
        }
        if head > 1024, head * 2 > sent.count { sent.removeFirst(head); head = 0 }
    }

    /// Whether the next high-priority message goes as normal: at least `unseenLimit` showed
    /// nothing and fewer than `shownFraction` of all showed a notification.
    func downgrades(_ rule: FCMConfig.Downgrade) -> Bool {
        unseen >= rule.unseenLimit && Double(shownCount) < rule.shownFraction * Double(count)
    }

    /// A high-priority message sent at `now` (whatever priority it finally went with).
    mutating func record(_ id: Int64, at now: SimTime) { sent.append((now, id, false)) }

    /// A notification was shown for message `id`; one still in the window counts as shown
    /// (once). - Complexity: O(messages sent after it).
    mutating func shown(_ id: Int64) {
        var i = sent.count - 1
        while i >= head, sent[i].id > id { i -= 1 }
        guard i >= head, sent[i].id == id, !sent[i].shown else { return }
        sent[i].shown = true
        shownCount += 1
    }
}
