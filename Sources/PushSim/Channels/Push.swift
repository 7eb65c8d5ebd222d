/// One push message as the server's sender hands it to a channel.
///
/// A push is a *hint*: `cursor` says "the server has reached change N". It also carries
/// the change itself (`change`) for clients that apply payloads as truth, and the
/// attributes senders set on a real request (kind, priority, collapse key, lifetime, size).
public struct Push: Hashable, Sendable {
    /// Message id, unique within a run (1, 2, 3, … in send order). Duplicated copies share it.
    public var id: Int64
    /// The server's cursor (sequence number of the newest change) when the push was sent.
    public var cursor: Int64
    /// The operation the push reports (what payload-applying clients write).
    public var change: Change
    /// Send time.
    public var sentAt: SimTime
    /// Notification, data or both (APNs: alert, background, alert + content-available).
    public var type: MessageType = .data
    /// FCM Android priority (`high` / `normal`).
    public var priority: FCMPriority = .high
    /// `apns-priority`: 10, 5 or 1.
    public var apnsPriority: Int8 = 10
    /// APNs `mutable-content: 1` (I7): an alert with it runs the app's Notification Service
    /// Extension before it is shown (`StrategyCapabilities.serviceExtension`).
    public var mutableContent = false
    /// How many consecutive changes the push carries, ending at `cursor` (sequences
    /// `cursor - batch + 1 … cursor`; S1, the `batch` sender); 0 = none beyond `change`.
    /// The app's handler finds them in `AppContext.batch`. (Declared beside the one-byte
    /// fields, whose padding it fills: the push stays as large as it was.)
    public var batch: Int16 = 0
    /// FCM collapse key id (`nil` = non-collapsible); equal ids collapse into one.
    public var collapseKey: Int64?
    /// Tray tag (`apns-collapse-id` on iOS, notification `tag` on Android): a displayed
    /// notification with the same tag replaces the older one. `nil` = none.
    public var displayTag: Int64?
    /// Lifetime: FCM TTL, or APNs `apns-expiration` relative to `sentAt`; zero means
    /// deliver now or never. `nil` = the channel's default (FCM 28 d, APNs 30 d cap).
    public var lifetime: SimDuration?
    /// Payload size in bytes (cost accounting).
    public var size: Int32 = 0
    /// In a fleet, the recipient the message is for (its index in the population; 0 for a
    /// lone recipient): what a shared sender's rows are keyed by.
    public var recipient: Int32 = 0
    /// The sender's notification id: the message this push carries (1, 2, 3, … per
    /// message in the run). Every attempt and every resend of one message carries the same
    /// id, so a client can drop copies it has already seen. Defaults to `id`.
    public var notification: Int64

    public init(id: Int64, cursor: Int64, change: Change, sentAt: SimTime) {
        self.id = id; self.cursor = cursor; self.change = change; self.sentAt = sentAt
        notification = id
    }

    /// Whether the OS draws this message as a notification (notification or both).
    public var isDisplayable: Bool { type != .data }
}

/// What a push carries (FCM message types; APNs push types in brackets).
///
/// Source: Firebase, "Receive messages in an Android app" (F1); Apple, "Pushing background
/// updates to your App" (A7).
public enum MessageType: String, Sendable, CaseIterable {
    /// Only data (APNs: `apns-push-type: background`, content-available). App code runs.
    case data
    /// Only a notification (APNs: alert). Drawn by the OS while the app is in background.
    case notification
    /// Notification plus data (APNs: alert with content-available).
    case both
}

/// FCM Android message priority (Firebase, "Set and manage message priority", F6).
public enum FCMPriority: String, Sendable, CaseIterable {
    /// Delivered at once, may wake the device, grants a temporary Doze exemption.
    case high
    /// Waits for a Doze maintenance window.
    case normal
}
