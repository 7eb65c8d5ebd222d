/// What a channel model sees of the device when it acts.
public struct DeviceView: Sendable {
    /// Whether the provider counts the device as reachable (connected to it): also during
    /// `connectionDead`.
    public var online = true
    /// The device has silently left its connection and the provider has not detected it
    /// yet (A11, `device.offlineDetection`): `online` is still true, and what the provider
    /// sends now goes nowhere (`DeadConnectionFate`).
    public var connectionDead = false
    public var platform = Platform.generic
    /// Android Doze restricts the network now (deep or light idle, not a maintenance window):
    /// normal-priority FCM messages wait (F6).
    public var dozeRestricted = false
    /// The screen is on (APNs priority 5 and 1 wait for this, A6).
    public var awake = true
    /// The sender's token for this device is current, stale (rotated, not yet
    /// re-registered), or the app is uninstalled.
    public var token = TokenStatus.valid
    /// While the app is uninstalled: when the device reported it missing to the provider,
    /// which it does the first time a push copy reaches it after the uninstall (A12, from
    /// the GCM page "How uninstalled client app unregistration works"); `nil` before that
    /// and while the app is installed. A provider answers `Unregistered` / `UNREGISTERED`
    /// only some time after this instant.
    public var uninstallReportedAt: SimTime?
    /// For a request to the token of the installation a reinstall replaced, when the
    /// device had not reported the uninstall before the reinstall: the reinstall's instant
    /// (F14: such a token keeps delivering for a while); `nil` otherwise.
    public var tokenReplacedByReinstallAt: SimTime?
    /// How long the device has been offline (zero while online), counting
    /// `lastConnectedBefore` before t = 0 (F10).
    public var offlineFor = SimDuration.zero
    /// Android App Standby Bucket (D4).
    public var standbyBucket = StandbyBucket.active
    /// Whether the bucket's caps apply at all (D4, disputed reading).
    public var standbyCaps = StandbyCaps.byBucket
    /// The device is charging (bucket caps do not apply then, D4).
    public var charging = false
    /// Whether the user allows notifications to be displayed.
    public var notificationsAuthorized = true

    public init() {}
}

/// The state of the registration token the sender uses (A9, A10, F9, F10).
public enum TokenStatus: Sendable { case valid, stale, uninstalled }
