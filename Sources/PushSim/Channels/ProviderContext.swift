/// What a push channel sees and may do when the world calls it: the time, the device as
/// the provider knows it, the channel's random stream, and the only ways to act on a push.
///
/// Every way a push reaches the device goes through `deliver(_:at:copy:)` (or
/// `transmit(_:through:)`, which calls it), and that call records the push, draws its
/// arrival rank and schedules the arrival: a channel cannot hand over a copy the run does
/// not know. A push's end inside the provider (expired, collapsed, dropped …) is
/// `finish(_:_:)`; a refusal is not recorded here but returned from `PushChannel.send` as
/// the provider's answer. Timers are the channel's own: `setTimer(at:tag:)` stamps them
/// with the calling channel instance's slot, so a channel that embeds another (FCM's Apple
/// path embeds the APNs model) hands the embedded one its own tag space with `nested(_:_:)`.
///
/// A context is valid only during the call it is passed to, and it is noncopyable, so a
/// plug-in cannot keep it for later (it points into the running world's ledger and list).
public struct ProviderContext: ~Copyable {
    /// The current simulated time.
    public let now: SimTime
    /// The device, as the provider knows it now.
    public let device: DeviceView
    /// The channel's named random stream (`"channel"`, `"channel.<n>"` for other device n):
    /// common to every strategy of a replication. `draws` draws from it without reference
    /// counting (the same sequence).
    public var random: RandomStream { draws.stream.takeUnretainedValue() }
    /// `random`'s draws as a plain value: what the built-in channels draw through. Both
    /// refer to the stream unretained: the run's `RandomStreams` (held by the world) keeps
    /// every stream alive for the world's lifetime, longer than any context, so making one
    /// counts no references.
    public let draws: StreamDraws
    /// The stream of arrival ranks (`"channel.order"`, `"channel.<n>.order"`): one draw per
    /// copy or signal handed to the device, so the `random` draws are the same with or
    /// without ranks.
    private let order: StreamDraws
    /// The recipient's device index: 0 for the device whose app runs the strategy, 1, 2, …
    /// for the other devices.
    let deviceIndex: Int8
    /// The slot of the channel instance the context is for: 0 for the variant's channel,
    /// others for channels it embeds (`nested`).
    public private(set) var slot: UInt8
    /// For `ChannelEvent.timer`: the slot of the instance that set the timer (0 otherwise).
    public let timerSlot: UInt8
    // `var`, not `let`, though never reassigned: Swift 6.3.1 crashes under
    // `-sanitize=thread` ("Invalid bitcast ... Broken module found") on a mutating access
    // through a `let` pointer of a noncopyable value (`ledger.pointee.record(push)` in a
    // `mutating` method): its access instrumentation is emitted on the loaded struct, whose
    // first word is `now`. With `var` it instruments the pointee's address, and `make
    // sanitize` needs no linker workaround (docs/testing.md, Sanitizers).
    private var queue: UnsafeMutablePointer<EventQueue<WorldEvent>>
    private var ledger: UnsafeMutablePointer<PushLedger>

    init(now: SimTime, device: DeviceView, draws: StreamDraws, order: StreamDraws, deviceIndex: Int8,
         timerSlot: UInt8 = 0, queue: UnsafeMutablePointer<EventQueue<WorldEvent>>, ledger: UnsafeMutablePointer<PushLedger>) {
        self.now = now; self.device = device; self.draws = draws; self.order = order
        self.deviceIndex = deviceIndex; slot = 0; self.timerSlot = timerSlot
        self.queue = queue; self.ledger = ledger
    }

    /// Hands copy `copy` of `push` to the device at `time` (≥ now): records the push as
    /// sent to the device (with the channel's changes, e.g. a default collapse key), draws
    /// its arrival rank, and schedules its arrival. Copy 1, 2, … are transport duplicates
    /// (counted in `duplicates`).
    ///
    /// Arrival rank: uniform in [1, 2³² − 1], one draw from the order stream. Neither APNs
    /// nor FCM promises an order of delivery (A5, F5), so copies arriving at the same
    /// instant arrive in a drawn order, after every other event of that instant
    /// (docs/model.md, Event order).
    /// - Complexity: O(log n) in the queue's size.
    public mutating func deliver(_ push: Push, at time: SimTime, copy: Int8 = 0) {
        ledger.pointee.record(push)
        if copy > 0 { ledger.pointee.duplicated() }
        let rank = arrivalRank()
        if deviceIndex == 0 {
            queue.pointee.schedule(.deliver(id: push.id, copy: copy), at: time, rank: rank)
        } else {
            queue.pointee.schedule(.otherDeliver(id: push.id, device: deviceIndex), at: time, rank: rank)
        }
    }

    /// Sends `push` through `transport` now: lost (`finish(.lost)`), or one or two copies
    /// handed to the device after their drawn delays (`Transport.transmit`).
    public mutating func transmit(_ push: Push, through transport: Transport) { transport.transmit(push, &self) }

    /// Tells the app that pending messages were deleted (FCM `onDeletedMessages`), now,
    /// with an arrival rank like a copy. On other devices no app code runs: the rank is
    /// drawn and the signal goes nowhere.
    public mutating func signalDeletedMessages() {
        let rank = arrivalRank()
        if deviceIndex == 0 { queue.pointee.schedule(.deletedMessages, at: now, rank: rank) }
    }

    /// Ends push `id` inside the provider with `outcome`, unless it already has an outcome.
    /// - Precondition: `outcome` is neither `rejected` (a refusal is `send`'s answer) nor
    ///   `delivered` (the world decides that when a copy arrives).
    /// - Returns: whether this call decided it.
    @discardableResult
    public mutating func finish(_ id: Int64, _ outcome: PushOutcome) -> Bool {
        precondition(outcome != .rejected && outcome != .delivered, "a channel answers rejections and never delivers by itself")
        return ledger.pointee.finish(id, outcome)
    }

    /// Marks a delay reason on push `id` (unless its fate is already decided).
    public mutating func delay(_ id: Int64, _ reason: DelayReason) { ledger.pointee.delay(id, reason) }

    /// Delivers `ChannelEvent.timer(tag:)` to the channel at `time` (≥ now), with this instance's slot.
    public mutating func setTimer(at time: SimTime, tag: Int32) {
        if deviceIndex == 0 {
            queue.pointee.schedule(.channelTimer(slot: slot, tag: tag), at: time)
        } else {
            queue.pointee.schedule(.otherChannelTimer(device: deviceIndex, slot: slot, tag: tag), at: time)
        }
    }

    /// Runs `body` with a context for the embedded channel instance in `slot` (≥ 1): its
    /// timers come back with that slot in `timerSlot`, for the embedding channel to pass on.
    public mutating func nested<R>(_ slot: UInt8, _ body: (inout ProviderContext) -> R) -> R {
        precondition(slot > 0, "slot 0 is the variant's channel itself")
        let outer = self.slot
        self.slot = slot
        defer { self.slot = outer }
        return body(&self)
    }

    private func arrivalRank() -> UInt32 { UInt32(1 + order.uniformInt(below: Int(UInt32.max))) }
}

extension ProviderContext {
    /// `body(&channel, &context)` with a context over `queue` and `ledger`, valid for the
    /// call's duration (the world passes two disjoint stored properties of itself, the
    /// channel and the ledger, and its scratch's list).
    static func with<C, R>(_ channel: inout C, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger, now: SimTime,
                           device: DeviceView, random: RandomStream, order: RandomStream, deviceIndex: Int8, timerSlot: UInt8 = 0,
                           _ body: (inout C, inout ProviderContext) -> R) -> R {
        with(&channel, queue: &queue, ledger: &ledger, now: now, device: device, draws: random.draws, order: order.draws,
             deviceIndex: deviceIndex, timerSlot: timerSlot, body)
    }

    /// `with(_:queue:ledger:now:device:random:order:deviceIndex:timerSlot:_:)` with the
    /// streams already as draws (unretained: the streams must outlive the call).
    static func with<C, R>(_ channel: inout C, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger, now: SimTime,
                           device: DeviceView, draws: StreamDraws, order: StreamDraws,
                           deviceIndex: Int8, timerSlot: UInt8 = 0, _ body: (inout C, inout ProviderContext) -> R) -> R {
        withUnsafeMutablePointer(to: &queue) { q in
            withUnsafeMutablePointer(to: &ledger) { l in
                var cx = ProviderContext(now: now, device: device, draws: draws, order: order, deviceIndex: deviceIndex,
                                         timerSlot: timerSlot, queue: q, ledger: l)
                return body(&channel, &cx)
            }
        }
    }
}

extension ProviderAnswer {
    /// The answer for a refusal (`ErrorRates.draw`'s result).
    public init(_ rejection: Rejection) { self = .rejected(rejection.error, retryAfter: rejection.retryAfter) }
}
