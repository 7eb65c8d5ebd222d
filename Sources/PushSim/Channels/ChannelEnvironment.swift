/// What a channel model sees of the world when it acts.
public struct ChannelEnvironment {
    /// The current simulated time.
    public let now: SimTime
    /// The device, as the provider knows it.
    public let device: DeviceView
    /// The channel's named random stream (`"channel"`), shared by every strategy of a
    /// replication so channel randomness is common to all of them.
    public let random: RandomStream
    /// The stream of arrival ranks (`"channel.order"`, `"channel.<n>.order"` for other
    /// device n): every copy handed to the device draws its rank here (`arrivalRank()`).
    /// A stream of its own, so the `random` draws are the same as without ranks.
    public let order: RandomStream

    public init(now: SimTime, device: DeviceView, random: RandomStream, order: RandomStream) {
        self.now = now; self.device = device; self.random = random; self.order = order
    }

    /// The event-queue rank of something the channel hands to the device (a push copy, a
    /// `deletedMessages` signal): uniform in [1, 2³² − 1], one draw from `order`.
    ///
    /// Neither APNs nor FCM promises an order of delivery (docs/platform-rules.md, A5, F5),
    /// so copies that arrive at the same instant arrive in an order drawn at random, a
    /// function of (scenario seed, replication) only, never of the order they were
    /// scheduled in. Rank 0 is left to every other event, which therefore runs first at an
    /// equal time (docs/model.md, Event order).
    /// - Complexity: O(1), one generator draw.
    public func arrivalRank() -> UInt32 {
        UInt32(1 + order.uniformInt(below: Int(UInt32.max)))
    }
}
