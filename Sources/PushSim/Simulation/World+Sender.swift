/// The world as the sender policy's host: provider requests go through the channel (the
/// main device's, or an other device's copy), answers come back at once, and every
/// request is accounted (stale tokens, quiet hours, duplicates).
extension World: SenderHost {
    var now: SimTime { queue.now }

    var deviceCount: Int { 1 + otherCount }

    func hasToken(_ device: Int) -> Bool { device == 0 ? registeredToken != 0 : otherHasToken(device) }

    func token(of device: Int) -> Int { device == 0 ? registeredToken : otherToken(device) }

    mutating func deleteToken(_ device: Int) {
        if device == 0 { registeredToken = 0 } else { deleteOtherToken(device) }
    }

    mutating func send(_ message: Push, to device: Int) -> ProviderAnswer {
        var push = message
        push.id = nextPushID
        nextPushID += 1
        push.sentAt = queue.now
        ledger.sent(push.id)
        counters.bytesPushed += Int(push.size)
        if tracing { trace.sent(push, at: queue.now) }
        if device == 0 {
            if !installed || registeredToken != token { senderCounters.staleTokenSends += 1 }
            channel.send(push, env: channelEnvironment, queue: &queue, ledger: &ledger)
        } else {
            sendToOther(push, device: device)
        }
        let answer = ledger.answer(for: push.id)
        if case .accepted = answer {
            if messages.accept(push.notification, device: device) { senderCounters.duplicatesSent += 1 }
            if recipient.quietHours != nil && recipient.inQuietHours(queue.now) { senderCounters.quietHoursAccepted += 1 }
        }
        return answer
    }

    /// `sendToEveryDevice` without the protocol's generic calls (`sendsEveryMessageAtOnce`).
    mutating func sendNow(_ message: Push) {
        for d in 0..<deviceCount where hasToken(d) { _ = send(message, to: d) }
    }

    mutating func setTimer(at time: SimTime, tag: Int32) { queue.schedule(at: time, .senderTimer(tag: tag)) }

    mutating func senderRandom() -> RandomStream {
        if let s = senderStream { return s }
        let s = streams.stream(StreamName.sender)
        senderStream = s
        return s
    }

    mutating func settle(_ message: Int64, _ fate: MessageFate) { messages.settle(message, fate) }

    /// The app sends its token to the server: at every launch, or (`tokenRefresh`) only
    /// when it differs from the one the app last registered (`client.registration`).
    mutating func registerToken() {
        guard client.registration == .everyLaunch || appToken != token else { return }
        registeredToken = token
        appToken = token
    }

    /// A copy of a message reached an installed app on `device`: whether the app drops it
    /// as a copy of a notification it has already seen (`client.dedupe`); counts duplicates.
    mutating func dropsDuplicate(_ push: Push, device: Int) -> Bool {
        guard messages.arrive(push.notification, device: device) else { return false }
        if client.dedupe { senderCounters.duplicatesSuppressed += 1; return true }
        senderCounters.duplicatesDisplayed += 1
        return false
    }
}
