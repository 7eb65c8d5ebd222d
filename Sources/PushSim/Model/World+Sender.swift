/// The sender side of a replication: the policy's handlers run with a `SenderContext`
/// whose requests go through the device's channel, answers come back at once, and every
/// request is accounted (stale tokens, quiet hours, duplicates).
extension World {
    /// Runs one handler of the sender policy with a context that reaches the rest of the
    /// world through a pointer to it (valid for the call; the context never touches
    /// `sender`, so the policy is changed in place).
    mutating func withSender(_ body: (inout any SenderPolicy, inout SenderContext) -> Void) {
        withUnsafeMutablePointer(to: &self) { world in
            var cx = SenderContext(WorldSenderServices(world: world))
            body(&world.pointee.sender, &cx)
        }
    }

    /// Whether the server stores a row per token (`recipient.tokenStore: perToken`, F14).
    var keepsPreviousTokens: Bool { recipient.tokenStore == .perToken }

    /// The sender's registrations: each device's current one (0 ..< n), then, when the
    /// server keeps previous tokens, each device's previous one (n ..< 2n).
    var registrationCount: Int { keepsPreviousTokens ? 2 * deviceCount : deviceCount }

    /// The device and its registration slot (0 current, 1 previous) of registration `r`.
    @inline(__always) func registration(_ r: Int) -> (device: Int, slot: Int) {
        r < deviceCount ? (r, 0) : (r - deviceCount, 1)
    }

    mutating func deleteToken(_ r: Int) {
        let (d, slot) = registration(r)
        updateDevice(d) { $0.deleteServerToken(slot) }
    }

    /// One provider request to registration `r`: the next push id, `sentAt` = now, the
    /// device's channel's answer (for the token of that registration); a rejection is
    /// recorded in the ledger. `quotas`: whether a fleet's provider quotas apply (not to a
    /// topic's fan-out: its copies are the provider's own delivery of the topic's one
    /// request, which the project quota counts).
    mutating func send(_ message: Push, to r: Int, quotas: Bool = true) -> ProviderAnswer {
        let (device, slot) = registration(r)
        let token = self.device(device) { $0.serverToken(slot) }
        var push = message
        push.id = nextPushID
        nextPushID += 1
        push.sentAt = queue.now
        ledger.sent(push.id)
        observe(.sent(push, device: device))
        if self.device(device, { !$0.installed || token != $0.token }) { observe(.staleTokenSend) }
        let answer: ProviderAnswer
        if quotas, let hub = scratch.hub, let refusal = hub.quotaRefusal(platform: self.device(device) { $0.platform }, recipient: fleetRecipient,
                                                                 device: device, at: queue.now) {
            answer = refusal   // the provider's quota answers before the channel sees the request
        } else {
            answer = withProvider(device, token: token) { channel, cx in channel.send(push, &cx) }
        }
        switch answer {
        case let .rejected(error, retryAfter):
            precondition(!ledger.isFinal(push.id), "\(type(of: setup.channel)) refused push \(push.id) after ending it: a refusal does nothing else")
            ledger.reject(push.id, Rejection(error, retryAfter: retryAfter))
            if let hub = scratch.hub { hub.timeline.rejected(error, at: queue.now) }
        case let .accepted(messageID):
            precondition(messageID == push.id, "\(type(of: setup.channel)) accepted push \(push.id) as message \(messageID)")
            let duplicate = messages.accept(push.notification, device: device)
            observe(.accepted(duplicate: duplicate, inQuietHours: recipient.quietHours != nil && recipient.inQuietHours(queue.now)))
        }
        return answer
    }

    mutating func senderRandom() -> RandomStream {
        if let s = senderStream { return s }
        let s = streams.stream(StreamName.sender)
        senderStream = s
        return s
    }

    /// A copy of a message reached an installed app on `device`: whether the app drops it
    /// as a copy of a notification it has already seen (`client.dedupe`); counts duplicates.
    mutating func dropsDuplicate(_ push: Push, device: Int) -> Bool {
        guard messages.arrive(push.notification, device: device) else { return false }
        observe(.duplicateArrived(suppressed: client.dedupe))
        return client.dedupe
    }
}

/// The world as a `SenderContext`'s services, through a pointer to it that is valid
/// while one sender handler runs (`World.withSender`).
struct WorldSenderServices: SenderServices {
    let world: UnsafeMutablePointer<World>

    var now: SimTime { world.pointee.scratch.queue.now }
    var recipient: RecipientSpec { world.pointee.setup.recipient }
    var deviceCount: Int { 1 + world.pointee.otherDevices.count }
    var registrationCount: Int {
        let n = deviceCount
        return world.pointee.setup.recipient.tokenStore == .perToken ? 2 * n : n
    }
    // Stored properties and mutating methods only (a non-mutating method or computed
    // property called on `world.pointee` was measured to copy the world first); the list
    // through the scratch (`World.queue` is computed).
    func token(of r: Int) -> Int {
        let n = deviceCount
        let (d, previous) = r < n ? (r, false) : (r - n, true)
        if d == 0 { return previous ? world.pointee.mainDevice.previousRegisteredToken : world.pointee.mainDevice.registeredToken }
        return previous ? world.pointee.otherDevices[d - 1].previousRegisteredToken : world.pointee.otherDevices[d - 1].registeredToken
    }
    func deleteToken(_ r: Int) { world.pointee.deleteToken(r) }
    func send(_ push: Push, to device: Int) -> ProviderAnswer { world.pointee.send(push, to: device) }
    func setSenderTimer(at time: SimTime, tag: Int32) { world.pointee.scratch.queue.schedule(.senderTimer(tag: tag), at: time) }
    func senderRandom() -> RandomStream { world.pointee.senderRandom() }
    func settle(_ message: Int64, _ fate: MessageFate) { world.pointee.messages.settle(message, fate) }
    func count(_ c: Count, by n: Int, registration: Int?) { world.pointee.observer.counts[c] += n }
    func raise(_ c: Count, to value: Int, registration: Int?) { world.pointee.observer.raise(c, to: value) }
    func wokenAccepted(lateness: SimDuration, registration: Int?) { world.pointee.observer.wokenAccepted(lateness: lateness) }
}
