/// What a sender policy sees of the run and may do in it: the time and the recipient,
/// the server's registration tokens, provider requests (answered at once), its own timers
/// and random stream, and the fates of its messages.
///
/// Every request goes through `send(_:to:)`, which gives it the next push id, hands it to
/// the device's channel and returns the provider's answer; the world accounts for it
/// (stale tokens, quiet hours, duplicates), so a policy cannot skip the bookkeeping.
/// A context is valid only during the call it is passed to, and it is noncopyable, so a
/// plug-in cannot keep it for later (it points into the running world).
public struct SenderContext: ~Copyable {
    let services: any SenderServices

    init(_ services: any SenderServices) { self.services = services }

    /// The current simulated time.
    public var now: SimTime { services.now }
    /// The recipient: time zone, quiet hours, devices.
    public var recipient: RecipientSpec { services.recipient }
    /// The recipient's devices: the main device (0) and the other devices (1, 2, …).
    public var deviceCount: Int { services.deviceCount }

    /// The server's registrations, the targets of `send(_:to:)`: 0 ..< `deviceCount` are
    /// the devices' current tokens (registration d is device d's); when the server stores a
    /// row per token (`recipient.tokenStore: perToken`, F14) registration
    /// `deviceCount + d` is device d's previous token, if the server still holds one.
    /// `registrationCount` is `deviceCount` or `2 · deviceCount`.
    public var registrationCount: Int { services.registrationCount }

    /// Whether the server holds a token for registration `r` (for a device's current
    /// registration: the token the app there last registered; a deleted token is gone until
    /// the app registers again).
    /// - Precondition: 0 ≤ r < `registrationCount` (for all the registration methods).
    public func hasToken(_ r: Int) -> Bool { token(of: r) != 0 }

    /// The token the server holds for registration `r`, as an opaque number that changes
    /// whenever the app there registers a different token (0 = none).
    public func token(of r: Int) -> Int {
        precondition(r >= 0 && r < registrationCount, "registration \(r) out of 0 ..< \(registrationCount)")
        return services.token(of: r)
    }

    /// The registration of the same device as `r` (its current or its previous one) that
    /// holds `token` now, if any: a token the request went to may have moved from one to
    /// the other meanwhile (the app registered a new one).
    public func registration(holding token: Int, sameDeviceAs r: Int) -> Int? { services.registration(holding: token, sameDeviceAs: r) }

    /// The registrations `message` is for: every registration of its recipient
    /// (`0 ..< registrationCount` for a lone recipient; a fleet's shared sender sees the
    /// registrations of the message's recipient only).
    public func registrations(for message: Push) -> Range<Int> { services.registrations(ofRecipient: message.recipient) }

    /// The recipient registration `r` belongs to (its time zone and quiet hours); for a
    /// lone recipient, `recipient`.
    public func recipient(ofRegistration r: Int) -> RecipientSpec { services.recipient(ofRegistration: r) }

    /// Deletes the server's token for registration `r` (after a final `UNREGISTERED` /
    /// 410 / `BadDeviceToken` answer, F9, A9).
    public mutating func deleteToken(_ r: Int) {
        precondition(r >= 0 && r < registrationCount, "registration \(r) out of 0 ..< \(registrationCount)")
        services.deleteToken(r)
    }

    /// Sends `push` to registration `r`'s token through its device's channel now and
    /// returns the provider's answer. Each call is one provider request: it gets the next
    /// push id, `sentAt` = now, and is counted in `pushes_sent`.
    /// - Precondition: `hasToken(r)`.
    public mutating func send(_ push: Push, to r: Int) -> ProviderAnswer {
        precondition(hasToken(r), "a send needs a registration token")
        return services.send(push, to: r)
    }

    /// Sends `push` to every registration the server holds a token for, in registration
    /// order (main device first).
    public mutating func sendToEveryDevice(_ push: Push) {
        // The count once, and the tokens without the per-call range check: r is in range.
        // The recipient alone crosses the existential call (a `Push` would be copied).
        for r in services.registrations(ofRecipient: push.recipient) where services.token(of: r) != 0 { _ = services.send(push, to: r) }
    }

    /// Delivers `SenderEvent.timer(tag:)` to the policy at `time` (≥ now).
    public mutating func setTimer(at time: SimTime, tag: Int32) { services.setSenderTimer(at: time, tag: tag) }

    /// The sender's random stream (`"sender"`), created at first use.
    public var random: RandomStream { services.senderRandom() }

    /// Declares a message's fate by design (`expired`, `superseded`) or, at the horizon,
    /// that the sender still holds it (`pending`).
    /// A fleet's shared sender gives `message` as the push carries it (`Push.notification`).
    public mutating func settle(_ message: Int64, _ fate: MessageFate) { services.settle(message, fate) }

    /// Adds `n` (≥ 0) to one of the sender's own counts (`Count.senderCounted`: deleted
    /// tokens, deferrals, stuck rows, crashes, unrecorded answers), reported in the sender
    /// columns of `runs.csv`.
    /// - Precondition: `Count.senderCounted` contains `c`, and `n >= 0`.
    /// - Parameter registration: the registration the count is about, if any (a fleet's
    ///   shared sender counts it for that registration's recipient).
    public mutating func count(_ c: Count, by n: Int = 1, registration: Int? = nil) {
        precondition(Count.senderCounted.contains(c) && n >= 0, "a sender counts only its own counts, upwards")
        services.count(c, by: n, registration: registration)
    }

    /// Raises the sender's maximum `.attemptsMax` to `value` if it is larger.
    /// - Precondition: `c == .attemptsMax`.
    public mutating func raise(_ c: Count, to value: Int, registration: Int? = nil) {
        precondition(c == .attemptsMax, "a sender raises only its own maximum, .attemptsMax")
        services.raise(c, to: value, registration: registration)
    }

    /// Counts a deferred row's first acceptance, `lateness` (≥ 0) after its wake time
    /// (`.wokenAccepted` and `DeferralLateness`).
    public mutating func wokenAccepted(lateness: SimDuration, registration: Int? = nil) {
        services.wokenAccepted(lateness: lateness, registration: registration)
    }
}

/// The run's side of a `SenderContext`: the world (or a test double) provides it; a policy
/// never calls it directly. Reference semantics: a conforming type points at the state it
/// changes.
protocol SenderServices {
    var now: SimTime { get }
    var recipient: RecipientSpec { get }
    var deviceCount: Int { get }
    var registrationCount: Int { get }
    func token(of device: Int) -> Int
    func deleteToken(_ device: Int)
    func send(_ push: Push, to device: Int) -> ProviderAnswer
    func setSenderTimer(at time: SimTime, tag: Int32)
    func senderRandom() -> RandomStream
    func settle(_ message: Int64, _ fate: MessageFate)
    func count(_ c: Count, by n: Int, registration: Int?)
    func raise(_ c: Count, to value: Int, registration: Int?)
    func wokenAccepted(lateness: SimDuration, registration: Int?)
    func registration(holding token: Int, sameDeviceAs r: Int) -> Int?
    func registrations(ofRecipient recipient: Int32) -> Range<Int>
    func recipient(ofRegistration r: Int) -> RecipientSpec
}

extension SenderServices {
    /// A lone recipient's: registrations 0 ..< n are the devices' current tokens,
    /// n ..< 2n their previous ones.
    func registration(holding token: Int, sameDeviceAs r: Int) -> Int? {
        let n = deviceCount
        let d = r % n
        for candidate in registrationCount > n ? [d, d + n] : [d] where self.token(of: candidate) == token { return candidate }
        return nil
    }
    func registrations(ofRecipient recipient: Int32) -> Range<Int> { 0..<registrationCount }
    func recipient(ofRegistration r: Int) -> RecipientSpec { recipient }
}
