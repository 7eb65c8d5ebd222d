/// The run state of an `fcm` channel.
struct FCMState: Sendable {
    static let throttleTimer: Int32 = 2
    var nonCollapsible = OverflowStore(limit: 100, storeAfterDiscard: false)
    /// Pending collapsible messages, one per key, oldest key first.
    var collapsible: [Push] = []
    var bucket = TokenBucket(capacity: 20, refill: .minutes(3))
    var rate = SlidingRateLimit()
    var throttleArmed = false
    /// A `deletedMessages` signal waiting for the network (Doze).
    var deletedSignalPending = false
    /// The high-priority messages F7 judges.
    var history = PriorityHistory()
    /// (day index, high-priority messages that day) for the standby-bucket cap (D4).
    var highToday: (day: Int64, count: Int) = (-1, 0)
    /// When FCM starts answering `UNREGISTERED` for the current uninstall (A12).
    var unregistration = DrawnDeadline()
    /// Until when the token the last reinstall replaced delivers (F14).
    var oldToken = DrawnDeadline()
    /// Messages in flight on a dead connection (A11).
    var dead = DeadConnection()
    /// Copies received but not acknowledged, and those a dropped link left so (F16).
    var unacked = UnackedCopies()

    init() {}

    init(config: FCMConfig) {
        nonCollapsible = OverflowStore(limit: config.pendingLimit, storeAfterDiscard: config.storeAfterDiscard)
        bucket = TokenBucket(capacity: config.collapsibleBurst, refill: config.collapsibleRefill)
    }

    /// Newest per key (by send order: a message released from a dead connection, A11, can
    /// be older than the one stored under its key); a new key beyond `maxKeys` drops one of
    /// the keys, chosen at random.
    mutating func storeCollapsible(_ p: Push, maxKeys: Int, _ cx: inout ProviderContext) {
        if let i = collapsible.firstIndex(where: { $0.collapseKey == p.collapseKey }) {
            if collapsible[i].id > p.id { cx.finish(p.id, .collapsed); return }
            cx.finish(collapsible[i].id, .collapsed)
            collapsible.remove(at: i)
            collapsible.append(p)
            return
        }
        collapsible.append(p)
        if collapsible.count > maxKeys {
            let victim = cx.draws.uniformInt(below: collapsible.count)
            cx.finish(collapsible[victim].id, .droppedTooManyPendingMessages)
            collapsible.remove(at: victim)
        }
    }

    /// F7 and D4: whether this high-priority push goes as normal.
    ///
    /// F7 (`config.downgrade`, on by default) judges by outcome: the push is recorded in
    /// `history` whatever it goes with, and a notification shown for it later (the world's
    /// `notificationShown(for:)`) counts for it. The bucket cap (D4) is off while charging
    /// (Android's page: the restrictions do not apply then) and with `standbyCaps: none`; a
    /// message sent while it is off does not count toward the day's cap (a model reading:
    /// the page does not say), nor does one F7 downgraded. With `byBucketUnlessShown` a
    /// message the OS will draw (displayable, notifications allowed) is outside the cap.
    mutating func shouldDowngrade(_ p: Push, device: DeviceView, now: SimTime, config: FCMConfig) -> Bool {
        var downgraded = false
        if let rule = config.downgrade {
            history.forget(before: now, window: rule.window)
            downgraded = history.downgrades(rule)
            history.record(p.id, at: now)
        }
        let day = now.microseconds / SimDuration.days(1).microseconds
        if highToday.day != day { highToday = (day, 0) }
        let shown = p.isDisplayable && device.notificationsAuthorized
        let capped = device.standbyCaps == .byBucket || (device.standbyCaps == .byBucketUnlessShown && !shown)
        let cap = capped && !device.charging ? device.standbyBucket.dailyHighPriorityCap : nil
        if let cap, highToday.count >= cap { return true }
        if downgraded { return true }
        if cap != nil { highToday.count += 1 }
        return false
    }
}
