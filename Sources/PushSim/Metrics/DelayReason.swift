/// Why a delivered push was late (may overlap). FCM Data API `DeliveryPerformancePercents`.
public enum DelayReason: Int, Sendable, CaseIterable {
    /// Stored by the provider while the device was offline.
    case delayedDeviceOffline
    /// Held for a Doze maintenance window (F6, D2, D3).
    case delayedDeviceDoze
    /// Held by priority timing, a rate limit or a budget (A6, F8, I1, I5).
    case delayedMessageThrottled
    /// Held because the user stopped the app, until it was launched again (D5, I3).
    case delayedUserStopped

    public var column: String {
        switch self {
        case .delayedDeviceOffline: "delayed_device_offline"
        case .delayedDeviceDoze: "delayed_device_doze"
        case .delayedMessageThrottled: "delayed_message_throttled"
        case .delayedUserStopped: "delayed_user_stopped"
        }
    }

    var bit: UInt8 { 1 << UInt8(rawValue) }
}
