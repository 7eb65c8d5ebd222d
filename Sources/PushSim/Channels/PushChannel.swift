/// What a channel model sees of the world when it acts.
public struct ChannelEnvironment {
    /// The current simulated time.
    public let now: SimTime
    /// Whether the device is reachable right now.
    public let deviceOnline: Bool
    /// The channel's named random stream (`"channel"`), shared by every strategy of a
    /// replication so channel randomness is common to all of them.
    public let random: RandomStream
}

/// A push channel: the provider's rules (storage while offline, overflow, replacement)
/// followed by transport (loss, duplication, delay). Built-ins are chosen by `"kind"`.
///
/// A channel schedules `.deliver` and `.deletedMessages` events on the queue and counts
/// what it drops in `RunCounters`. The value decoded from JSON is the prototype; every
/// replication starts from a fresh copy of it, so conforming types keep their run state in
/// stored properties with initial values.
public protocol PushChannel: Plugin {
    /// The server sends `push` at `env.now`.
    mutating func send(_ push: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, counters: inout RunCounters)
    /// The device's connectivity just changed to `env.deviceOnline`.
    mutating func connectivityChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, counters: inout RunCounters)
}

extension PushChannel {
    public mutating func connectivityChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, counters: inout RunCounters) {}
}
