/// One row of the outbox: one message for one of the server's registrations (tokens).
///
/// States: `queued` (due at `due`), `deferred` (waiting for the end of the recipient's
/// quiet hours at `due`), `claimed` (a worker holds it until `leaseUntil`), and the
/// terminal `accepted`, `failed`, `expired`, `superseded`.
struct OutboxRow: Sendable {
    enum State: UInt8, Sendable, CaseIterable {
        case queued, deferred, claimed, accepted, failed, expired, superseded

        /// Whether the row is finished (no worker will touch it again).
        var isTerminal: Bool { rawValue >= State.accepted.rawValue }
    }

    /// The message as the template made it (`notification` is the message id).
    var push: Push
    /// The registration it is for (`SenderContext.registrationCount`; 0 = the main device's current token).
    var device: Int
    var state = State.queued
    /// When it may next be claimed (queued, deferred).
    var due: SimTime
    /// Set at enqueue: after this instant the row expires instead of being sent.
    var expiresAt: SimTime
    /// The message's supersede key id, if the outbox has a supersede key.
    var supersedeKey: Int64?
    /// Send attempts made (provider requests).
    var attempts = 0
    /// Claim generation: +1 at each claim; an answer is recorded only under its own claim.
    var claim: Int32 = 0
    /// The worker holding the claim (−1 when not claimed).
    var owner = -1
    /// End of the current claim's lease.
    var leaseUntil = SimTime.zero
    /// The end of the quiet hours the row was last deferred to.
    var wake: SimTime?
    /// When the provider first accepted it (whether or not a worker recorded it).
    var acceptedAt: SimTime?
    /// The provider's message id, as recorded with `accepted`.
    var providerID: Int64?

    init(push: Push, device: Int, due: SimTime, expiresAt: SimTime, supersedeKey: Int64?) {
        self.push = push; self.device = device; self.due = due; self.expiresAt = expiresAt; self.supersedeKey = supersedeKey
    }

    /// Whether a worker sweeping at `t` may claim it: queued or deferred and due, or
    /// claimed under a lease that has run out.
    func isClaimable(at t: SimTime) -> Bool {
        switch state {
        case .queued, .deferred: due <= t
        case .claimed: leaseUntil <= t
        default: false
        }
    }
}
