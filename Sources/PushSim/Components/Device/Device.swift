/// One device of the recipient, as the provider and the app see it: connectivity, screen,
/// charger, Low Power Mode, Battery Saver, Doze, registration tokens and install state. The
/// same type serves the device whose app runs the client strategy (`mainDevice`) and the
/// recipient's other devices (`otherDevices`), which are receivers only: their screen
/// counts as on, Doze and Battery Saver never restrict them.
///
/// The platform's rules are in `PlatformRules` (one type per platform), not here, and so
/// are the profile's constants (the Doze timing, `DeviceSpec.doze`) and the device's
/// channel streams (`DeviceStreams`, held by the world). The value is a plain record
/// (`BitwiseCopyable`, which the compiler checks: no arrays, no references): the world
/// reads `mainDevice.x` on every provider call, and a trivial value is read field by field
/// instead of being copied whole with its references retained and released.
///
/// The fields are declared by size: the 8-byte ones first, then the optionals, with the
/// one-byte fields in their padding. A fleet holds one main device per recipient; in this
/// order it takes 232 bytes (its `DozeState` packed too, the least these fields can take)
/// where declaration by topic took 328 (with the two stream references it held then).
struct Device: BitwiseCopyable {
    /// How long before t = 0 the device was last connected (F10; 0 for other devices).
    let lastConnectedBefore: SimDuration
    /// iOS: background launches are deferred until then after a boot (I6).
    var launchGateUntil = SimTime.zero
    /// When the device last went offline (before t = 0 by `lastConnectedBefore`).
    var offlineSince = SimTime.zero
    /// Until when a high-priority message's Doze exemption lasts (F6).
    var exemptUntil = SimTime.zero
    /// The device's current registration token (an opaque number).
    var token = 1
    /// The token the server holds for the device (0 = none: deleted after a token error).
    var registeredToken = 1
    /// The server's other registration for the device (0 = none): the token the server held
    /// before the app registered its current one, kept when the server stores one row per
    /// token (`recipient.tokenStore: perToken`, F14) until a provider answer deletes it.
    var previousRegisteredToken = 0
    /// The token the app last sent to the server (0 after a reinstall).
    var appToken = 1
    /// The token of the installation the last reinstall replaced, if the uninstall was never
    /// reported (F14), and when that reinstall happened.
    var tokenBeforeReinstall = 0
    var reinstalledAt = SimTime.zero
    /// Android Doze (D1–D3), when `hasDoze`, driven with the profile's parameters
    /// (`DeviceSpec.doze`); elsewhere and on receiver-only devices an inert state that
    /// nothing advances or reads. Not optional: reading a field of an optional copies the
    /// whole value first.
    var doze: DozeState
    /// The pending `.restart(.unlocked)` event of the current boot (I6), cancelled when the
    /// device switches off again.
    var unlockEvent: EventID?
    let platform: Platform
    /// Android App Standby Bucket (D4; active for other devices).
    let standbyBucket: StandbyBucket
    /// Whether the bucket caps apply (D4; `byBucket` for other devices, whose bucket is active).
    let standbyCaps: StandbyCaps
    /// Whether the user allows notifications (always for other devices).
    let notificationsAuthorized: Bool
    /// Whether the client strategy's app runs here (device 0).
    let runsApp: Bool
    /// Whether the device is online (`connectivityOnline` and not `booting`).
    var online = true
    /// Whether the connectivity timeline has the device online; `online` is this and not
    /// `booting` (I6).
    var connectivityOnline = true
    /// The pending `.restart(.launchWindow)` event of the current boot (I6), cancelled when
    /// the device switches off again.
    var launchWindowEvent: EventID?
    /// The device is off for a restart (I6).
    var booting = false
    /// Booted but not yet unlocked by the user (I6: data protection, Direct Boot).
    var locked = false
    /// The device is offline but its provider has not detected it yet (A11).
    var connectionDead = false
    var explicitScreenOn = false
    var charging = false
    var lowPower = false
    /// Whether Android Battery Saver is requested (`batterySaver` periods, or low battery
    /// with `batterySaverAtLowBattery`, I8).
    var batterySaverRequested = false
    /// The pending `.offlineDetected` event while `connectionDead`.
    var detectionEvent: EventID?
    /// Whether Battery Saver applies (requested, not charging).
    var batterySaverOn = false
    /// Whether the device runs Doze (Android, the main device).
    let hasDoze: Bool
    var installed = true
    /// Whether the app runs in the foreground (device 0; keeps the screen on).
    var appForeground = false
    /// While uninstalled: when the device reported the missing app to the provider (the
    /// first copy that reached it since the uninstall, A12); `nil` before that.
    var uninstallReportedAt: SimTime?
    /// The pending `.doze` event, at the controller's next transition.
    var dozeEvent: (id: EventID, time: SimTime)?
    /// Since when the screen has been off, `distantFuture` while it is on (main device, D7's
    /// vendor kill; noted only when the vendor kills after a screen-off).
    var screenOffSince = SimTime.distantFuture

    /// The device whose app runs the strategy.
    init(main spec: DeviceSpec) {
        platform = spec.platform; lastConnectedBefore = spec.lastConnectedBefore
        standbyBucket = spec.standbyBucket; standbyCaps = spec.standbyCaps; notificationsAuthorized = spec.notificationsAuthorized
        runsApp = true
        hasDoze = spec.platform.rules.hasDoze
        appForeground = spec.app.initialState == .foreground
        doze = hasDoze ? DozeState(spec.doze, screenOn: appForeground, charging: false, at: .zero) : Self.noDoze
    }

    /// One of the recipient's other devices (a receiver: no app code, screen on, no Doze).
    init(other: OtherDeviceSpec) {
        platform = other.platform; lastConnectedBefore = .zero; standbyBucket = .active; standbyCaps = .byBucket; notificationsAuthorized = true
        runsApp = false
        hasDoze = false
        doze = Self.noDoze
    }

    /// `doze.isRestricted`, from the two state fields read in place.
    @inline(__always) private var dozeRestricted: Bool { DozeState.isRestricted(deep: doze.deep, light: doze.light) }

    /// The Doze state of a device without Doze (screen on: it never leaves ACTIVE).
    private static let noDoze = DozeState(.aosp, screenOn: true, charging: false, at: .zero)

    /// The screen is on during explicit screen-on periods and while the app is in the
    /// foreground; a device whose platform is always awake (generic) or that runs no app
    /// counts as on.
    @inline(__always) var screenOn: Bool { !runsApp || platform.rules.alwaysAwake || explicitScreenOn || appForeground }

    /// The device as its provider sees it at `now`, for a request to `requestToken`
    /// (the server's `registeredToken` unless said).
    @inline(__always) func view(at now: SimTime, token requestToken: Int? = nil) -> DeviceView {
        let sent = requestToken ?? registeredToken
        var v = DeviceView()
        v.online = online || connectionDead
        v.connectionDead = connectionDead
        v.platform = platform
        v.dozeRestricted = hasDoze && dozeRestricted
        v.awake = screenOn
        v.token = !installed ? .uninstalled : (sent == token ? .valid : .stale)
        if !installed { v.uninstallReportedAt = uninstallReportedAt }
        if installed && sent != token && sent == tokenBeforeReinstall { v.tokenReplacedByReinstallAt = reinstalledAt }
        v.offlineFor = online || connectionDead ? .zero : now - offlineSince
        v.standbyBucket = standbyBucket
        v.standbyCaps = standbyCaps
        v.charging = charging
        v.notificationsAuthorized = notificationsAuthorized
        return v
    }

    /// Whether the app can reach the network at `now`: online, and not held back by Doze
    /// or by Battery Saver's firewall, which cuts every background app off the network
    /// whatever the Doze state (I8, AOSP `BatterySaverPolicy` `enableFirewall`), unless
    /// the app is in the foreground or within a high-priority message's exemption (AOSP's
    /// temporary allowlist lifts both).
    @inline(__always) func networkAvailable(at now: SimTime) -> Bool {
        guard online else { return false }
        guard batterySaverOn || (hasDoze && dozeRestricted) else { return true }
        return appForeground || now < exemptUntil
    }

    /// Connectivity changes at `now`; returns whether it changed.
    mutating func setOnline(_ isOnline: Bool, at now: SimTime) -> Bool {
        guard isOnline != online else { return false }
        online = isOnline
        if !isOnline { offlineSince = now == .zero ? now - lastConnectedBefore : now }
        return true
    }

    /// The app sends its token to the server: at every launch, or (`tokenRefresh`) only
    /// when it differs from the one it last registered (`client.registration`, A10). A
    /// server that stores a row per token (`keepsPrevious`, F14) keeps the token it held
    /// as the device's previous registration; it keeps at most that one (a model limit: a
    /// third token replaces the oldest).
    mutating func registerToken(_ mode: ClientSpec.Registration, keepsPrevious: Bool) {
        guard mode == .everyLaunch || appToken != token else { return }
        if keepsPrevious && registeredToken != 0 && registeredToken != token { previousRegisteredToken = registeredToken }
        registeredToken = token
        appToken = token
    }

    /// The token the server holds for registration `slot` of the device: 0 its current
    /// one, 1 its previous one (`previousRegisteredToken`).
    @inline(__always) func serverToken(_ slot: Int) -> Int { slot == 0 ? registeredToken : previousRegisteredToken }

    /// The server deletes its token of registration `slot` (after a token error).
    mutating func deleteServerToken(_ slot: Int) {
        if slot == 0 { registeredToken = 0 } else { previousRegisteredToken = 0 }
    }

    /// The app is uninstalled; the provider does not know yet (A12).
    mutating func uninstall() {
        installed = false
        uninstallReportedAt = nil
    }

    /// A copy reached the device while the app is uninstalled: the device reports the
    /// missing app, the first time only (A12).
    mutating func reportUninstall(at now: SimTime) {
        if !installed && uninstallReportedAt == nil { uninstallReportedAt = now }
    }

    /// The registration token changes. With `tokenRefresh` an installed app whose process
    /// runs registers it now; one that is not running learns of it only when its process
    /// next starts (F15: `onNewToken` runs in the app's process), see `World.startApp`.
    mutating func rotateToken(_ mode: ClientSpec.Registration, appRunning: Bool, keepsPrevious: Bool) {
        token += 1
        if mode == .tokenRefresh && installed && appRunning { registerToken(mode, keepsPrevious: keepsPrevious) }
    }

    /// The app is reinstalled at `now`: a new token, registered at the next launch. If the
    /// device never reported the uninstall, the provider still holds the old token as live
    /// (F14).
    mutating func reinstall(at now: SimTime) {
        tokenBeforeReinstall = uninstallReportedAt == nil ? token : 0
        reinstalledAt = now
        installed = true
        uninstallReportedAt = nil
        token += 1
        appToken = 0
    }
}

/// A device's channel streams: `channel` and `channel.order` for the main device,
/// `channel.<n>` and `channel.<n>.order` for other device n. The world holds them (strong
/// references, beside its `RandomStreams`, which created them), so that `Device` holds none.
struct DeviceStreams {
    /// The channel's own draws (loss, delays, …).
    let random: RandomStream
    /// The arrival ranks of copies and signals handed to the device (`ProviderContext`).
    let order: RandomStream

    /// Both as plain draws, which count no references, for a `ProviderContext`.
    @inline(__always) var draws: (draws: StreamDraws, order: StreamDraws) { (random.draws, order.draws) }
}
