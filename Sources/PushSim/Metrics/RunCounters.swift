/// Counts of what happened on the device and in the app during one replication (the
/// pushes' own fates are in `PushLedger`).
public struct RunCounters: Sendable, Equatable {
    /// Push copies that reached the device (a duplicated push can count twice).
    public var copiesArrived = 0
    /// Payload bytes of those copies (the message template's `size`).
    public var bytesArrived = 0
    /// Times the app's push handler (`onPush`) ran.
    public var handlerRuns = 0
    /// Notifications the OS drew in the tray.
    public var notificationsDisplayed = 0
    /// Displayed notifications that replaced an older one with the same tag.
    public var notificationsReplaced = 0
    /// Notifications the user tapped.
    public var taps = 0
    /// `deletedMessages` signals the app received.
    public var deletedSignals = 0
    /// Pulls started (full syncs included).
    public var pulls = 0
    /// Pulls that failed.
    public var pullFailures = 0
    /// Pulls answered with a snapshot (a reset, or a full sync).
    public var resets = 0
    /// Payload operations the client applied as-is.
    public var payloadsApplied = 0
    /// App sessions started (timeline, random opens and taps).
    public var appOpens = 0
    /// Events the kernel ran.
    public var events = 0
    /// Payload bytes of the pushes sent (the message template's `size`, once per push).
    public var bytesPushed = 0
    /// Bytes of the pull answers applied (`ClientSpec.responseSize` + `changeSize` per change or key).
    public var bytesPulled = 0
    /// Push copies and `deletedMessages` signals that reached the device while its screen was off.
    public var deviceWakeups = 0
    /// Pulls that reached the server (started with network).
    public var serverRequests = 0
    /// Notifications the app posted itself (`AppContext.postNotification`).
    public var localNotifications = 0

    public init() {}
}
