import CPrefetch
/// The world as one recipient of a fleet (`FleetRun`): what it hands to the fleet's
/// shared resources (`FleetHub`) instead of handling alone, and what comes back.
///
/// A world outside a fleet (`fleet == nil`) never reaches this code: a lone recipient
/// runs exactly as before, and a fleet whose shared resources are all off runs each
/// recipient exactly as the lone run of the same streams (docs/model.md, Fleets).
extension World {
    /// The recipient's index in the fleet and the fleet's shared resources.
    struct FleetLink {
        /// Unowned: the fleet run keeps the hub alive longer than every world, and a
        /// strong reference would cost two atomic reference-count operations per use.
        unowned(unsafe) let hub: FleetHub
        let recipient: Int32
    }

    /// Prefetches what this world's next step reads first beyond the world value itself:
    /// its queue's next entries, the main device and the channel list. Issued together,
    /// their cache misses overlap instead of following one another (`FleetRun`). Mutating
    /// only so that a call through a pointer does not copy the world first.
    mutating func prefetchParts() {
        let (h, l) = queue.nextEntryAddresses
        if let h { pushsim_prefetch(h, 1) }
        if let l { pushsim_prefetch(l, 1) }
        devices.withUnsafeBufferPointer { if let d = $0.baseAddress { pushsim_prefetch(d, Int32((MemoryLayout<Device>.size + 63) / 64)) } }
        providers.withUnsafeBufferPointer { if let p = $0.baseAddress { pushsim_prefetch(p, 1) } }
    }

    /// Where in a `World` value's bytes `prefetchParts(ofBits:_:)` reads: its queue's
    /// parts, and the channel list's storage address; `span`: the bytes from the value's
    /// start that hold them all.
    struct PartOffsets {
        let queue: QueuePartOffsets, queueAt: Int, providers: Int, span: Int
        static let world: PartOffsets = {
            guard let queueAt = MemoryLayout<World>.offset(of: \World.queue), let providers = MemoryLayout<World>.offset(of: \World.providers)
            else { preconditionFailure("World: queue and providers are stored inline") }
            let q = EventQueue<WorldEvent>.partOffsets
            let last = max(queueAt + max(q.heap, q.lane, q.laneNext, q.packedBytes, q.packedNext, q.flags), providers)
            return PartOffsets(queue: q, queueAt: queueAt, providers: providers, span: last + 8)
        }()
    }

    /// Prefetches the memory that the next step of the world whose value's first bytes are
    /// at `bits` (`offsets.span` of them, a copy will do) reads first beyond the value: its
    /// queue's next entries (`EventQueue.partAddresses`) and the channel list (its header
    /// and first channel). Nothing is read through the world's references, so a fleet run
    /// asks for a world a step before it runs it, and the misses overlap with that step.
    static func prefetchParts(ofBits bits: UnsafeRawPointer, _ offsets: PartOffsets) {
        let q = EventQueue<WorldEvent>.partAddresses(ofBits: bits + offsets.queueAt, offsets.queue)
        if let p = q.heap { pushsim_prefetch(p, 1) }   // the header (the root too when it starts in that line)
        if let p = q.laneHeader { pushsim_prefetch(p, 1) }
        if let p = q.lane { pushsim_prefetch(p, 1) }
        if let p = q.packed { pushsim_prefetch(p, 1) }
        if let p = q.flags { pushsim_prefetch(p, 1) }
        if let p = UnsafeRawPointer(bitPattern: bits.loadUnaligned(fromByteOffset: offsets.providers, as: UInt.self)) { pushsim_prefetch(p, 2) }
    }

    /// The first word of the channel list's first element: the address of the box that
    /// holds a channel too large to be stored inline (0 when the list is empty). Only a
    /// number, for prefetching; mutating only so that a call through a pointer does not
    /// copy the world first.
    mutating func firstChannelWord() -> UInt {
        providers.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0).load(as: UInt.self) } ?? 0 }
    }

    /// Frees what only a reused world needs (a fleet's worlds run once): the timeline's
    /// drawing buffers and the event queue's spare room; and packs the staged timeline
    /// (`EventQueue.packStaged`), unpacked an entry at a time as the day goes.
    mutating func releaseReusableBuffers() {
        timeline = TimelineBuffers()
        queue.shrinkToFit()
        queue.packStaged()
    }

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
            completePull(failed: failed || overloaded, retryAfter: overloaded ? fleet?.hub.retryAfter : nil)
        case let .topicChange(_, index):
            commitTopics(through: Int(index))
        case let .topicFanOut(message, schedule):
            commitTopics(through: Int(message))
            topicFanOut(message: Int64(message), schedule: Int(schedule))
        }
    }

    /// The server commits the changes of topic messages 0 … `index` not yet committed for
    /// this recipient, in topic order (no push of their own: the topic's one provider
    /// request fans out, `topicFanOut`). A commit and its fan-out may meet at one instant in
    /// either order (`--shuffle-ties`): whichever runs first commits.
    private mutating func commitTopics(through index: Int) {
        guard let link = fleet else { return }
        while topicMessages.count <= index { commitTopicChange(key: link.hub.topicKeys[topicMessages.count]) }
    }

    private mutating func commitTopicChange(key: Int32) {
        let old = server.state[Int(key)]
        let change = server.commit(key: key, value: server.head + 1)
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
        guard let link = fleet else { return }
        let (message, change) = topicMessages[Int(index)]
        var push = link.hub.topicShape(schedule).push(id: 0, cursor: change.sequence, change: change, at: queue.now)
        push.notification = message
        for r in 0..<registrationCount {
            let (d, slot) = registration(r)
            if devices[d].serverToken(slot) != 0 { _ = send(push, to: r, quotas: false) }
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
}
