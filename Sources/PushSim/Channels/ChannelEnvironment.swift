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
