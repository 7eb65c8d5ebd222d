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
    /// Whether the user allows notifications to be displayed.
    public var notificationsAuthorized = true

    public init() {}
}

/// The state of the registration token the sender uses (A9, A10, F9, F10).
public enum TokenStatus: Sendable { case valid, stale, uninstalled }

/// What a channel model sees of the world when it acts.
public struct ChannelEnvironment {
    /// The current simulated time.
    public let now: SimTime
    /// The device, as the provider knows it.
    public let device: DeviceView
    /// The channel's named random stream (`"channel"`), shared by every strategy of a
    /// replication so channel randomness is common to all of them.
    public let random: RandomStream

    public init(now: SimTime, device: DeviceView, random: RandomStream) {
        self.now = now; self.device = device; self.random = random
    }
}

/// A push channel: the provider's rules (acceptance, storage while unreachable, collapse,
/// lifetime, priority) followed by transport (loss, duplication, delay). Built-ins are
/// chosen by `"kind"`.
///
/// A channel schedules `.deliver`, `.deletedMessages` and `.channelTimer` events on the
/// queue and records each push's fate in the ledger (every push ends in exactly one
/// `PushOutcome`; a push the channel hands to transport is finished by the world when it
/// arrives). The value decoded from JSON is the prototype; every replication starts from
/// a fresh copy, so conforming types keep their run state in stored properties with
/// initial values.
public protocol PushChannel: Plugin {
    /// The server sends `push` at `env.now`.
    mutating func send(_ push: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// Something the provider cares about changed on the device (connectivity, Doze,
    /// screen, token): deliver what may now be delivered.
    mutating func deviceChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// A timer the channel set with `.channelTimer(tag:)` fired.
    mutating func timer(tag: Int32, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// The run ends at `env.now`: stored pushes whose lifetime ran out become `expired`
    /// (the rest stay `pending`).
    mutating func finish(env: ChannelEnvironment, ledger: inout PushLedger)
}

extension PushChannel {
    public mutating func deviceChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {}
    public mutating func timer(tag: Int32, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {}
    public mutating func finish(env: ChannelEnvironment, ledger: inout PushLedger) {}
}
