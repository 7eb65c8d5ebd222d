/// The scenario's timeline, scheduled at t = 0: every event class of the timeline
/// (`EventClass`), from the device, the other devices, the server and the app. The queue
/// stages them (sorted once, popped in O(1), see `EventQueue.beginStaging()`); the order
/// they run in is the one they would have in the heap.
extension World {
    /// - Parameter spec: the main device (`setup.device`, passed in so that the many reads
    ///   below do not each go through the shared setup).
    mutating func scheduleTimeline(server serverSpec: ServerSpec, device spec: DeviceSpec, streams: RandomStreams, horizon: SimTime) {
        queue.beginStaging()
        defer { queue.endStaging() }
        let offline = spec.connectivity?.draw(until: horizon, random: streams.stream(StreamName.deviceConnectivity)) ?? spec.offline
        for p in offline {
            queue.schedule(.connectivity(online: false), at: .zero + p.from)
            queue.schedule(.connectivity(online: true), at: .zero + p.to)
        }
        for t in spec.restarts { queue.schedule(.restart(.shutdown), at: .zero + t) }
        if spec.restart.every != .zero {
            // Drawn restarts: gaps from t = 0, each at least the boot time (a restart while the
            // device is off would be ignored), until the horizon (I6).
            let stream = streams.stream(StreamName.deviceRestarts)
            restartStream = stream
            var t = SimTime.zero
            while true {
                t = t + max(spec.restart.bootTime, spec.restart.every.sample(stream))
                guard t <= horizon else { break }
                queue.schedule(.restart(.shutdown), at: t)
            }
        }
        func periods(_ list: [Period], _ make: (Bool) -> WorldEvent) {
            for p in list { queue.schedule(make(true), at: .zero + p.from); queue.schedule(make(false), at: .zero + p.to) }
        }
        periods(spec.screenOn) { .screen(on: $0) }
        periods(spec.charging) { .charging(on: $0) }
        for t in spec.motion { queue.schedule(.motion, at: .zero + t) }
        // Low Power Mode, then Battery Saver, each the union of its sources (I5, I8).
        spec.forEachLowPowerModeEdge(streams: streams) { on, t in queue.schedule(.lowPowerMode(on: on), at: .zero + t) }
        spec.forEachBatterySaverEdge { on, t in queue.schedule(.batterySaver(on: on), at: .zero + t) }
        for t in spec.tokenRotations { queue.schedule(.tokenRotation, at: .zero + t) }
        periods(spec.uninstalled) { .installed(!$0) }
        if !otherDevices.isEmpty { scheduleOtherDevices() }
        // The buffers are taken from the scratch for the drawing and given back after it.
        var changes = scratch.timeline { recycled(&$0.changes) }
        defer { scratch.timeline { $0.changes = changes } }
        if changeStreams.isEmpty { changeStreams = serverSpec.changeStreams(in: streams) }
        serverSpec.drawChanges(until: horizon, streams: changeStreams, into: &changes)
        server.reserveLog(changes: changes.count)
        ledger.reserveCapacity(changes.count)   // one push per change
        messages.reserveCapacity(changes.count)
        observer.experience.reserve(changes: changes.count)
        for c in changes {
            queue.schedule(.serverChange(key: c.key, schedule: Int32(c.schedule)), at: c.time)
        }
        var sessions = scratch.timeline { recycled(&$0.sessions) }
        defer { scratch.timeline { $0.sessions = sessions } }
        spec.app.sessions(until: horizon, random: userRandom, into: &sessions)
        for s in sessions { queue.schedule(.appOpen(length: s.length), at: .zero + s.at) }
        for t in spec.app.forceQuit { queue.schedule(.forceQuit, at: .zero + t) }
        for t in spec.app.swipeAway { queue.schedule(.swipeAway, at: .zero + t) }
    }
}
