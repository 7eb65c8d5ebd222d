/// What an Android vendor's own power manager does to an app beyond AOSP (rule D7): the
/// "background killers" that dontkillmyapp.com ranks (urbandroid-team/dont-kill-my-app,
/// `_vendors/*.md`). Three mechanisms, each a parameter; a `profile` sets all three to a
/// vendor's reported behaviour, and keys given beside it override it.
///
/// - `swipeAwayStops`: swiping the app out of Recents is a force stop (D5: nothing from FCM
///   until the user opens it), where stock Android only ends the process. A Firebase
///   engineer, firebase/firebase-android-sdk issue 2720: "some devices force stop apps that
///   are swiped away by the user and FCM messages are not delivered to force stopped apps".
/// - `killAfterScreenOff`: the vendor ends the app's process this long after the screen goes
///   off (the screen staying off and the app out of the foreground meanwhile); `nil`: never.
/// - `autostart`: whether a message may start the app again after such a kill; `false` (the
///   vendors' "autostart" permission denied, their default) makes the kill a force stop.
///
/// Errors: Android only (`device.vendor` on iOS is refused at its path).
public struct VendorPolicy: Decodable, Sendable, Equatable, ParamDeclaring {
    public var profile: VendorProfile
    public var swipeAwayStops: Bool
    /// µs ≥ 0; `nil`: the vendor never kills the app after a screen-off.
    public var killAfterScreenOff: SimDuration?
    public var autostart: Bool

    static let profileParam = Param.enumeration("profile", default: VendorProfile.stock,
                                                doc: "a vendor's reported behaviour (D7; docs/platform-rules.md has each profile's sources)")
    static let swipeAwayStopsParam = Param.boolean("swipeAwayStops", default: false,
                                                   doc: "a swipe from Recents is a force stop (default: the profile's)")
    static let killParam = Param.optionalDuration("killAfterScreenOff",
                                                  doc: "the vendor ends the app's process this long after the screen goes off (default: the profile's)")
    static let autostartParam = Param.boolean("autostart", default: true,
                                              doc: "a message may restart a killed app; false: the kill is a force stop (default: the profile's)")
    public static let params: [AnyParam] = [profileParam.any, swipeAwayStopsParam.any, killParam.any, autostartParam.any]

    /// Stock Android: none of the three.
    public static let stock = VendorProfile.stock.policy

    init(profile: VendorProfile, swipeAwayStops: Bool, killAfterScreenOff: SimDuration?, autostart: Bool) {
        self.profile = profile; self.swipeAwayStops = swipeAwayStops; self.killAfterScreenOff = killAfterScreenOff; self.autostart = autostart
    }

    public init(from decoder: any Decoder) throws {
        let reader = try ParamReader(decoder, for: Self.self)
        self = (try reader.decodeIfPresent(Self.profileParam) ?? .stock).policy
        if let v = try reader.decodeIfPresent(Self.swipeAwayStopsParam) { swipeAwayStops = v }
        if let v = try reader.decodeIfPresent(Self.killParam) { killAfterScreenOff = v }
        if let v = try reader.decodeIfPresent(Self.autostartParam) { autostart = v }
    }

    /// Whether the vendor adds anything to stock Android.
    public var isStock: Bool { !swipeAwayStops && killAfterScreenOff == nil }
}

/// The vendors' reported behaviour as `VendorPolicy` values. The values marked "stated" have
/// a source (docs/platform-rules.md, D7); the rest are PushSim's reading of a vendor's
/// description that gives no number.
public enum VendorProfile: String, Sendable, CaseIterable, Decodable {
    /// AOSP: nothing beyond Doze and the standby buckets (dontkillmyapp score 0).
    case stock
    /// Xiaomi MIUI (score 5): a swipe stops the app (stated: firebase-android-sdk issue
    /// 3601); the process ends about 4 min after the screen goes off (stated, one report,
    /// 3–5 min: issue 932); autostart denied by default (stated: dontkillmyapp).
    case xiaomi
    /// Huawei EMUI (score 5): a swipe stops the app (stated: issue 2720's tester); apps that
    /// are not "protected" are killed when the screen goes off (stated for EMUI before 4.1:
    /// OneSignal, "Manufacturers interfere with reliable notifications"); "App launch: manage
    /// automatically" denies autostart (stated: dontkillmyapp).
    case huawei
    /// Oppo ColorOS (score 3): background services killed "every time you turn the screen
    /// off" (stated for the F1s: dontkillmyapp); "Allow Auto Start-up" off by default
    /// (stated); a swipe stops the app (a low-authority report: taken).
    case oppo
    /// Nokia / HMD before August 2019 (Evenwell power saver): "every process gets killed after
    /// 20 minutes" of screen-off (stated, historical: dontkillmyapp); a message may start it
    /// again (a reading: the site says nothing of autostart).
    case nokia2019
    /// Samsung One UI, an app unused for 16 days ("deep sleeping", Samsung, "Samsung
    /// Application Management": it "only become[s] active when the user opens" it): stopped
    /// from the first screen-off until opened. An app unused for 3 days is "sleeping" (the
    /// Restricted bucket: `device.standbyBucket: "restricted"`, no profile needed).
    case samsungDeepSleeping

    /// The profile's policy.
    public var policy: VendorPolicy {
        switch self {
        case .stock: VendorPolicy(profile: self, swipeAwayStops: false, killAfterScreenOff: nil, autostart: true)
        case .xiaomi: VendorPolicy(profile: self, swipeAwayStops: true, killAfterScreenOff: .minutes(4), autostart: false)
        case .huawei: VendorPolicy(profile: self, swipeAwayStops: true, killAfterScreenOff: .zero, autostart: false)
        case .oppo: VendorPolicy(profile: self, swipeAwayStops: true, killAfterScreenOff: .zero, autostart: false)
        case .nokia2019: VendorPolicy(profile: self, swipeAwayStops: false, killAfterScreenOff: .minutes(20), autostart: true)
        case .samsungDeepSleeping: VendorPolicy(profile: self, swipeAwayStops: true, killAfterScreenOff: .zero, autostart: false)
        }
    }
}
