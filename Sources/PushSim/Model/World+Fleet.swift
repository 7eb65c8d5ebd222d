/// The world as one recipient of a fleet (`FleetRun`): what it hands to the fleet's
/// shared resources (`FleetHub`) instead of handling alone, and what comes back.
///
/// A world outside a fleet (its scratch has no hub) never reaches this code: a lone recipient
/// runs exactly as before, and a fleet whose shared resources are all off runs each
/// recipient exactly as the lone run of the same streams (docs/model.md, Fleets).
extension World {
    /// The recipient's index in the fleet: the owner of the fleet's one event list, which
    /// is set to the recipient before its world runs or is reached (`FleetRun`).
    var fleetRecipient: Int32 { Int32(queue.owner) }

    /// A pull goes to the fleet's shared server: its service time drawn from the
    /// recipient's `client` stream (where a lone run draws `pullLatency`), so the draws stay
    /// the recipient's own (common random numbers).
    mutating func requestSharedPull(_ hub: FleetHub, recipient: Int32) {
        let service = hub.serviceTime(clientRandom)
        observe(.pullStarted(full: replica.currentPullIsFull, network: true, latency: nil))
        let failed = client.pullFailure > 0 && clientRandom.bernoulli(client.pullFailure)
        hub.submitPull(recipient: recipient, process: app.generation, service: service, failed: failed, at: queue.now)
    }

    /// Carries out what the fleet handed back.
    mutating func receive(_ delivery: FleetDelivery) {
        switch delivery {
        case let .pullAnswer(failed, overloaded, process):
            guard process == app.generation else { observe(.pullDropped); return }
            completePull(failed: failed || overloaded, retryAfter: overloaded ? scratch.hub?.retryAfter : nil)
        case let .topicChange(_, index):
            commitTopics(through: Int(index))
        case let .topicFanOut(message, schedule):
            commitTopics(through: Int(message))
            topicFanOut(message: Int64(message), schedule: Int(schedule))
        case .wake:
            preconditionFailure("World: the fleet's wake-up handed to a recipient")
        }
    }

    /// The server commits the changes of topic messages 0 … `index` not yet committed for
    /// this recipient, in topic order (no push of their own: the topic's one provider
    /// request fans out, `topicFanOut`). A commit and its fan-out may meet at one instant in
    /// either order (`--shuffle-ties`): whichever runs first commits.
    private mutating func commitTopics(through index: Int) {
        guard let hub = scratch.hub else { return }
        while topicMessages.count <= index { commitTopicChange(key: hub.topicKeys[topicMessages.count]) }
    }

    private mutating func commitTopicChange(key: Int32) {
        let old = server.state[Int(key)]
        let change = server.commit(key: key)
        if keepsChangeLog { changeLog.append(change) }
        observe(.changeCommitted(key: key, sequence: change.sequence, old: old, new: change.value, client: replica.state[Int(key)],
                                 notify: true))
        topicMessages.append((messages.open(), change))
    }

    /// The fan-out reaches the recipient: each registration the server holds gets the
    /// topic's push through its device's channel (storage, collapse, TTL and the device's
    /// state apply as for any push); the provider request itself is the topic's one
    /// (counted by the fleet's timeline, not per recipient).
    private mutating func topicFanOut(message index: Int64, schedule: Int) {
        guard let hub = scratch.hub else { return }
        let (message, change) = topicMessages[Int(index)]
        var push = hub.topicShape(schedule).push(id: 0, cursor: change.sequence, change: change, at: queue.now)
        push.notification = message
        for r in 0..<registrationCount {
            let (d, slot) = registration(r)
            if device(d, { $0.serverToken(slot) }) != 0 { _ = send(push, to: r, quotas: false) }
        }
    }
}

/// What the fleet hands back to one recipient (`WorldEvent.fleet`).
public enum FleetDelivery: Sendable {
    /// The shared server answers a pull of app `process`: `failed` as the request drew
    /// it; `overloaded` when the server refused it (503 with Retry-After).
    case pullAnswer(failed: Bool, overloaded: Bool, process: Int32)
    /// A topic message's change is committed for this recipient (`FleetSpec.Topic`):
    /// `schedule` is the topic schedule's index.
    case topicChange(key: Int32, schedule: Int32)
    /// The provider's fan-out of topic message `message` (the recipient's own message
    /// id) reaches this recipient's registrations.
    case topicFanOut(message: Int32, schedule: Int32)
    /// The fleet's own next event is due: the hub's place in the fleet's one event list
    /// (owner N, `FleetRun`); never handed to a recipient.
    case wake
}
