/// The keys of `device` and of `device.connectivity`, declared from the decoders'
/// `CodingKeys` (see `AnyParam.keyed`).
extension DeviceSpec: ParamDeclaring {
    /// One declaration per key of `device`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .platform: return Param.enumeration(n, default: Platform.generic, doc: "whose platform rules apply").any
        case .offline: return .periods(n, doc: "fixed offline periods (not with connectivity)")
        case .connectivity: return .object(n, AlternatingPeriods.self, default: .null,
                                           doc: "alternating online/offline periods drawn per replication (not with offline)")
        case .screenOn: return .periods(n, doc: "screen-on periods (the screen is also on while the app is in the foreground)")
        case .charging: return .periods(n, doc: "charging periods")
        case .motion: return .durations(n, doc: "times the device is moved (from IDLE_PENDING on, deep Doze goes back to INACTIVE, D1)")
        case .doze: return .object(n, DozeParameters.self, def: "doze", default: .object([]), doc: "Doze constants (Android; AOSP defaults)")
        case .highPriorityExemption: return Param.duration(n, default: .minutes(5),
                                                           doc: "how long a high-priority FCM message exempts the app from Doze's network restriction (F6)").any
        case .lowPowerMode: return .periods(n, doc: "iOS Low Power Mode periods the user turns on, at any battery level (data-only pushes held, I5)")
        case .lowBattery: return .periods(n, doc: "battery below 20 %: restricts nothing itself; iOS prompts for Low Power Mode, Android may turn Battery Saver on (I8)")
        case .lowPowerModeAccept: return Param.probability(n, default: 0,
                                                           doc: "iOS: chance the user accepts the Low Power Mode prompt at a low-battery start (I8, assumption)").any
        case .batterySaver: return .periods(n, doc: "Android Battery Saver periods: Quick Doze and background network firewall, not while charging (I8)")
        case .batterySaverAtLowBattery: return Param.boolean(n, default: false,
                                                             doc: "Android: Battery Saver also on during low-battery periods (I8, assumption)").any
        case .standbyBucket: return Param.enumeration(n, default: StandbyBucket.active, doc: "Android App Standby Bucket (D4)").any
        case .standbyCaps: return Param.enumeration(n, default: StandbyCaps.byBucket,
                                                    doc: "whether the bucket caps apply: byBucket (Android 12 and lower), byBucketUnlessShown (the same, a message drawn as a notification exempt: the old Firebase page) or none (13 and later) (D4, disputed)").any
        case .vendor: return .object(n, VendorPolicy.self, default: .object([]),
                                     doc: "Android: the vendor's own power manager, a profile and/or its three mechanisms (D7)")
        case .backgroundBudget: return .object(n, BackgroundBudget.self, default: .object([]), doc: "iOS background-notification budget (I1)")
        case .heldBackgroundPush: return Param.enumeration(n, default: HeldPushPolicy.deliverAtLaunch,
                                                           doc: "what happens to a background push held for the budget (I3)").any
        case .notifications: return .names(n, ["authorized", "denied"], default: "authorized",
                                           doc: "whether the user allows notifications to be shown (I4)")
        case .tokenRotations: return .durations(n, doc: "times the registration token rotates (A10, F10)")
        case .uninstalled: return .periods(n, doc: "uninstall periods: reinstalled at to, with a new token and empty local state")
        case .offlineDetection: return Param.distribution(n, default: .zero,
                                                          doc: "how long after a silent disconnect the provider notices (A11; field: FCM heartbeat 15m Wi-Fi, 28m mobile)").any
        case .restarts: return .durations(n, doc: "times the device restarts (I6)")
        case .restart: return .object(n, RestartSpec.self, default: .object([]), doc: "how a restart goes: boot time, first unlock, iOS launch delay, drawn restarts (I6)")
        case .lastConnectedBefore: return Param.duration(n, default: .zero, doc: "how long before t = 0 the device last connected (F10)").any
        case .app: return .object(n, AppSpec.self, def: "app", default: .object([]), doc: "the app and its user")
        case .foreground: return .durations(n, doc: "shorthand for app.foreground (not with it)")
        case .trace: return .object(n, DeviceTraces.self, default: .null,
                                    doc: "a recorded timeline (file) or a folder of them: the periods, motion, restarts, app sessions and swipes (not with those keys)")
        }
    }
}

extension AlternatingPeriods: ParamDeclaring {
    /// One declaration per key of `device.connectivity`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .online: return .value(n, type: "duration distribution, mean ≥ 1s", unit: SimDuration.unitList, default: nil,
                                    doc: "length of an online period", schema: .object(["$ref": .string(Schema.distributionRef)]))
        case .offline: return .value(n, type: "duration distribution, mean ≥ 1s", unit: SimDuration.unitList, default: nil,
                                     doc: "length of an offline period", schema: .object(["$ref": .string(Schema.distributionRef)]))
        case .startOffline: return Param.boolean(n, default: false, doc: "whether the first period is offline").any
        }
    }
}
