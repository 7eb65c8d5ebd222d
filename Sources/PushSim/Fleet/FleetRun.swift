import SimKernel

/// One fleet run: every recipient of one replication of one (variant, strategy), in one
/// world of shared resources (`FleetHub`), run over one event list.
///
/// Recipient r of fleet replication k uses the streams of replication k·N + r (N the
/// population's count; with a counter-based generator, one set of stream objects resumed
/// at each recipient's replication and positions, `RandomStreams.share`): a fleet whose shared resources are all off therefore runs every
/// recipient exactly as the lone runs k·N + r of the same scenario, and two strategies
/// meet the same recipients (common random numbers). The population is drawn on the
/// `fleet.population` stream of replication k, the topic's times on `fleet.topic`, the
/// shared sender's draws on `fleet.sender`.
///
/// One event list: every recipient's events are in one `EventQueue`, recipient r's with
/// owner r, and the fleet's own events (server answers, the shared sender's timers, topic
/// messages, minute ticks, kept by the hub) are represented there by one wake-up with
/// owner N at the hub's next time. The queue's order (time, owner, …) is the fleet's: at
/// an equal time the recipients run first, in population order, each running every event
/// of its own at that time (its turn, in its own order, `EventClass`), then the fleet's
/// own events. What a turn hands to a recipient (a pull answer, a topic message) is
/// scheduled when the turn ends, so at that time it runs when that recipient's turn comes
/// again. The list is the fleet's `WorldScratch`'s, which every world shares
/// (`World.queue`); before a world runs or is reached (its turn, a shared sender's call,
/// `FleetSenderServices`), the list's `owner` is set to its recipient.
struct FleetRun {
    let simulation: Simulation
    let fleet: FleetSpec
    let id: Simulation.RunID
    let setups: FleetSetups

    /// Runs it and returns what the reports need.
    func run() -> FleetOutcome {
        let scenario = simulation.scenario
        let n = fleet.population.count
        let horizon = SimTime.zero + scenario.horizon
        let fleetStreams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: id.replication)
        let attributes = fleet.population.draw(fleetStreams.stream(FleetPopulation.stream))
        let hub = FleetHub(spec: fleet, horizon: horizon, topicTemplate: setups.topicTemplate(variant: id.variant))
        var sender = fleet.sender
        // Each world stays where it is stored, run in place (`FleetWorlds`); with a
        // counter-based generator the recipients share one set of stream objects, each
        // recipient's replication loaded at its own positions when its world is reached.
        let first = id.replication * n
        let shared = scenario.generator.isCounterBased
            ? RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: first) : nil
        shared?.share(recipients: n, firstReplication: first)
        let worlds = FleetWorlds(count: n, streams: shared)
        // One event list, one handlers' context and one set of drawing buffers for every
        // world (one runs at a time).
        let scratch = WorldScratch(queue: EventQueue(reservingCapacity: 4 * n + 64), hub: hub)
        let ties = simulation.shuffleTies.map { seed in
            FleetTieOrder(salts: (0..<n).map { Simulation.tieSalt(seed: seed, replication: first + $0, generator: scenario.generator) })
        }
        // Every recipient's timeline, staged in 64 windows of the horizon and one for what
        // comes at or after the 64th's end (the horizon, and periods drawn past it): each
        // is sorted when the run reaches it and its storage freed (or, with blocks, handed
        // to a window still held) once it is passed.
        // With a counter-based generator the windows come in `blocks` blocks: only the
        // first one's events are staged now, the others' places reserved; each later block
        // is drawn again when the run reaches it (`replay`), so the list holds a block of
        // the day at a time, not the day.
        let width = SimDuration(microseconds: max(1, horizon.microseconds / 64))
        scratch.queue.beginStaging(segments: 65, of: width)
        let replayStreams = shared == nil ? nil : RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: first)
        var timelineStarts: [UInt64] = []
        if replayStreams != nil {
            scratch.queue.hold(from: Self.blockSegments)
            timelineStarts.reserveCapacity(n)
        }
        for r in 0..<n {
            let setup = setups.worldSetup(variant: id.variant, strategy: id.strategy, attributes: attributes[r])
            let replication = first + r
            let streams: RandomStreams
            if let shared {
                shared.load(recipient: r)
                streams = shared
            } else {
                streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
            }
            scratch.queue.owner = UInt32(r)
            // Room for every timeline (its first block, with blocks) at the first 1,024
            // recipients' mean size, each window its share: the list then grows once, not
            // by doubling; fewer recipients would leave a window's share too noisy.
            if r == min(1024, n - 1) && r > 0 { scratch.queue.reserveStaged((scratch.queue.pendingCount / r + 1) * (n - r) * 9 / 8) }
            ties?.lend(&scratch.queue, to: r)
            if replayStreams != nil { timelineStarts.append(scratch.queue.issuedCount) }
            let world = World(setup: setup, streams: streams, tieSalt: scratch.queue.tieShuffleSalt, trace: NoTrace(), reusable: false,
                              scratch: scratch)
            ties?.takeBack(scratch.queue, from: r)
            worlds.store(r, world)
        }
        scratch.queue.endStaging()
        /// The next block of windows to draw again.
        var block = 1
        func replay(_ streams: RandomStreams) {
            let from = block * Self.blockSegments, to = block == Self.blocks - 1 ? Int.max : from + Self.blockSegments
            // The change schedules are the variant's, the same for every recipient.
            let changeStreams = simulation.setup(variant: id.variant).server.changeStreams(in: streams)
            for r in 0..<n {
                let setup = setups.worldSetup(variant: id.variant, strategy: id.strategy, attributes: attributes[r])
                streams.restart(replication: first + r)
                scratch.queue.owner = UInt32(r)
                ties?.lend(&scratch.queue, to: r)
                // Recipient r's timeline events have its sequences from its start on, in
                // order, and (with shuffled ties) its own counts from 0 (`World.init`).
                var i: UInt64 = 0
                _ = Timeline.draw(setup, streams: streams, changeStreams: changeStreams, scratch: scratch) { event, t in
                    let k = scratch.queue.segment(of: t)
                    if k >= from && k < to { scratch.queue.stage(reserved: timelineStarts[r] + i, ownerSequence: i, at: t, tier: event.eventClass.tier, event) }
                    i += 1
                }
                ties?.takeBack(scratch.queue, from: r)
            }
            scratch.queue.hold(from: to)
            block += 1
        }

        let hubOwner = UInt32(n)
        /// The hub's wake-up in the list, and its time.
        var wake: (id: EventID, time: SimTime)?
        func rewake() {
            let t = hub.nextTime
            guard t != wake?.time else { return }
            if let w = wake { scratch.queue.cancel(w.id) }
            scratch.queue.owner = hubOwner
            wake = t.map { (scratch.queue.schedule(.fleet(.wake), at: $0), $0) }
        }
        if let topic = fleet.topic { scheduleTopic(topic, hub: hub, streams: fleetStreams, horizon: horizon) }
        if sender is Outbox { hub.schedule(.tick, at: .zero) }
        rewake()
        hub.handback.scheduled = false

        let senderRandom = fleetStreams.stream("fleet.sender")
        var hubEvents = 0, wakes = 0
        func withSender(at now: SimTime, _ body: (inout any SenderPolicy, inout SenderContext) -> Void) {
            var cx = SenderContext(FleetSenderServices(worlds: worlds, hub: hub, now: now, scratch: scratch, ties: ties, random: senderRandom))
            body(&sender!, &cx)
        }

        while true {
            let next = scratch.queue.nextKey
            // A block is drawn again before the run reaches its first window (and every
            // block before the run ends: a horizon under 64 µs has its blocks after it).
            if let streams = replayStreams, block < Self.blocks,
               next.map({ $0.time >= .zero + width * Int64(block * Self.blockSegments) || $0.time > horizon }) ?? true {
                replay(streams)
                continue
            }
            guard let (now, owner, _) = next, now <= horizon else { break }
            if owner == hubOwner {
                _ = scratch.queue.next(until: now, owner: hubOwner)
                wakes += 1
                wake = nil
                while let event = hub.next(until: now) {
                    hubEvents += 1
                    switch event {
                    case let .pullDone(slot): hub.pullDone(slot: slot, at: now)
                    case let .senderTimer(tag): withSender(at: now) { policy, cx in policy.handle(.timer(tag: tag), &cx) }
                    case let .topic(index): fanOut(topic: Int(index), hub: hub, n: n, horizon: horizon, at: now)
                    case .tick:
                        if let outbox = sender as? Outbox { let b = outbox.backlog(at: now); hub.timeline.backlog(rows: b.rows, late: b.late, at: now) }
                        if now + .minutes(1) <= horizon { hub.schedule(.tick, at: now + .minutes(1)) }
                    }
                }
            } else {
                scratch.queue.owner = owner
                ties?.lend(&scratch.queue, to: Int(owner))
                worlds.withWorld(Int(owner)) { world in Simulator.run(&world, turnOf: owner, until: now) }
                ties?.takeBack(scratch.queue, from: Int(owner))
            }
            // What the turn left (one access to the hub when it left nothing): the shared
            // sender's messages, then the events for recipients, then the wake-up moved.
            guard owner == hubOwner || !hub.handback.isEmpty else { continue }
            if !hub.handback.messages.isEmpty {
                let messages = hub.handback.messages
                hub.handback.messages.removeAll(keepingCapacity: true)
                for var m in messages {
                    m.notification |= Int64(m.recipient) << FleetSenderServices.messageShift
                    withSender(at: now) { policy, cx in policy.handle(.message(m), &cx) }
                }
            }
            if !hub.handback.deliveries.isEmpty {
                for d in hub.handback.deliveries {
                    scratch.queue.owner = UInt32(d.recipient)
                    ties?.lend(&scratch.queue, to: Int(d.recipient))
                    scratch.queue.schedule(d.event, at: d.time)
                    ties?.takeBack(scratch.queue, from: Int(d.recipient))
                }
                hub.handback.deliveries.removeAll(keepingCapacity: true)
            }
            if owner == hubOwner || hub.handback.scheduled {
                hub.handback.scheduled = false
                rewake()
            }
        }
        // Nothing is left at or before the horizon: the clock moves to it.
        let left = scratch.queue.next(until: horizon)
        precondition(left == nil && (replayStreams == nil || block == Self.blocks),
                     "FleetRun: an event left before the horizon, or a block of the timelines not drawn again")
        let events = scratch.queue.eventsPopped - wakes + hubEvents
        // What is left runs after the horizon, never: the list's storage (every timeline
        // staged, all of it popped) is given back before the outcomes are gathered.
        scratch.queue = EventQueue(reservingCapacity: 0)
        _ = scratch.queue.next(until: horizon)
        if sender != nil { withSender(at: horizon) { policy, cx in policy.handle(.finish, &cx) } }
        var outcomes = FleetOutcomes()
        // Each world is released once its outcome is read: the outcomes replace the worlds.
        for r in 0..<n {
            var world = worlds.take(r)
            scratch.queue.owner = UInt32(r)
            ties?.lend(&scratch.queue, to: r)
            outcomes.append(world.finish(at: horizon))
        }
        hub.timeline.finish()
        return withExtendedLifetime(hub) { FleetOutcome(id: id, outcomes: outcomes, timeline: hub.timeline, events: events) }
    }

    /// The blocks of windows the timelines are staged in, and the windows of each (64 in
    /// all, and the one after them in the last block).
    static let blocks = 4, blockSegments = 16

    /// Draws the topic's times (on `fleet.topic`) and schedules one fleet event per topic message.
    private func scheduleTopic(_ topic: FleetTopic, hub: FleetHub, streams: RandomStreams, horizon: SimTime) {
        var drawn: [ServerSpec.TimedChange] = []
        let keys = setups.keys(variant: id.variant)
        topic.changes.draw(keys: keys, until: horizon, random: streams.stream("fleet.topic"), schedule: 0, into: &drawn)
        hub.topicKeys = drawn.map(\.key)
        for (i, c) in drawn.enumerated() { hub.schedule(.topic(index: Int32(i)), at: c.time) }
    }

    /// Topic message `index`: its change is committed for every recipient now, and its
    /// one provider request fans out, recipient r reached r / `fanOutRate` seconds later.
    /// The topic request is one FCM request: it counts against the project quota, and a
    /// refused one (`QUOTA_EXCEEDED`) reaches nobody (the change is committed all the same).
    /// Copies the fan-out would deliver after the horizon are not scheduled.
    private func fanOut(topic index: Int, hub: FleetHub, n: Int, horizon: SimTime, at now: SimTime) {
        hub.timeline.topicRequest(at: now)
        let key = hub.topicKeys[index]
        for r in 0..<n { hub.handback.deliveries.append((Int32(r), now, .fleet(.topicChange(key: key, schedule: Int32(index))))) }
        if case let .rejected(error, _)? = hub.quotaRefusal(platform: .android, recipient: -1, device: 0, at: now) {
            hub.timeline.rejected(error, at: now)
            return
        }
        let rate = fleet.topic?.fanOutRate
        let left = Double((horizon - now).microseconds) / 1e6
        for r in 0..<n {
            let seconds = rate.map { Double(r) / $0 } ?? 0
            guard seconds <= left else { break }
            let offset = SimDuration(microseconds: Int64((seconds * 1e6).rounded(.down)))
            hub.handback.deliveries.append((Int32(r), now + offset, .fleet(.topicFanOut(message: Int32(index), schedule: 0))))
        }
    }
}
