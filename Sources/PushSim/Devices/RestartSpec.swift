/// How the main device restarts (I6, JSON `device.restart`; the restart times are
/// `device.restarts`). A restart switches the device off for `bootTime`; when it is back
/// the FCM and APNs connections come back and what the providers stored arrives, no app
/// process runs, an iOS force-quit is forgotten (Apple, UIApplicationDelegate
/// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: the system
/// launches a force-quit app again after the user relaunches it *or restarts the device*)
/// and Android's Doze starts over (AOSP `DeviceIdleController.onStart`: ACTIVE).
///
/// Until the user's first unlock (`firstUnlockAfter` after boot; an app open unlocks at
/// once) data protection keeps the app's code from doing its work: an iOS background push
/// is held (one, newest wins, I3) and an Android message waits (Direct Boot: only
/// direct-boot-aware apps get messages before the first unlock; Firebase, "Receive FCM
/// messages in direct boot mode"). For `launchDelay` after boot iOS also defers background
/// launches (field reports: dasd's `ThunderingHerdPolicy` refuses them for 300 s).
///
/// ```json
/// "restarts": ["2h"], "restart": {"bootTime": "1m", "firstUnlockAfter": "10m", "launchDelay": "5m"}
/// ```
public struct RestartSpec: Decodable, Sendable, Equatable, ParamFieldDeclaring {
    public static let every = Param.distribution("every", default: .zero,
                                                 doc: "drawn restarts: the gap from t = 0 or the previous restart, at least bootTime (\"0s\" = none; I6)")
    public static let bootTime = Param.duration("bootTime", default: .minutes(1), range: .positive("a boot time"),
                                                doc: "how long the device is off and offline (I6; assumption)")
    public static let firstUnlockAfter = Param.distribution("firstUnlockAfter", default: .zero,
                                                            doc: "from the end of the boot to the user's first unlock (I6; assumption)")
    public static let launchDelay = Param.duration("launchDelay", default: .minutes(5),
                                                   doc: "iOS: background launches deferred this long after boot (I6; field: 300 s)")
    public static let fields: [ParamField<Self>] = [.bind(every, \.every), .bind(bootTime, \.bootTime),
                                                   .bind(firstUnlockAfter, \.firstUnlockAfter), .bind(launchDelay, \.launchDelay)]

    /// Gap between drawn restarts (I6; µs once drawn, on stream `device.restarts`, at least
    /// `bootTime`: a restart while the device is off would be ignored); `.zero` = none.
    public var every = RestartSpec.every.defaultValue
    /// Time off and offline (µs, > 0; default 1 min, an assumption).
    public var bootTime = RestartSpec.bootTime.defaultValue
    /// Boot end to the first unlock (I6; µs once drawn, per boot on `device.restarts`;
    /// default 0).
    public var firstUnlockAfter = RestartSpec.firstUnlockAfter.defaultValue
    /// iOS: boot end to the first background launch (µs, ≥ 0; default 5 min, field).
    public var launchDelay = RestartSpec.launchDelay.defaultValue

    /// The defaults: no drawn restarts, 1 min boot, unlocked at once, 5 min launch delay.
    public static let `default` = RestartSpec()

    public init() {}

    public init(from decoder: any Decoder) throws { try decodeFields(from: decoder) }
}
