/// The device and its user in a scenario (JSON `"device"`). Every key is optional; the
/// default is a `generic` device that is always online and never opened.
///
/// Platform rules apply by `platform`: `android` (Doze, App Standby Buckets, force-stop,
/// FCM message handling by app state), `ios` (background budget, Low Power Mode,
/// force-quit, alert display), `generic` (none: every push reaches the app's handler).
/// See docs/model.md for every key.
public struct DeviceSpec: Decodable, Sendable {
    public var platform: Platform = .generic
    /// Connectivity: fixed offline periods, or alternating periods drawn per replication.
    public var offline: [Period] = []
    public var connectivity: AlternatingPeriods?
    /// Screen-on periods (the screen is also on while the app is in the foreground).
    public var screenOn: [Period] = []
    public var charging: [Period] = []
    /// Times the device is moved (resets deep Doze).
    public var motion: [SimDuration] = []
    /// Doze constants (Android).
    public var doze = DozeParameters.aosp
    /// How long a high-priority FCM message exempts the app from Doze's network
    /// restriction (F6; AOSP temp allowlist: up to 5 min).
    public var highPriorityExemption = SimDuration.minutes(5)
    /// iOS Low Power Mode periods (data-only pushes held, I5).
    public var lowPowerMode: [Period] = []
    /// Android App Standby Bucket (D4).
    public var standbyBucket: StandbyBucket = .active
    /// iOS background-notification budget (I1).
    public var backgroundBudget = BackgroundBudget.default
    /// What happens to a background push held for the budget: delivered at the next launch
    /// (`deliverAtLaunch`, the third-party reading I3, disputed) or dropped (`drop`).
    public var heldBackgroundPush: HeldPushPolicy = .deliverAtLaunch
    /// Whether the user allows notifications to be shown (I4).
    public var notificationsAuthorized = true
    /// Times the registration token rotates (A10, F10); the app registers the new one at its next launch.
    public var tokenRotations: [SimDuration] = []
    /// Uninstall periods: the app is gone from `from` to `to` (reinstalled at `to`, with a
    /// new token and empty local state).
    public var uninstalled: [Period] = []
    /// How long before t = 0 the device last connected (F10 inactivity), default 0.
    public var lastConnectedBefore: SimDuration = .zero
    /// The app and the user.
    public var app = AppSpec()

    /// Always online, never opened.
    public static let alwaysOnline = DeviceSpec()

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case platform, offline, connectivity, screenOn, charging, motion, doze, highPriorityExemption, lowPowerMode, standbyBucket
        case backgroundBudget, heldBackgroundPush, notifications, tokenRotations, uninstalled, lastConnectedBefore
        case app, foreground
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        platform = try c.decodeEnum(.platform, default: .generic)
        offline = try c.decodePeriods(.offline)
        connectivity = try c.decodeIfPresent(AlternatingPeriods.self, forKey: .connectivity)
        if connectivity != nil && !offline.isEmpty { throw c.invalid(.connectivity, "give \"offline\" periods or \"connectivity\", not both") }
        screenOn = try c.decodePeriods(.screenOn)
        charging = try c.decodePeriods(.charging)
        motion = try c.decodeDurations(.motion)
        doze = try c.decodeIfPresent(DozeParameters.self, forKey: .doze) ?? .aosp
        highPriorityExemption = try c.decodeDurationIfPresent(.highPriorityExemption) ?? .minutes(5)
        lowPowerMode = try c.decodePeriods(.lowPowerMode)
        standbyBucket = try c.decodeEnum(.standbyBucket, default: .active)
        backgroundBudget = try c.decodeIfPresent(BackgroundBudget.self, forKey: .backgroundBudget) ?? .default
        heldBackgroundPush = try c.decodeEnum(.heldBackgroundPush, default: .deliverAtLaunch)
        let permission = try c.decodeIfPresent(String.self, forKey: .notifications) ?? "authorized"
        guard ["authorized", "denied"].contains(permission) else {
            throw c.invalid(.notifications, "expected \"authorized\" or \"denied\", got \"\(permission)\"")
        }
        notificationsAuthorized = permission == "authorized"
        tokenRotations = try c.decodeDurations(.tokenRotations)
        uninstalled = try c.decodePeriods(.uninstalled)
        lastConnectedBefore = try c.decodeDurationIfPresent(.lastConnectedBefore) ?? .zero
        app = try c.decodeIfPresent(AppSpec.self, forKey: .app) ?? AppSpec()
        // `foreground` at device level is shorthand for app.foreground (app opens at those times).
        let opens = try c.decodeDurations(.foreground)
        if !opens.isEmpty {
            guard app.foreground.isEmpty else { throw c.invalid(.foreground, "give app opens in \"foreground\" or \"app.foreground\", not both") }
            app.foreground = opens
        }
    }
}

/// The operating system family of the device.
public enum Platform: String, Sendable, CaseIterable, Decodable {
    /// No platform rules: pushes reach the app's handler whatever its state.
    case generic
    case android
    case ios
}

/// Android App Standby Buckets and their daily cap of high-priority FCM messages (D4,
/// Android "Power management restrictions"); beyond the cap messages are treated as normal.
public enum StandbyBucket: String, Sendable, CaseIterable, Decodable {
    case active, workingSet, frequent, rare, restricted

    /// High-priority messages per day before downgrade; `nil` = unlimited.
    public var dailyHighPriorityCap: Int? {
        switch self {
        case .active, .workingSet: nil
        case .frequent: 10
        case .rare, .restricted: 5
        }
    }
}

/// What happens to an iOS background push that the budget or Low Power Mode holds back.
public enum HeldPushPolicy: String, Sendable, CaseIterable, Decodable {
    case deliverAtLaunch, drop
}

/// The iOS background-notification budget as a token bucket (I1: "no more than two or
/// three per hour", Apple, "Pushing background updates to your App"): `capacity` tokens,
/// one more every `refill`. Default: capacity 1, refill 20 min (3 per hour).
public struct BackgroundBudget: Decodable, Sendable, Equatable {
    public var capacity: Int
    public var refill: SimDuration

    public static let `default` = BackgroundBudget(capacity: 1, refill: .minutes(20))

    public init(capacity: Int, refill: SimDuration) { self.capacity = capacity; self.refill = refill }

    enum CodingKeys: String, CodingKey, CaseIterable { case capacity, refill }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        capacity = try c.decodeInt(.capacity, in: 0...1_000_000, default: 1)
        refill = try c.decodeDurationIfPresent(.refill) ?? .minutes(20)
        guard refill > .zero else { throw c.invalid(.refill, "expected a refill interval longer than 0s") }
    }
}

/// One period `[from, to)` of simulated time.
public struct Period: Decodable, Sendable, Equatable {
    public var from: SimDuration
    public var to: SimDuration

    public init(from: SimDuration, to: SimDuration) { self.from = from; self.to = to }

    enum CodingKeys: String, CodingKey, CaseIterable { case from, to }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        from = try c.decodeDuration(.from)
        to = try c.decodeDuration(.to)
        guard to > from else { throw c.invalid(.to, "\"to\" must be later than \"from\"") }
    }
}

/// Alternating online/offline periods drawn per replication on the `device.connectivity`
/// stream: online for a draw of `online`, offline for a draw of `offline`, and so on,
/// starting online (or offline when `startOffline`).
public struct AlternatingPeriods: Decodable, Sendable {
    public var online: DurationDistribution
    public var offline: DurationDistribution
    public var startOffline: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case online, offline, startOffline }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        online = try c.decode(DurationDistribution.self, forKey: .online)
        offline = try c.decode(DurationDistribution.self, forKey: .offline)
        startOffline = try c.decodeBool(.startOffline, default: false)
        guard online.meanDuration >= .seconds(1), offline.meanDuration >= .seconds(1) else {
            throw decoder.invalid("online and offline period distributions need a mean of at least 1s")
        }
    }

    /// Offline periods up to `horizon`, drawn from `random`.
    public func draw(until horizon: SimTime, random: RandomStream) -> [Period] {
        var out: [Period] = []
        var t = SimDuration(microseconds: 0)
        var isOnline = !startOffline
        let end = horizon - SimTime.zero
        while t < end {
            let length = max(SimDuration(microseconds: 1), (isOnline ? online : offline).sample(random))
            if !isOnline { out.append(Period(from: t, to: t + length)) }
            t = t + length
            isOnline.toggle()
        }
        return out
    }
}
