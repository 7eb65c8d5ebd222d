/// The rules of one platform, in one place (docs/platform-rules.md): what the device and
/// the OS do that differs between iOS, Android and a generic device. Each platform's
/// values are in its own file (`PlatformRules+iOS.swift`, `+Android`, `+Generic`).
struct PlatformRules: Sendable {
    /// Whether the device runs Android Doze (D1–D3).
    let hasDoze: Bool
    /// Whether the screen counts as always on (a generic device).
    let alwaysAwake: Bool
    /// Wall time a background handler may take (I5: iOS 30 s; D6: Android about 10 s;
    /// nil: unlimited), unless `device.app.handlerTime` says otherwise.
    let handlerTime: SimDuration?
    /// Whether swiping the app away from Recents force-quits it (I2) rather than only
    /// ending its process (D5: a swipe is not a force stop).
    let swipeForceQuits: Bool
    /// Whether a reconnect reaches the app's code while it runs in the background.
    let backgroundReconnectRunsApp: Bool
    /// Whether the device has Android Battery Saver (I8: Quick Doze and the background
    /// network firewall of AOSP `BatterySaverPolicy`, `device.batterySaver`).
    var hasBatterySaver = false
    /// Whether the OS offers Low Power Mode at the start of a low-battery period (I8: iOS
    /// prompts at 20 %, `device.lowBattery`, `device.lowPowerModeAccept`).
    var promptsLowPowerMode = false
    /// What the device does with a push copy that reaches the installed app.
    let arrival: @Sendable (_ push: Push, _ foreground: Bool) -> Arrival

    /// What happens to one arriving copy, in this order: a stopped app drops it whole if
    /// `dropsWhenStopped`; otherwise (and after de-duplication) a high-priority Doze
    /// exemption starts (`exempt`), the app's handler runs (`handler`), the OS draws the
    /// notification (`display`), and the data goes to the app in the background
    /// (`background`: iOS, through the background budget and Low Power Mode, I1, I5).
    struct Arrival: Sendable {
        var dropsWhenStopped = true
        var exempt = false
        var handler = false
        var display = false
        var background = false
    }
}

extension Platform {
    /// The platform's rules.
    var rules: PlatformRules {
        switch self {
        case .generic: .generic
        case .android: .android
        case .ios: .ios
        }
    }
}
