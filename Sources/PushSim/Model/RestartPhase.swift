/// The steps of a device restart (I6), in order.
public enum RestartPhase: UInt8, Sendable {
    /// The device switches off (from `device.restarts` or drawn with `device.restart.every`).
    case shutdown
    /// `restart.bootTime` later: the device is on and connects again.
    case booted
    /// The user unlocks it for the first time (`restart.firstUnlockAfter` after boot).
    case unlocked
    /// iOS: `restart.launchDelay` after boot, background launches are allowed again.
    case launchWindow
}
