/// The parameters of the `fcm` channel (see `FCMChannel`), decoded strictly from JSON.
public struct FCMConfig: Sendable {
    public var pendingLimit = 100
    public var deletedSignal = true
    public var storeAfterDiscard = false
    public var maxCollapseKeys = 4
    public var collapsibleBurst = 20
    public var collapsibleRefill = SimDuration.minutes(3)
    public var perMinute = 240
    public var perHour = 5000
    public var inactiveAfter = SimDuration.days(28)
    public var tokenExpiry = SimDuration.days(270)
    public var downgrade: Downgrade?
    public var errors = ErrorRates()
    public var apns = APNsChannel()
    /// Whether the `apns` object names its own transport.
    public var apnsHasTransport = false
    public var transport = Transport.perfect

    /// The collapse key FCM gives notification messages that name none (the app's package).
    public static let packageCollapseKey = KeyPattern("package").id(for: 0)

    /// F7: after `unseenLimit` high-priority messages without a visible notification within
    /// `window`, further high-priority messages are sent as normal.
    public struct Downgrade: Sendable {
        public var window: SimDuration
        public var unseenLimit: Int
    }

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, pendingLimit, deletedSignal, storeAfterDiscard, maxCollapseKeys, collapsibleBurst, collapsibleRefill
        case perMinute, perHour, inactiveAfter, tokenExpiry, downgrade, errors, apns, transport
    }
    enum DowngradeKeys: String, CodingKey, CaseIterable { case window, unseenLimit }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pendingLimit = try c.decodeInt(.pendingLimit, in: 0...1_000_000, default: 100)
        deletedSignal = try c.decodeBool(.deletedSignal, default: true)
        storeAfterDiscard = try c.decodeBool(.storeAfterDiscard, default: false)
        maxCollapseKeys = try c.decodeInt(.maxCollapseKeys, in: 1...1_000_000, default: 4)
        collapsibleBurst = try c.decodeInt(.collapsibleBurst, in: 1...1_000_000, default: 20)
        collapsibleRefill = try c.decodeDurationIfPresent(.collapsibleRefill) ?? .minutes(3)
        guard collapsibleRefill > .zero else { throw c.invalid(.collapsibleRefill, "expected a refill interval longer than 0s") }
        perMinute = try c.decodeInt(.perMinute, in: 1...100_000_000, default: 240)
        perHour = try c.decodeInt(.perHour, in: 1...100_000_000, default: 5000)
        inactiveAfter = try c.decodeDurationIfPresent(.inactiveAfter) ?? .days(28)
        guard inactiveAfter > .zero else { throw c.invalid(.inactiveAfter, "expected a duration longer than 0s") }
        tokenExpiry = try c.decodeDurationIfPresent(.tokenExpiry) ?? .days(270)
        guard tokenExpiry > .zero else { throw c.invalid(.tokenExpiry, "expected a duration longer than 0s") }
        if c.contains(.downgrade), try !c.decodeNil(forKey: .downgrade) {
            let d = try c.superDecoder(forKey: .downgrade)
            try d.rejectUnknownKeys(DowngradeKeys.self)
            let dc = try d.container(keyedBy: DowngradeKeys.self)
            downgrade = Downgrade(window: try dc.decodeDurationIfPresent(.window) ?? .days(7),
                                  unseenLimit: try dc.decodeInt(.unseenLimit, in: 1...1_000_000))
        }
        if c.contains(.errors) {
            errors = try ErrorRates(from: c.superDecoder(forKey: .errors),
                                    allowed: [.invalidArgument, .senderIdMismatch, .thirdPartyAuthError, .quotaExceeded, .unavailable, .internal])
        }
        if c.contains(.apns) {
            let a = try c.superDecoder(forKey: .apns)
            try a.rejectUnknownKeys(APNsChannel.CodingKeys.self)
            apns = try APNsChannel(from: a)
            apnsHasTransport = try a.container(keyedBy: AnyCodingKey.self).contains(AnyCodingKey("transport"))
        }
        transport = try c.decodeIfPresent(Transport.self, forKey: .transport) ?? .perfect
    }
}

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
    /// Send times of high-priority messages that could show no notification (F7).
    var unseenHigh: [SimTime] = []
    /// (day index, high-priority messages that day) for the standby-bucket cap (D4).
    var highToday: (day: Int64, count: Int) = (-1, 0)

    init() {}

    init(config: FCMConfig) {
        nonCollapsible = OverflowStore(limit: config.pendingLimit, storeAfterDiscard: config.storeAfterDiscard)
        bucket = TokenBucket(capacity: config.collapsibleBurst, refill: config.collapsibleRefill)
    }

    /// Newest per key; a new key beyond `maxKeys` drops one of the keys, chosen at random.
    mutating func storeCollapsible(_ p: Push, maxKeys: Int, random: RandomStream, ledger: inout PushLedger) {
        if let i = collapsible.firstIndex(where: { $0.collapseKey == p.collapseKey }) {
            ledger.finish(collapsible[i].id, .collapsed)
            collapsible.remove(at: i)
            collapsible.append(p)
            return
        }
        collapsible.append(p)
        if collapsible.count > maxKeys {
            let victim = random.uniformInt(below: collapsible.count)
            ledger.finish(collapsible[victim].id, .droppedTooManyPendingMessages)
            collapsible.remove(at: victim)
        }
    }

    /// F7 and D4: whether this high-priority push goes as normal.
    mutating func shouldDowngrade(_ p: Push, env: ChannelEnvironment, config: FCMConfig) -> Bool {
        let day = env.now.microseconds / SimDuration.days(1).microseconds
        if highToday.day != day { highToday = (day, 0) }
        if let cap = env.device.standbyBucket.dailyHighPriorityCap, highToday.count >= cap { return true }
        if let d = config.downgrade {
            unseenHigh.removeAll { $0 <= env.now - d.window }
            if unseenHigh.count >= d.unseenLimit { return true }
            if !(p.isDisplayable && env.device.notificationsAuthorized) { unseenHigh.append(env.now) }
        }
        highToday.count += 1
        return false
    }
}

/// Per-device sends in the last minute and hour (F8).
struct SlidingRateLimit: Sendable {
    private var times: [SimTime] = []
    private var head = 0

    /// Admits a send at `now` if fewer than `perMinute` in the last minute and fewer than
    /// `perHour` in the last hour were admitted.
    mutating func admit(at now: SimTime, perMinute: Int, perHour: Int) -> Bool {
        while head < times.count && times[head] <= now - .hours(1) { head += 1 }
        if head > 4096 { times.removeFirst(head); head = 0 }
        let lastHour = times.count - head
        var lastMinute = 0
        var i = times.count - 1
        while i >= head && times[i] > now - .minutes(1) { lastMinute += 1; i -= 1 }
        guard lastMinute < perMinute && lastHour < perHour else { return false }
        times.append(now)
        return true
    }
}
