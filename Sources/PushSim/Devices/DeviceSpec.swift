/// The device and its user in a scenario (JSON `"device"`). Every key is optional; the
/// default is a `generic` device that is always online and never opened.
///
/// Platform rules apply by `platform`: `android` (Doze, Battery Saver, App Standby Buckets,
/// force-stop, FCM message handling by app state), `ios` (background budget, Low Power Mode
/// and its low-battery prompt, force-quit, alert display), `generic` (none: every push
/// reaches the app's handler).
/// See docs/model.md for every key.
public struct DeviceSpec: Decodable, Sendable {
    public var platform: Platform = .generic
    /// Connectivity: fixed offline periods, or alternating periods drawn per replication.
    public var offline: [Period] = []
    public var connectivity: AlternatingPeriods?
    /// Screen-on periods (the screen is also on while the app is in the foreground).
    public var screenOn: [Period] = []
    public var charging: [Period] = []
    /// Times the device is moved (from IDLE_PENDING on, deep Doze goes back to INACTIVE, D1).
    public var motion: [SimDuration] = []
    /// Doze constants (Android).
    public var doze = DozeParameters.aosp
    /// How long a high-priority FCM message exempts the app from Doze's network
    /// restriction (F6; AOSP temp allowlist: up to 5 min).
    public var highPriorityExemption = SimDuration.minutes(5)
    /// iOS Low Power Mode periods the user turns on themselves, at any battery level (data-only
    /// pushes held, I5).
    public var lowPowerMode: [Period] = []
    /// Low-battery periods: the battery is below 20 % (I8). By itself this restricts nothing
    /// (Apple documents only the prompt); it starts iOS's Low Power Mode prompt
    /// (`lowPowerModeAccept`) and, with `batterySaverAtLowBattery`, Android Battery Saver.
    /// The period's end is read as the battery recharged (iOS turns Low Power Mode off at
    /// 80 %; Apple Support, "Use Low Power Mode to save battery life on your iPhone").
    public var lowBattery: [Period] = []
    /// iOS: the chance (0 … 1) that the user accepts the prompt to turn Low Power Mode on at
    /// the start of a low-battery period (I8; **assumption**, Apple gives no rate). Accepted,
    /// the mode is on for the whole period. Default 0: the prompt is always declined.
    public var lowPowerModeAccept: Double = 0
    /// Android Battery Saver periods the user turns on (I8: Quick Doze, background network
    /// firewall; AOSP `BatterySaverPolicy`); it does not apply while charging.
    public var batterySaver: [Period] = []
    /// Android: whether Battery Saver also turns on during every low-battery period (I8;
    /// **assumption**: the trigger level is the user's choice). Default false.
    public var batterySaverAtLowBattery = false
    /// Android App Standby Bucket (D4).
    public var standbyBucket: StandbyBucket = .active
    /// Whether the bucket's high-priority caps apply at all (D4, disputed): `byBucket`
    /// (default) or `none` (the Android 13+ reading).
    public var standbyCaps: StandbyCaps = .byBucket
    /// iOS background-notification budget (I1).
    public var backgroundBudget = BackgroundBudget.default
    /// Android: the vendor's own power manager (D7; default: stock Android).
    public var vendor = VendorPolicy.stock
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
    /// How long after the device silently goes offline its provider notices (A11: the
    /// connection's keepalive timeout), drawn per disconnect during the run on the
    /// `device.offlineDetection` stream; default 0 (the provider knows at once). Field
    /// reports put Android's FCM heartbeat at 15 min on Wi-Fi and 28 min on mobile data.
    public var offlineDetection: DurationDistribution = .zero
    /// Times the device restarts (I6), besides drawn ones (`restart.every`).
    public var restarts: [SimDuration] = []
    /// How a restart goes (I6).
    public var restart = RestartSpec.default
    /// How long before t = 0 the device last connected (F10 inactivity), default 0.
    public var lastConnectedBefore: SimDuration = .zero
    /// The app and the user.
    public var app = AppSpec()
    /// The recorded timeline(s) this device follows (`device.trace`; docs/model.md,
    /// Trace-driven devices): one trace is applied when decoded (the spec's periods are
    /// then the trace's); from a folder of several, each run's is chosen and applied when
    /// the run is built (`Simulation`).
    public var traces: DeviceTraces?

    /// Always online, never opened.
    public static let alwaysOnline = DeviceSpec()

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case platform, offline, connectivity, screenOn, charging, motion, doze, highPriorityExemption, lowPowerMode
        case lowBattery, lowPowerModeAccept, batterySaver, batterySaverAtLowBattery, standbyBucket, standbyCaps
        case backgroundBudget, heldBackgroundPush, notifications, tokenRotations, uninstalled, offlineDetection, restarts, restart, lastConnectedBefore
        case app, foreground, trace, vendor
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        platform = try c.decodeEnum(.platform, default: .generic)
        offline = try c.decodePeriods(.offline)
        connectivity = try c.decodeOptional(AlternatingPeriods.self, forKey: .connectivity)
        if connectivity != nil && !offline.isEmpty { throw c.invalid(.connectivity, "give \"offline\" periods or \"connectivity\", not both") }
        screenOn = try c.decodePeriods(.screenOn)
        charging = try c.decodePeriods(.charging)
        motion = try c.decodeDurations(.motion)
        doze = try c.decodeOptional(DozeParameters.self, forKey: .doze) ?? .aosp
        highPriorityExemption = try c.decodeDurationIfPresent(.highPriorityExemption) ?? .minutes(5)
        lowPowerMode = try c.decodePeriods(.lowPowerMode)
        lowBattery = try c.decodePeriods(.lowBattery)
        lowPowerModeAccept = try c.decodeProbability(.lowPowerModeAccept, default: 0)
        batterySaver = try c.decodePeriods(.batterySaver)
        batterySaverAtLowBattery = try c.decodeBool(.batterySaverAtLowBattery, default: false)
        standbyBucket = try c.decodeEnum(.standbyBucket, default: .active)
        standbyCaps = try c.decodeEnum(.standbyCaps, default: .byBucket)
        backgroundBudget = try c.decodeOptional(BackgroundBudget.self, forKey: .backgroundBudget) ?? .default
        heldBackgroundPush = try c.decodeEnum(.heldBackgroundPush, default: .deliverAtLaunch)
        vendor = try c.decodeOptional(VendorPolicy.self, forKey: .vendor) ?? .stock
        if c.contains(.vendor), platform != .android { throw c.invalid(.vendor, "a vendor's power manager is Android's (platform \"android\")") }
        let permission = try c.decodeOptional(String.self, forKey: .notifications) ?? "authorized"
        guard ["authorized", "denied"].contains(permission) else {
            throw c.invalid(.notifications, "expected \"authorized\" or \"denied\", got \"\(permission)\"")
        }
        notificationsAuthorized = permission == "authorized"
        tokenRotations = try c.decodeDurations(.tokenRotations)
        uninstalled = try c.decodePeriods(.uninstalled)
        offlineDetection = try c.decodeOptional(DurationDistribution.self, forKey: .offlineDetection) ?? .zero
        restarts = try c.decodeDurations(.restarts)
        restart = try c.decodeOptional(RestartSpec.self, forKey: .restart) ?? .default
        lastConnectedBefore = try c.decodeDurationIfPresent(.lastConnectedBefore) ?? .zero
        app = try c.decodeOptional(AppSpec.self, forKey: .app) ?? AppSpec()
        // `foreground` at device level is shorthand for app.foreground (app opens at those times).
        let opens = try c.decodeDurations(.foreground)
        if !opens.isEmpty {
            guard app.foreground.isEmpty else { throw c.invalid(.foreground, "give app opens in \"foreground\" or \"app.foreground\", not both") }
            app.foreground = opens
        }
        if c.contains(.trace) {
            if let key = DeviceTrace.replacedKeys.first(where: { c.contains(CodingKeys(rawValue: $0)!) }) {
                throw c.invalid(.trace, "a trace gives the device's timeline; \"\(key)\" cannot be given with it")
            }
            let appKeys = [("foreground", !app.foreground.isEmpty), ("sessions", !app.sessions.isEmpty), ("opens", app.opens != nil),
                           ("swipeAway", !app.swipeAway.isEmpty)]
            if let (key, _) = appKeys.first(where: \.1) {
                throw c.invalid(.trace, "a trace gives the app's sessions and swipes; \"app.\(key)\" cannot be given with it")
            }
            let traces = try c.decode(DeviceTraces.self, forKey: .trace)
            if traces.traces.count == 1 { self = traces.traces[0].applied(to: self) } else { self.traces = traces }
        }
    }

    /// The spec replication `replication` runs with: this one, or with the trace its
    /// replication follows applied (a folder of traces).
    func forRun(replication: Int, streams: RandomStreams) -> DeviceSpec {
        guard let traces else { return self }
        var s = traces.traces[traces.index(replication: replication, streams: streams)].applied(to: self)
        s.traces = nil
        return s
    }
}
