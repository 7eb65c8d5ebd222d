/// One replication: the server, the sender policy, a channel per device, the recipient's
/// devices (`Device`), the app (`AppProcess`) and the client's replica (`Replica`), and the
/// observer (`RunObserver`); the kernel's `Simulator` runs it. The world owns the
/// components and routes each event to the one it concerns (`route`); what happens is in
/// `World+Timeline` (t = 0), `World+Device`, `World+Delivery` (an arriving push), `World+App`
/// (sessions, strategy handlers, pulls), `World+Sender` (the policy's context) and
/// `World+OtherDevices`; `World+Observe` reports to the observer.
///
/// Not generic: the plug-ins (channels, strategy, sender policy) and the trace sink are
/// existentials, called through their protocols, so the world's own code is compiled once,
/// concretely, whatever plug-ins a package registers. The trace sink is called only when
/// it is enabled (`tracing`, read once): `NoTrace` for normal runs, `RunTracer` for
/// `pushsim trace`, so a traced run is the same code as the run it explains.
struct World: DiscreteEventModel {
    var server: Server
    /// The main device's channel instance (provider storage is per device): a fresh copy
    /// of the variant's channel.
    var channel: any PushChannel
    /// One more per other device (device d's at d − 1), each a fresh copy too.
    var otherChannels: [any PushChannel] = []
    var strategy: any ClientStrategy
    /// The specs and the plug-ins' prototypes, shared read-only (`WorldSetup`).
    let setup: WorldSetup
    /// The main device and the app as `init` built them, for `reset` (nil: a world that
    /// runs once, as a fleet's).
    let prototypes: WorldPrototypes?
    var ledger = PushLedger()
    /// Counters, trackers, fingerprint and trace: everything that watches the run.
    var observer: RunObserver
    let userRandom: RandomStream
    let clientRandom: RandomStream
    let streams: RandomStreams

    /// The sender policy.
    var sender: any SenderPolicy
    var messages = MessageLedger()
    var senderStream: RandomStream?
    /// The `device.offlineDetection` stream, looked up at the first silent disconnect (A11).
    var detectionStream: RandomStream?
    /// The `device.restarts` stream, looked up at the first restart that draws (I6).
    var restartStream: RandomStream?
    /// The `client.extension` stream, looked up at the first service extension fetch (I7).
    var extensionStream: RandomStream?
    /// The recipient's main device (device 0), which runs the strategy's app: held in the
    /// world's value, not in an array of its own.
    var mainDevice: Device
    /// The recipient's other devices (device d at d − 1; empty for most recipients).
    var otherDevices: [Device] = []
    /// The main device's channel streams, and each other device's (device d's at d − 1).
    let mainStreams: DeviceStreams
    var otherStreams: [DeviceStreams] = []

    /// The app on the main device: state, process, sessions, budget, tray.
    var app: AppProcess { didSet { mainDevice.appForeground = app.state == .foreground } }
    /// The client's replica and its pull machine.
    var replica: Replica
    /// The id the next provider request gets (1, 2, 3, … in the run).
    var nextPushID: Int64 = 1
    /// The event list, the strategy handlers' context and the timeline's drawing buffers:
    /// the world's own, or, in a fleet, shared by every recipient's world (`WorldScratch`).
    /// A copy of a world shares them with the world it was copied from.
    let scratch: WorldScratch
    /// The change schedules' streams (`ServerSpec.changeStreams(in:)`), looked up at a
    /// reused world's first timeline: its streams are the same objects, restarted per
    /// replication (empty in a world that runs once).
    var changeStreams: [RandomStream] = []
    /// Every change of the run, by sequence (index sequence − 1), when `keepsChangeLog`:
    /// what a push's batch carries, whatever the server's log still retains.
    var changeLog: [Change] = []
    /// Per topic message committed for the recipient so far (fleets with a `topic`,
    /// `World+Fleet`): its message id and change.
    var topicMessages: [(message: Int64, change: Change)] = []
    /// The background deadline of the latest `.push` handler that jittered its pull: the
    /// jittered pull keeps it (the app's background time runs from the handler).
    var jitteredPullDeadline = SimTime.distantFuture

    /// Builds the world and schedules the scenario's timeline at t = 0, in the documented
    /// order (see `WorldEvent`).
    /// - Parameter reusable: whether `reset` may be called (it keeps the prototypes); a
    ///   world that is not keeps its pushes packed (`PushLedger.packPushes`).
    init(setup: WorldSetup, streams: RandomStreams, tieSalt: UInt64 = 0, trace: any TraceSink, reusable: Bool = true) {
        self.init(setup: setup, streams: streams, tieSalt: tieSalt, trace: trace, reusable: reusable, scratch: WorldScratch())
    }

    /// The same, with `scratch`'s event list and handlers' context (a fleet's, shared by
    /// its worlds: the timeline is scheduled on the fleet's one list, whose `owner` the
    /// caller has set to the recipient). A world that shares its scratch is not
    /// `reusable`: `reset` empties the scratch's list.
    init(setup: WorldSetup, streams: RandomStreams, tieSalt: UInt64 = 0, trace: any TraceSink, reusable: Bool = true,
         scratch: WorldScratch) {
        self.scratch = scratch
        self.setup = setup
        let device = setup.device
        server = Server(keyCount: setup.server.keys, retainLast: setup.server.retainLast)
        replica = Replica(keys: setup.server.keys)
        channel = setup.channel
        strategy = setup.strategy
        sender = setup.sender
        observer = RunObserver(keys: setup.server.keys, foreground: device.app.initialState == .foreground, trace: trace)
        if observer.tracing { ledger.keepJournal() }
        // A world that runs once is a fleet's, one of up to a million held at once: its
        // pushes are kept packed (a quarter of the memory, some CPU per push).
        if !reusable { ledger.packPushes() }
        scratch.queue.shuffleTies(salt: tieSalt)
        mainDevice = Device(main: device)
        mainStreams = DeviceStreams(random: streams.stream(StreamName.channel), order: streams.stream(StreamName.channelOrder))
        userRandom = streams.stream(StreamName.deviceUser)
        clientRandom = streams.stream(StreamName.client)
        self.streams = streams
        app = AppProcess(device)
        prototypes = reusable ? WorldPrototypes(device: mainDevice, app: app) : nil
        if !setup.recipient.otherDevices.isEmpty { addOtherDevices(setup.recipient.otherDevices) }
        scheduleTimeline(streams: streams)
        rescheduleDoze()
        vendorArmAtStart()
    }

    /// The same, from the parts of a setup.
    init(server serverSpec: ServerSpec, device: DeviceSpec, client: ClientSpec, templates: [MessageTemplate], notifies: [Bool],
         channel: any PushChannel, strategy: any ClientStrategy, sender: any SenderPolicy, recipient: RecipientSpec,
         streams: RandomStreams, horizon: SimTime, tieSalt: UInt64 = 0, trace: any TraceSink) {
        self.init(setup: WorldSetup(server: serverSpec, device: device, client: client, templates: templates, notifies: notifies,
                                    channel: channel, strategy: strategy, sender: sender, recipient: recipient, horizon: horizon),
                  streams: streams, tieSalt: tieSalt, trace: trace)
    }

    /// The setup's parts, read through it.
    var serverSpec: ServerSpec { setup.server }
    var spec: DeviceSpec { _read { yield setup.device } }
    var client: ClientSpec { _read { yield setup.client } }
    var recipient: RecipientSpec { _read { yield setup.recipient } }
    var horizon: SimTime { setup.horizon }
    var shapes: [MessageTemplate.Shape] { setup.shapes }
    var notifies: [Bool] { setup.notifies }
    var strategyPrototype: any ClientStrategy { setup.strategy }
    var channelObservesNotifications: Bool { setup.channelObservesNotifications }
    var keepsChangeLog: Bool { setup.keepsChangeLog }

    /// The event list (`WorldScratch.queue`): the world's own in a lone run, the fleet's
    /// one list in a fleet.
    var queue: EventQueue<WorldEvent> {
        @inline(__always) _read { yield scratch.queue }
        @inline(__always) _modify { yield &scratch.queue }
    }

    /// Makes the world what `init` built for replication `replication` of the same variant
    /// and strategy (streams restarted, every component and plug-in reset, the timeline
    /// scheduled again), keeping every buffer: a worker reuses its worlds, so that runs
    /// allocate nothing in steady state. A reset world runs exactly the events a fresh one
    /// would (the regression references' fingerprints check it).
    /// - Precondition: the world is untraced (a trace sink is not reset).
    mutating func reset(replication: Int, tieSalt: UInt64) {
        precondition(!observer.tracing, "only untraced worlds are reused")
        guard let prototypes else { preconditionFailure("a world built with reusable: false is not reset") }
        precondition(scratch.hub == nil, "a fleet's world is not reset (its list is the fleet's)")
        let setup = self.setup
        streams.restart(replication: replication)
        queue.reset()
        queue.shuffleTies(salt: tieSalt)
        scratch.resetHandlerCount()
        server.reset()
        replica.reset()
        changeLog.removeAll(keepingCapacity: true)
        channel.reset(toPrototype: setup.channel)
        for i in otherChannels.indices { otherChannels[i].reset(toPrototype: setup.channel) }
        strategy.reset(toPrototype: setup.strategy)
        sender.reset(toPrototype: setup.sender)
        ledger.reset()
        messages.reset()
        observer.reset(foreground: setup.device.app.initialState == .foreground)
        mainDevice = prototypes.device
        for i in otherDevices.indices { otherDevices[i] = Device(other: setup.recipient.otherDevices[i]) }
        app.reset(to: prototypes.app)
        nextPushID = 1
        scheduleTimeline(streams: streams)
        rescheduleDoze()
        vendorArmAtStart()
    }

    /// Runs every event up to and including `horizon` (the kernel's loop) and reports the
    /// outcome.
    mutating func run(until horizon: SimTime) -> RunOutcome {
        if observer.tracing { observer.state(traceState(), at: .zero) }
        Simulator.run(&self, until: horizon)
        return finish(at: horizon)
    }

    /// Ends the run at `horizon` (every event up to it has run): the sender policy and
    /// the channels finish, and the outcome is read.
    mutating func finish(at horizon: SimTime) -> RunOutcome {
        withSender { policy, cx in policy.handle(.finish, &cx) }
        for d in 0..<deviceCount { withProvider(d) { channel, cx in channel.handle(.finish, &cx) } }
        flushLedgerNotes()
        return outcome(horizon: horizon)
    }

    /// Runs one event: tells the observer, routes it, tells the observer it is done.
    mutating func handle(_ event: WorldEvent) {
        guard observer.tracing else {
            observer.eventStarts(event.traceFields { ledger.key(of: $0) }, at: queue.now, details: nil)
            route(event)
            observer.eventEnded(at: queue.now, foreground: app.state == .foreground)
            return
        }
        observer.eventStarts(event.traceFields { ledger.key(of: $0) }, at: queue.now, details: traceDetails(event))
        route(event)
        flushLedgerNotes()
        observer.state(traceState(), at: queue.now)
        observer.eventEnded(at: queue.now, foreground: app.state == .foreground)
    }

    private mutating func route(_ event: WorldEvent) {
        // Doze transitions due now take effect before anything else that happens now.
        if mainDevice.hasDoze { let now = queue.now; mainDevice.doze.advance(setup.device.doze, to: now) }
        switch event {
        case let .serverChange(key, schedule):
            serverChange(key: key, schedule: Int(schedule))
        case let .connectivity(isOnline): mainDevice.connectivityOnline = isOnline; setOnline(isOnline && !mainDevice.booting)
        case let .screen(on): mainDevice.explicitScreenOn = on; screenMayHaveChanged()
        case let .charging(on):
            mainDevice.charging = on
            let now = queue.now
            if mainDevice.hasDoze { mainDevice.doze.setCharging(setup.device.doze, on, at: now) }
            batterySaverMayHaveChanged()
            deviceChanged()
        case .motion:
            let now = queue.now
            if mainDevice.hasDoze { mainDevice.doze.motion(setup.device.doze, at: now) }
            deviceChanged()
        case let .lowPowerMode(on): setLowPower(on)
        case let .batterySaver(on): mainDevice.batterySaverRequested = on; batterySaverMayHaveChanged(); deviceChanged()
        case .tokenRotation:
            mainDevice.rotateToken(client.registration, appRunning: app.state != .notRunning, keepsPrevious: keepsPreviousTokens)
            deviceChanged()
            if mainDevice.installed, app.state != .notRunning { react(.tokenChanged) }
        case let .installed(yes): setInstalled(yes)
        case let .appOpen(length): openApp(for: length)
        case .appSessionEnd: endSessionIfDue()
        case .forceQuit: forceQuit()
        case .swipeAway:
            if mainDevice.platform.rules.swipeForceQuits || spec.vendor.swipeAwayStops { forceQuit() } else { endProcess(); screenMayHaveChanged() }
        case .vendorKill: vendorKill()
        case let .deliver(id, copy): deliver(ledger.push(id), copy: copy)
        case .deletedMessages: deletedMessages()
        case let .tap(id): tap(ledger.push(id))
        case let .timer(tag, serial):
            if mainDevice.installed, app.timerLive(tag: tag, serial: serial) { react(.timer(tag: tag)) }
        case let .pullComplete(failed, process):
            // The answer of a pull whose process has ended is dropped; the new process may
            // have a pull of its own in flight already.
            if process == app.generation { completePull(failed: failed) } else { observe(.pullDropped) }
        case .offlineDetected: offlineDetected()
        case let .restart(phase): restart(phase)
        case let .serviceExtensionDone(id, fresh): serviceExtensionDone(ledger.push(id), fresh: fresh)
        case .doze:
            // Its transitions were made above, with every other event's.
            mainDevice.dozeEvent = nil
            deviceChanged()
        case let .channelTimer(slot, tag): withProvider(0, timerSlot: slot) { channel, cx in channel.handle(.timer(tag: tag), &cx) }
        case let .senderTimer(tag): withSender { policy, cx in policy.handle(.timer(tag: tag), &cx) }
        case let .otherDevice(device, change): otherDeviceChanged(Int(device), change)
        case let .otherDeliver(id, device): deliverToOther(ledger.push(id), device: Int(device))
        case let .otherChannelTimer(device, slot, tag):
            withProvider(Int(device), timerSlot: slot) { channel, cx in channel.handle(.timer(tag: tag), &cx) }
        case let .jitteredPull(full, process):
            if process == app.generation, app.state != .notRunning {
                requestPull(full: full, deadline: app.state == .foreground ? .distantFuture : jitteredPullDeadline)
            }
        case let .fleet(delivery): receive(delivery)
        }
    }

    /// The server commits the change; if its template sends a push, that push is a new
    /// message, handed to the sender policy (which sends it through `SenderContext.send`).
    private mutating func serverChange(key: Int32, schedule: Int) {
        let old = server.state[Int(key)]
        let change = server.commit(key: key)
        if keepsChangeLog { changeLog.append(change) }
        observe(.changeCommitted(key: key, sequence: change.sequence, old: old, new: change.value, client: replica.state[Int(key)],
                                 notify: notifies[schedule]))
        // The template's shape (no strings): reading a `MessageTemplate` here was measured
        // to copy it and retain its two strings at each use.
        let shape = shapes[schedule]
        guard shape.send else { return }
        var message = shape.push(id: 0, cursor: server.head, change: change, at: queue.now)
        message.notification = messages.open()
        if let hub = scratch.hub, hub.sharesSender {
            message.recipient = fleetRecipient
            hub.handback.messages.append(message)
            return
        }
        withSender { policy, cx in policy.handle(.message(message), &cx) }
    }
}
