/// The parameters of the `fcm` channel (see `FCMChannel`), decoded strictly from JSON.
public struct FCMConfig: Sendable, ParamFieldDeclaring {
    public static let pendingLimit = Param.integer("pendingLimit", default: 100, range: 0...1_000_000,
                                            doc: "non-collapsible messages pending per app instance (F2)")
    public static let deletedSignal = Param.boolean("deletedSignal", default: true, doc: "onDeletedMessages at reconnect after a discard (F2)")
    public static let storeAfterDiscard = Param.boolean("storeAfterDiscard", default: false,
                                                 doc: "store again after a discard instead of dropping until reconnect")
    public static let maxCollapseKeys = Param.integer("maxCollapseKeys", default: 4, range: 1...1_000_000,
                                               doc: "distinct collapse keys pending per device (F3)")
    public static let collapsibleBurst = Param.integer("collapsibleBurst", default: 20, range: 1...1_000_000,
                                                doc: "collapsible messages per app per device in a burst (F8)")
    public static let collapsibleRefill = Param.duration("collapsibleRefill", default: .minutes(3), range: .positive("a refill interval"),
                                                  doc: "one more collapsible message per this interval (F8)")
    public static let perMinute = Param.integer("perMinute", default: 240, range: 1...100_000_000, doc: "messages per device per minute (F8)")
    public static let perHour = Param.integer("perHour", default: 5000, range: 1...100_000_000, doc: "messages per device per hour (F8)")
    public static let inactiveAfter = Param.duration("inactiveAfter", default: .days(28), range: .positive(),
                                              doc: "offline this long ⇒ dropped_device_inactive (F10)")
    public static let tokenExpiry = Param.duration("tokenExpiry", default: .days(270), range: .positive(),
                                            doc: "offline this long ⇒ token expired, UNREGISTERED (F10)")
    public static let downgrade = Param.switchableObject("downgrade", Downgrade.self, default: Downgrade(),
                                                         doc: "high-priority downgrade by outcome (F7; on by default, null = off)")
    public static let errors = Param.errorRates("errors", allowed: [.invalidArgument, .senderIdMismatch, .thirdPartyAuthError, .quotaExceeded,
                                                             .unavailable, .internal], doc: "random provider errors at send, per code (F9)")
    public static let apns = Param.object("apns", default: APNsChannel(),
                                   doc: "the APNs model used for iOS devices (F12); without its own transport it uses this one")
    public static let transport = Param.object("transport", default: Transport.perfect, doc: "impairments after the provider (F5)")
    public static let unregisteredAfter = Param.distribution("unregisteredAfter", default: .zero,
                                                      doc: "from the device reporting an uninstalled app to the first UNREGISTERED (A12, Android)")
    public static let deadConnection = Param.enumeration("deadConnection", default: DeadConnectionFate.allHeld,
                                                  doc: "what happens to Android messages sent before a silent disconnect is noticed (A11; the protocol acknowledges messages: Chromium's mcs_client.cc)")
    public static let oldTokenLifetime = Param.distribution("oldTokenLifetime", default: DurationDistribution(.uniform(min: 0, max: 24), unit: "h"),
                                                     doc: "how long the token a reinstall replaced keeps delivering (F14; assumption)")
    public static let redeliverUnacked = Param.boolean("redeliverUnacked", default: false,
                                                       doc: "send again, at reconnect, the copies the device had not acknowledged when its link dropped (F16)")
    public static let ackAfter = Param.integer("ackAfter", default: 10, range: 1...1_000_000,
                                               doc: "the device acknowledges after this many unacknowledged copies (F16, only with redeliverUnacked; Chromium's 10)")
    public static let heartbeat = Param.duration("heartbeat", default: .minutes(15), range: .positive("a heartbeat interval"),
                                                 doc: "and with each heartbeat, this far apart (F16, only with redeliverUnacked; Chromium: 15 min on Wi-Fi, 28 min on mobile)")
    public static let fields: [ParamField<Self>] = [
        .bind(pendingLimit, \.pendingLimit), .bind(deletedSignal, \.deletedSignal), .bind(storeAfterDiscard, \.storeAfterDiscard),
        .bind(maxCollapseKeys, \.maxCollapseKeys), .bind(collapsibleBurst, \.collapsibleBurst),
        .bind(collapsibleRefill, \.collapsibleRefill), .bind(perMinute, \.perMinute), .bind(perHour, \.perHour),
        .bind(inactiveAfter, \.inactiveAfter), .bind(tokenExpiry, \.tokenExpiry), .bind(downgrade, \.downgrade),
        .bind(errors, \.errors), .bind(apns, \.apns), .bind(transport, \.transport),
        .bind(unregisteredAfter, \.unregisteredAfter), .bind(oldTokenLifetime, \.oldTokenLifetime), .bind(deadConnection, \.deadConnection),
        .bind(redeliverUnacked, \.redeliverUnacked), .bind(ackAfter, \.ackAfter), .bind(heartbeat, \.heartbeat),
    ]
    /// The config is the `fcm` channel's object, which carries its `"kind"`.
    public static let reservedKeys = ["kind"]

    /// Whether unacknowledged copies are sent again at reconnect (F16; default false).
    public var redeliverUnacked = FCMConfig.redeliverUnacked.defaultValue
    /// Copies the device acknowledges at once, ≥ 1 (F16; default 10).
    public var ackAfter = FCMConfig.ackAfter.defaultValue
    /// The heartbeat that also acknowledges, > 0 (F16; default 15 min).
    public var heartbeat = FCMConfig.heartbeat.defaultValue
    /// Non-collapsible messages pending per app instance, 0 … 1,000,000 (F2).
    public var pendingLimit = FCMConfig.pendingLimit.defaultValue
    /// Whether the app gets `deletedMessages` at reconnect after a discard (F2).
    public var deletedSignal = FCMConfig.deletedSignal.defaultValue
    /// Whether pushes are stored again after a discard (else dropped until reconnect).
    public var storeAfterDiscard = FCMConfig.storeAfterDiscard.defaultValue
    /// Distinct collapse keys pending per device, ≥ 1 (F3).
    public var maxCollapseKeys = FCMConfig.maxCollapseKeys.defaultValue
    /// Collapsible messages per burst, ≥ 1 (F8).
    public var collapsibleBurst = FCMConfig.collapsibleBurst.defaultValue
    /// One more collapsible message per this interval, > 0 (F8).
    public var collapsibleRefill = FCMConfig.collapsibleRefill.defaultValue
    /// Messages per device per minute, ≥ 1 (F8).
    public var perMinute = FCMConfig.perMinute.defaultValue
    /// Messages per device per hour, ≥ 1 (F8).
    public var perHour = FCMConfig.perHour.defaultValue
    /// Offline this long (> 0) ⇒ `dropped_device_inactive` (F10).
    public var inactiveAfter = FCMConfig.inactiveAfter.defaultValue
    /// Offline this long (> 0) ⇒ token expired, `UNREGISTERED` (F10).
    public var tokenExpiry = FCMConfig.tokenExpiry.defaultValue
    /// The high-priority downgrade (F7); on by default, `nil` = off.
    public var downgrade = FCMConfig.downgrade.defaultValue
    /// Random errors at send (F9).
    public var errors = FCMConfig.errors.defaultValue
    /// The APNs model for iOS devices (F12).
    public var apns = FCMConfig.apns.defaultValue
    /// Whether the `apns` object names its own transport.
    public var apnsHasTransport = false
    /// Impairments between provider and device.
    public var transport = FCMConfig.transport.defaultValue
    /// From an Android device's report of an uninstalled app to the first `UNREGISTERED`
    /// (A12; default 0: the GCM page "How uninstalled client app unregistration works" has
    /// the sends after the report rejected). iOS devices follow `apns.unregisteredAfter`.
    public var unregisteredAfter = FCMConfig.unregisteredAfter.defaultValue
    /// How long the token of an installation a reinstall replaced keeps delivering, when the
    /// uninstall was never reported (F14; default uniform 0–24 h, an assumption from a
    /// Firebase engineer's "no more than 1 day" in firebase-ios-sdk issue 4416).
    public var oldTokenLifetime = FCMConfig.oldTokenLifetime.defaultValue
    /// Android messages sent to a dead connection (A11; default `allHeld`, an assumption:
    /// FCM keeps a message until the device acknowledges it). iOS devices follow
    /// `apns.deadConnection`.
    public var deadConnection = FCMConfig.deadConnection.defaultValue

    /// The collapse key FCM gives notification messages that name none (the app's package).
    public static let packageCollapseKey = KeyPattern("package").id(for: 0)

    /// F7 (Firebase, "Set and manage message priority": high-priority messages that do not
    /// result in user-facing notifications may be deprioritised, judged per app instance over
    /// 7 days). Every high-priority message sent to the device within `window`, downgraded
    /// ones included, is remembered with whether a notification was shown for it (drawn by
    /// the OS, or posted by the app from its handler). A high-priority message goes as
    /// normal when at least `unseenLimit` of those showed nothing and fewer than
    /// `shownFraction` of them showed one. Firebase gives the window, not a threshold:
    /// `unseenLimit` 10 and `shownFraction` 0.5 are **assumptions**.
    public struct Downgrade: Sendable, Decodable, ParamFieldDeclaring {
        public static let window = Param.duration("window", default: .days(7), range: .positive("a downgrade window"),
                                                  doc: "how far back messages are judged (Firebase: 7 days)")
        public static let unseenLimit = Param.integer("unseenLimit", default: 10, range: 1...1_000_000,
                                               doc: "high-priority messages without a notification within the window before any downgrade (assumption)")
        public static let shownFraction = Param.number("shownFraction", default: 0.5, range: 0...1,
                                                       doc: "downgrade while fewer than this fraction of the window's high-priority messages showed a notification (assumption)")
        public static let fields: [ParamField<Self>] = [.bind(window, \.window), .bind(unseenLimit, \.unseenLimit),
                                                       .bind(shownFraction, \.shownFraction)]

        /// How far back messages are judged (µs, > 0; default 7 d).
        public var window = Downgrade.window.defaultValue
        /// Messages without a notification within `window` before any downgrade (≥ 1; default 10).
        public var unseenLimit = Downgrade.unseenLimit.defaultValue
        /// The shown fraction below which high priority goes as normal (0 … 1; default 0.5).
        public var shownFraction = Downgrade.shownFraction.defaultValue

        /// The defaults (on, 7 d, 10, 0.5).
        public init() {}

        public init(from decoder: any Decoder) throws { try decodeFields(from: decoder) }
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let p = try decodeFields(from: decoder)
        apnsHasTransport = try p.object(Self.apns, hasKey: "transport")
    }
}
