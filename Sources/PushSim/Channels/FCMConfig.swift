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
