/// What a channel model sees of the device when it acts.
public struct DeviceView: Sendable {
    /// Whether the device is reachable (connected to the provider).
    public var online = true
    public var platform = Platform.generic
    /// Android Doze restricts the network now (deep or light idle, not a maintenance window):
    /// normal-priority FCM messages wait (F6).
    public var dozeRestricted = false
    /// The screen is on (APNs priority 5 and 1 wait for this, A6).
    public var awake = true
    /// The sender's token for this device is current, stale (rotated, not yet
    /// re-registered), or the app is uninstalled.
    public var token = TokenStatus.valid
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
