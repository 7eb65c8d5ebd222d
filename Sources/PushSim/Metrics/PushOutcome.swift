/// The fate of one push: every push sent ends in exactly one of these.
///
/// The FCM Data API categories (F11, FCM Data API `MessageOutcomePercents`), plus the ones
/// the APNs model and the generic channels need.
public enum PushOutcome: Int, Sendable, CaseIterable {
    /// Reached the device and was handed to the app or drawn by the OS.
    case delivered
    /// Still stored, held or in flight at the horizon.
    case pending
    /// Replaced by a newer message with the same FCM collapse key (F3).
    case collapsed
    /// Discarded by storage overflow (F2; the generic `overflow` channel; F3's 4-key limit).
    case droppedTooManyPendingMessages
    /// Dropped because the app was force-stopped (Android, D5) or force-quit (iOS, I2).
    case droppedAppForceStopped
    /// Dropped because the device had not connected for too long (F10).
    case droppedDeviceInactive
    /// Replaced in APNs' one-slot storage by a newer notification (A1).
    case replacedInStorage
    /// Its TTL / apns-expiration ran out before it could be delivered (A3, A4, F4).
    case expired
    /// Refused at send with an error code (A7, A9, F9).
    case rejected
    /// Dropped by the iOS background budget (I1, I3: a held push replaced by a newer one,
    /// or dropped under `heldBackgroundPush: "drop"`). FCM's limits reject (F8) or delay.
    case throttled
    /// Lost in transport (the `loss` probability).
    case lost
    /// Sent while the device was offline to a channel that stores nothing, or arrived
    /// while the device was offline.
    case droppedDeviceOffline

    /// Column name in the reports.
    public var column: String {
        switch self {
        case .delivered: "delivered"
        case .pending: "pending"
        case .collapsed: "collapsed"
        case .droppedTooManyPendingMessages: "dropped_too_many_pending_messages"
        case .droppedAppForceStopped: "dropped_app_force_stopped"
        case .droppedDeviceInactive: "dropped_device_inactive"
        case .replacedInStorage: "replaced_in_storage"
        case .expired: "expired"
        case .rejected: "rejected"
        case .throttled: "throttled"
        case .lost: "lost"
        case .droppedDeviceOffline: "dropped_device_offline"
        }
    }
}
