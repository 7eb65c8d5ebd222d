import SimKernel

/// The scenario's timeline of one recipient: every event class of the timeline
/// (`EventClass`), from the device, the other devices, the server and the app, drawn from
/// the recipient's streams at their start and given in the order the world schedules them
/// at t = 0 (`World.scheduleTimeline`). Drawn again, from a copy of the same streams at
/// their start, it gives the same events in the same order: a fleet stages its day a block
/// of 16 windows at a time and draws each later block again when the run reaches it
/// (`FleetRun`, `EventQueue.reserve()`).
enum Timeline {
    /// Calls `put(event, time)` for every timeline event of `setup`'s recipient, in order.
    /// - Parameters:
    ///   - streams: the recipient's streams, at their start (none drawn from yet).
    ///   - changeStreams: `setup.server.changeStreams(in: streams)`.
    /// - Returns: how many server changes were drawn.
    static func draw(_ setup: WorldSetup, streams: RandomStreams, changeStreams: [RandomStream], scratch: WorldScratch,
                     _ put: (WorldEvent, SimTime) -> Void) -> Int {
        let spec = setup.device, horizon = setup.horizon
        let offline = spec.connectivity?.draw(until: horizon, random: streams.stream(StreamName.deviceConnectivity)) ?? spec.offline
        for p in offline {
            put(.connectivity(online: false), .zero + p.from)
            put(.connectivity(online: true), .zero + p.to)
        }
        for t in spec.restarts { put(.restart(.shutdown), .zero + t) }
        if spec.restart.every != .zero {
            // Drawn restarts: gaps from t = 0, each at least the boot time (a restart while the
            // device is off would be ignored), until the horizon (I6).
            let stream = streams.stream(StreamName.deviceRestarts)
            var t = SimTime.zero
            while true {
                t = t + max(spec.restart.bootTime, spec.restart.every.sample(stream))
                guard t <= horizon else { break }
                put(.restart(.shutdown), t)
            }
        }
        func periods(_ list: [Period], _ make: (Bool) -> WorldEvent) {
            for p in list { put(make(true), .zero + p.from); put(make(false), .zero + p.to) }
        }
        periods(spec.screenOn) { .screen(on: $0) }
        periods(spec.charging) { .charging(on: $0) }
        for t in spec.motion { put(.motion, .zero + t) }
        // Low Power Mode, then Battery Saver, each the union of its sources (I5, I8).
        spec.forEachLowPowerModeEdge(streams: streams) { on, t in put(.lowPowerMode(on: on), .zero + t) }
        spec.forEachBatterySaverEdge { on, t in put(.batterySaver(on: on), .zero + t) }
        for t in spec.tokenRotations { put(.tokenRotation, .zero + t) }
        periods(spec.uninstalled) { .installed(!$0) }
        // The other devices (1, 2, …): offline periods, token rotations, uninstall periods, launches.
        for (i, other) in setup.recipient.otherDevices.enumerated() {
            let device = Int8(i + 1)
            func at(_ t: SimDuration, _ change: OtherDeviceChange) { put(.otherDevice(device: device, change: change), .zero + t) }
            for p in other.offline { at(p.from, .offline); at(p.to, .online) }
            for t in other.tokenRotations { at(t, .tokenRotation) }
            for p in other.uninstalled { at(p.from, .uninstalled); at(p.to, .reinstalled) }
            for t in other.launches { at(t, .launch) }
        }
        // The buffers are taken from the scratch for the drawing and given back after it.
        var changes = scratch.timeline { recycled(&$0.changes) }
        defer { scratch.timeline { $0.changes = changes } }
        setup.server.drawChanges(until: horizon, streams: changeStreams, into: &changes)
        for c in changes { put(.serverChange(key: c.key, schedule: Int32(c.schedule)), c.time) }
        var sessions = scratch.timeline { recycled(&$0.sessions) }
        defer { scratch.timeline { $0.sessions = sessions } }
        spec.app.sessions(until: horizon, random: streams.stream(StreamName.deviceUser), into: &sessions)
        for s in sessions { put(.appOpen(length: s.length), .zero + s.at) }
        for t in spec.app.forceQuit { put(.forceQuit, .zero + t) }
        for t in spec.app.swipeAway { put(.swipeAway, .zero + t) }
        return changes.count
    }
}
