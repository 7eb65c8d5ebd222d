import SimKernel

/// Sender kinds that can serve a whole fleet (`fleet.sender`): their handlers address
/// registrations only through `SenderContext.registrations(for:)` and
/// `recipient(ofRegistration:)`, so one instance can hold every recipient's messages.
protocol SharedSender: SenderPolicy {}
extension Outbox: SharedSender {}
extension PerChange: SharedSender {}

/// The shared sender's view of a fleet: registration `r` is registration `r % stride` of
/// recipient `r / stride` (`stride` = 16: eight devices, each with a current and a
/// previous token), and a message's id is `recipient << 36 | id` of its recipient's own
/// message ids, so settling and counting reach the right recipient.
struct FleetSenderServices: SenderServices {
    static let stride = 16
    static let messageShift: Int64 = 36

    let worlds: FleetWorlds
    let hub: FleetHub
    let now: SimTime
    /// The fleet's scratch, whose event list every world shares: its `owner` is set to the
    /// recipient whose world the handler changes (`lend`).
    let scratch: WorldScratch
    /// The recipients' shuffled tie order (nil: FIFO ties).
    let ties: FleetTieOrder?
    let random: RandomStream

    var recipient: RecipientSpec { worlds[0].setup.recipient }
    var deviceCount: Int { worlds.count * 8 }
    var registrationCount: Int { worlds.count * Self.stride }

    @inline(__always) private func split(_ r: Int) -> (recipient: Int, local: Int) { (r / Self.stride, r % Self.stride) }

    func token(of r: Int) -> Int {
        let (i, local) = split(r)
        return worlds.read(i) { w in
            let n = w.deviceCount
            guard local < Self.registrations(w) else { return 0 }
            return local < n ? w.device(local) { $0.registeredToken } : w.device(local - n) { $0.previousRegisteredToken }
        }
    }

    func deleteToken(_ r: Int) {
        let (i, local) = split(r)
        lend(i) { $0.deleteToken(local) }
    }

    func send(_ push: Push, to r: Int) -> ProviderAnswer {
        let (i, local) = split(r)
        var local_push = push
        local_push.notification = push.notification & ((1 << Self.messageShift) - 1)
        return lend(i) { $0.send(local_push, to: local) }
    }

    /// Runs `body` on recipient `i`'s world with the event list's owner set to it: what it
    /// schedules is recipient i's (owner i).
    private func lend<R>(_ i: Int, _ body: (inout World) -> R) -> R {
        let owner = scratch.queue.owner
        scratch.queue.owner = UInt32(i)
        ties?.lend(&scratch.queue, to: i)
        defer {
            ties?.takeBack(scratch.queue, from: i)
            scratch.queue.owner = owner
        }
        return worlds.withWorld(i) { body(&$0) }
    }

    func setSenderTimer(at time: SimTime, tag: Int32) { hub.schedule(.senderTimer(tag: tag), at: time) }
    func senderRandom() -> RandomStream { random }

    func settle(_ message: Int64, _ fate: MessageFate) {
        let i = Int(message >> Self.messageShift)
        worlds[i].messages.settle(message & ((1 << Self.messageShift) - 1), fate)
    }

    /// A shared sender's counts are its rows' recipients' (`Outbox` names the registration of each).
    func count(_ c: Count, by n: Int, registration: Int?) {
        guard let r = registration else { preconditionFailure("a fleet's shared sender counts \(c) for a registration") }
        worlds[split(r).recipient].observer.counts[c] += n
    }

    func raise(_ c: Count, to value: Int, registration: Int?) {
        if let r = registration { worlds[split(r).recipient].observer.raise(c, to: value) }
    }

    func wokenAccepted(lateness: SimDuration, registration: Int?) {
        guard let r = registration else { return }
        worlds[split(r).recipient].observer.wokenAccepted(lateness: lateness)
    }

    func registration(holding token: Int, sameDeviceAs r: Int) -> Int? {
        let (i, local) = split(r)
        let (n, registrations) = worlds.read(i) { w in (w.deviceCount, Self.registrations(w)) }
        let d = local % n
        let base = i * Self.stride
        for candidate in registrations > n ? [d, d + n] : [d] where self.token(of: base + candidate) == token {
            return base + candidate
        }
        return nil
    }

    func registrations(ofRecipient recipient: Int32) -> Range<Int> {
        let base = Int(recipient) * Self.stride
        return base ..< base + worlds.read(Int(recipient)) { Self.registrations($0) }
    }

    func recipient(ofRegistration r: Int) -> RecipientSpec { worlds[split(r).recipient].setup.recipient }

    /// World `w`'s registration count (`World.registrationCount`), read from the borrowed
    /// world (no copy of it).
    @inline(__always) private static func registrations(_ w: borrowing World) -> Int {
        let n = w.deviceCount
        return w.setup.recipient.tokenStore == .perToken ? 2 * n : n
    }
}
