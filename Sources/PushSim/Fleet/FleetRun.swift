import CPrefetch
import SimKernel

/// One fleet run: every recipient of one replication of one (variant, strategy), in one
/// world of shared resources (`FleetHub`), stepped by one outer schedule
/// (`FleetSchedule`).
///
/// Recipient r of fleet replication k uses the streams of replication k·N + r (N the
/// population's count; with a counter-based generator, one set of stream objects resumed
/// at each recipient's replication and positions, `FleetWorlds`): a fleet whose shared resources are all off therefore runs every
/// recipient exactly as the lone runs k·N + r of the same scenario, and two strategies
/// meet the same recipients (common random numbers). The population is drawn on the
/// `fleet.population` stream of replication k, the topic's times on `fleet.topic`, the
/// shared sender's draws on `fleet.sender`.
///
/// Order: at an equal time the recipients run first, in population order, each running
/// every event of its own at that time (in its own order, `EventClass`), then the fleet's
/// own events (server answers, the shared sender's sweeps, topic messages); what a step
/// hands to a recipient at that time runs when that recipient's turn comes again.
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
        // Each world sleeps as a code between its steps (`FleetWorlds`); with a counter-based
        // generator the recipients share one set of stream objects, each recipient's
        // replication resumed at its own positions when it wakes.
        let first = id.replication * n
        let shared = scenario.generator.isCounterBased
            ? RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: first) : nil
        let worlds = FleetWorlds(count: n, streams: shared, firstReplication: first)
        var firstTimes: [Int64?] = []
        firstTimes.reserveCapacity(n)
        for r in 0..<n {
            let setup = setups.worldSetup(variant: id.variant, strategy: id.strategy, attributes: attributes[r])
            let replication = first + r
            let salt = simulation.shuffleTies.map {
                Simulation.tieSalt(seed: $0, replication: replication, generator: scenario.generator)
            } ?? 0
            let streams: RandomStreams
            if let shared {
                shared.resume(replication: replication) { _ in 0 }
                streams = shared
            } else {
                streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
            }
            var world = World(setup: setup, streams: streams, tieSalt: salt, trace: NoTrace(), reusable: false)
            world.fleet = World.FleetLink(hub: hub, recipient: Int32(r))
            world.releaseReusableBuffers()
            firstTimes.append(world.queue.nextTime?.microseconds)
            worlds.store(r, world)
        }

        // About one bucket per recipient, at most 65,536 (docs/performance.md, Fleets).
        let schedule = FleetSchedule(members: n + 1, horizon: horizon.microseconds, buckets: min(65_536, max(16, n)))
        let fleetMember = Int32(n)
        for (r, t) in firstTimes.enumerated() { if let t { schedule.wake(Int32(r), at: t) } }
        firstTimes = []
        if let topic = fleet.topic { scheduleTopic(topic, hub: hub, streams: fleetStreams, horizon: horizon) }
        if sender is Outbox { hub.schedule(.tick, at: .zero) }
        if let t = hub.nextTime { schedule.wake(fleetMember, at: t.microseconds) }

        var touched: [Int32] = []
        let senderRandom = fleetStreams.stream("fleet.sender")
        var events = 0
        func withSender(at now: SimTime, _ body: (inout any SenderPolicy, inout SenderContext) -> Void) {
            withUnsafeMutablePointer(to: &touched) { touchedPointer in
                var cx = SenderContext(FleetSenderServices(worlds: worlds, hub: hub, now: now, touched: touchedPointer, random: senderRandom))
                body(&sender!, &cx)
            }
        }
        func wake(_ r: Int32) { if let t = worlds[Int(r)].queue.nextTime { schedule.wake(r, at: t.microseconds) } }

        while let (time, member) = schedule.next(), time <= horizon.microseconds {
            let now = SimTime(microseconds: time)
            if member == fleetMember {
                while let event = hub.next(until: now) {
                    events += 1
                    switch event {
                    case let .pullDone(slot): hub.pullDone(slot: slot, at: now)
                    case let .senderTimer(tag): withSender(at: now) { policy, cx in policy.onTimer(tag: tag, &cx) }
                    case let .topic(index): fanOut(topic: Int(index), hub: hub, n: n, horizon: horizon, at: now)
                    case .tick:
                        if let outbox = sender as? Outbox { let b = outbox.backlog(at: now); hub.timeline.backlog(rows: b.rows, late: b.late, at: now) }
                        if now + .minutes(1) <= horizon { hub.schedule(.tick, at: now + .minutes(1)) }
                    }
                }
            } else {
                // Memory-bound: the next members' worlds are cold; fetch them meanwhile, each a
                // step further: where the next one's code is, then its code, then what its step
                // reads beyond its world value (its queue's entries, its channel list).
                let (a, b, c) = schedule.nextCandidates()
                if a >= 0 && a != fleetMember { worlds.prefetchParts(Int(a)) }
                if b >= 0 && b != fleetMember { worlds.prefetch(Int(b)) }
                if c >= 0 && c != fleetMember { worlds.prefetchEntry(Int(c)) }
                let next = worlds.withWorld(Int(member)) { world -> Int64? in
                    world.prefetchParts()
                    let before = world.queue.eventsPopped
                    Simulator.run(&world, until: now)
                    world.queue.releasePoppedStaged()
                    events += world.queue.eventsPopped - before
                    return world.queue.nextTime?.microseconds
                }
                schedule.update(member, to: next)
            }
            if !hub.pendingMessages.isEmpty {
                let messages = hub.pendingMessages
                hub.pendingMessages.removeAll(keepingCapacity: true)
                for var m in messages {
                    m.notification |= Int64(m.recipient) << FleetSenderServices.messageShift
                    withSender(at: now) { policy, cx in policy.onMessage(m, &cx) }
                }
            }
            if !hub.deliveries.isEmpty {
                for d in hub.deliveries {
                    worlds[Int(d.recipient)].queue.schedule(d.event, at: d.time)
                    schedule.wake(d.recipient, at: d.time.microseconds)
                }
                hub.deliveries.removeAll(keepingCapacity: true)
            }
            if !touched.isEmpty {
                for r in touched { wake(r) }
                touched.removeAll(keepingCapacity: true)
            }
            if member == fleetMember || hub.scheduled {
                hub.scheduled = false
                schedule.update(fleetMember, to: hub.nextTime?.microseconds)
            }
        }
        if sender != nil { withSender(at: horizon) { policy, cx in policy.finish(&cx) } }
        var outcomes = FleetOutcomes()
        // Each world is released once its outcome is read: the outcomes replace the worlds.
        for r in 0..<n {
            var world = worlds.take(r)
            Simulator.run(&world, until: horizon)
            outcomes.append(world.finish(at: horizon))
        }
        hub.timeline.finish()
        return withExtendedLifetime(hub) { FleetOutcome(id: id, outcomes: outcomes, timeline: hub.timeline, events: events) }
    }

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
        for r in 0..<n { hub.deliveries.append((Int32(r), now, .fleet(.topicChange(key: key, schedule: Int32(index))))) }
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
            hub.deliveries.append((Int32(r), now + offset, .fleet(.topicFanOut(message: Int32(index), schedule: 0))))
        }
    }
}
