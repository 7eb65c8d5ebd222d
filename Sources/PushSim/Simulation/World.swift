/// One replication: server, sender, channel, device, app and client wired to one event
/// queue. Split by concern: `World+Device` (connectivity, screen, Doze, tokens),
/// `World+Delivery` (what the device does with an arriving push), `World+App` (app
/// lifecycle, strategy handlers, pulls), `World+Sender` (the sender policy's host),
/// `World+OtherDevices` (the recipient's other devices).
///
/// Not generic: the plug-ins (channels, strategy, sender policy) and the trace sink are
/// existentials, called through their protocols, so the world's own code is compiled once,
/// concretely, whatever plug-ins a package registers. The trace sink is called only when
/// it is enabled (`tracing`, read once): `NoTrace` for normal runs, `RunTracer` for
/// `pushsim trace`, so a traced run is the same code as the run it explains.
struct World: DiscreteEventModel {
    var queue = EventQueue<WorldEvent>(reservingCapacity: 128)
    var server: Server
    /// One channel instance per device of the recipient (0: the main device; provider
    /// storage is per device), each a fresh copy of the variant's channel.
    var providers: [any PushChannel]
    var strategy: any ClientStrategy
    let strategyPrototype: any ClientStrategy
    var ledger = PushLedger()
    /// Counters, trackers, fingerprint and trace: everything that watches the run.
    var observer: RunObserver
    let templates: [MessageTemplate]
    /// Per change schedule: whether its changes are meant to notify (`ChangeSchedule.notify`).
    let notifies: [Bool]
    let spec: DeviceSpec
    let client: ClientSpec
    let userRandom: RandomStream
    let clientRandom: RandomStream
    let streams: RandomStreams

    /// The sender policy (`nil` only while one of its handlers runs: `withSender`).
    var sender: (any SenderPolicy)?
    let recipient: RecipientSpec
    var messages = MessageLedger()
    var senderStream: RandomStream?
    /// The recipient's devices: 0 runs the strategy's app, 1, 2, … are the other devices.
    var devices: [Device]

    // App
    var appState: AppState { didSet { devices[0].appForeground = appState == .foreground } }
    /// App sessions started so far (`AppContext.session`).
    var sessions = 0
    /// Counts app processes: bumped whenever the process ends, so its timers die with it.
    var appProcess: Int32 = 0
    var stopped = false
    var sessionEndsAt = SimTime.zero
    var budget: TokenBucket
    var heldBackground: Push?
    /// Shown notifications: tag → push id (lookups only, never iterated).
    var tray: [Int64: Int64] = [:]
    /// Shown notifications without a tag, by push id.
    var untaggedShown: Set<Int64> = []

    // Client replica and sync
    var clientState: [Int64]
    var clientCursor: Int64 = 0
    /// Keys whose notification the app posts when the next pull's answer is applied.
    var notifyAfterPull: [Int32] = []
    var nextPushID: Int64 = 1
    var pullInFlight = false
    var pullAgain = false
    var fullSyncWanted = false
    var currentPullIsFull = false
    var pullDeadline = SimTime.distantFuture

    /// Builds the world and schedules the scenario's timeline at t = 0, in the documented
    /// order (see `WorldEvent`).
    init(server serverSpec: ServerSpec, device: DeviceSpec, client: ClientSpec, templates: [MessageTemplate], notifies: [Bool],
         channel: any PushChannel, strategy: any ClientStrategy, sender: any SenderPolicy, recipient: RecipientSpec,
         streams: RandomStreams, horizon: SimTime, tieSalt: UInt64 = 0, trace: any TraceSink) {
        server = Server(keyCount: serverSpec.keys, retainLast: serverSpec.retainLast)
        clientState = Array(repeating: 0, count: serverSpec.keys)
        providers = [channel]
        self.strategy = strategy
        strategyPrototype = strategy
        self.templates = templates
        self.notifies = notifies
        observer = RunObserver(keys: serverSpec.keys, foreground: device.app.initialState == .foreground, trace: trace)
        if observer.tracing { ledger.keepJournal() }
        queue.shuffleTies(salt: tieSalt)
        spec = device
        self.client = client
        devices = [Device(main: device, random: streams.stream(StreamName.channel), order: streams.stream(StreamName.channelOrder))]
        userRandom = streams.stream(StreamName.deviceUser)
        clientRandom = streams.stream(StreamName.client)
        self.streams = streams
        self.sender = sender
        self.recipient = recipient
        appState = device.app.initialState
        budget = TokenBucket(capacity: device.backgroundBudget.capacity, refill: device.backgroundBudget.refill)
        if !recipient.otherDevices.isEmpty { addOtherDevices(recipient.otherDevices) }
        scheduleTimeline(server: serverSpec, streams: streams, horizon: horizon)
        rescheduleDoze()
    }

    private mutating func scheduleTimeline(server serverSpec: ServerSpec, streams: RandomStreams, horizon: SimTime) {
        let offline = spec.connectivity?.draw(until: horizon, random: streams.stream(StreamName.deviceConnectivity)) ?? spec.offline
        for p in offline {
            queue.schedule(.connectivity(online: false), at: .zero + p.from)
            queue.schedule(.connectivity(online: true), at: .zero + p.to)
        }
        func periods(_ list: [Period], _ make: (Bool) -> WorldEvent) {
            for p in list { queue.schedule(make(true), at: .zero + p.from); queue.schedule(make(false), at: .zero + p.to) }
        }
        periods(spec.screenOn) { .screen(on: $0) }
        periods(spec.charging) { .charging(on: $0) }
        for t in spec.motion { queue.schedule(.motion, at: .zero + t) }
        periods(spec.lowPowerMode) { .lowPowerMode(on: $0) }
        for t in spec.tokenRotations { queue.schedule(.tokenRotation, at: .zero + t) }
        periods(spec.uninstalled) { .installed(!$0) }
        if devices.count > 1 { scheduleOtherDevices() }
        let changes = serverSpec.drawChanges(until: horizon, streams: streams)
        ledger.reserveCapacity(changes.count)   // one push per change
        messages.reserveCapacity(changes.count)
        observer.experience.reserve(changes: changes.count)
        for c in changes {
            queue.schedule(.serverChange(key: c.key, schedule: Int32(c.schedule)), at: c.time)
        }
        for s in spec.app.sessions(until: horizon, random: userRandom) { queue.schedule(.appOpen(length: s.length), at: .zero + s.at) }
        for t in spec.app.forceQuit { queue.schedule(.forceQuit, at: .zero + t) }
        for t in spec.app.swipeAway { queue.schedule(.swipeAway, at: .zero + t) }
    }

    /// Runs every event up to and including `horizon` (the kernel's loop) and reports the
    /// outcome.
    mutating func run(until horizon: SimTime) -> RunOutcome {
        Simulator.run(&self, until: horizon)
        withSender { policy, cx in policy.finish(&cx) }
        for d in providers.indices { withProvider(d) { channel, cx in channel.finish(&cx) } }
        flushLedgerNotes()
        return outcome(horizon: horizon)
    }

    /// The run's outcome at `horizon`, from the observer's figures and the ledgers.
    private mutating func outcome(horizon: SimTime) -> RunOutcome {
        let tracker = observer.convergence
        let converged = tracker.mismatches == 0
        let time = converged ? max(.zero, (tracker.matchingSince ?? horizon) - observer.lastChangeTime) : nil
        let seen = observer.experience.outcome(horizon: horizon, foreground: appState == .foreground, stale: !converged)
        var outcome = RunOutcome(converged: converged, convergenceTime: time, finalCursor: clientCursor, ledger: ledger,
                                 counters: observer.counters, experience: seen, fingerprint: observer.fingerprint)
        outcome.sender = SenderOutcome(messages: messages, counters: observer.senderCounters)
        return outcome
    }

    /// Runs one event: tells the observer, routes it, tells the observer it is done.
    mutating func handle(_ event: WorldEvent) {
        let details = observer.tracing ? traceDetails(event) : []
        observer.eventStarts(event.traceFields(ledger: ledger), at: queue.now, details: details)
        route(event)
        flushLedgerNotes()
        observer.eventEnded(at: queue.now, foreground: appState == .foreground)
    }

    /// Reports `o` to the observer at the current time.
    @inline(__always)
    mutating func observe(_ o: Observation) {
        if observer.tracing && o.showsLedgerFirst { flushLedgerNotes() }
        observer.record(o, at: queue.now)
    }

    /// Hands the ledger's new outcomes and delay reasons to the observer (traces only).
    mutating func flushLedgerNotes() {
        guard observer.tracing else { return }
        for note in ledger.takeJournal() { observer.ledger(note, at: queue.now) }
    }

    private mutating func route(_ event: WorldEvent) {
        // Doze transitions due now take effect before anything else that happens now.
        if device.doze != nil { let now = queue.now; device.doze!.advance(to: now) }
        switch event {
        case let .serverChange(key, schedule):
            serverChange(key: key, template: templates[Int(schedule)], notify: notifies[Int(schedule)])
        case let .connectivity(isOnline): setOnline(isOnline)
        case let .screen(on): device.explicitScreenOn = on; screenMayHaveChanged()
        case let .charging(on):
            device.charging = on
            let now = queue.now
            device.doze?.setCharging(on, at: now)
            deviceChanged()
        case .motion: let now = queue.now; device.doze?.motion(at: now); deviceChanged()
        case let .lowPowerMode(on): setLowPower(on)
        case .tokenRotation: device.rotateToken(client.registration); deviceChanged()
        case let .installed(yes): setInstalled(yes)
        case let .appOpen(length): openApp(for: length)
        case .appSessionEnd: endSessionIfDue()
        case .forceQuit: forceQuit()
        case .swipeAway: if device.platform.rules.swipeForceQuits { forceQuit() } else { endProcess(); screenMayHaveChanged() }
        case let .deliver(id, copy): deliver(ledger.push(id), copy: copy)
        case .deletedMessages: deletedMessages()
        case let .tap(id): tap(ledger.push(id))
        case let .timer(tag, process):
            if device.installed, process == appProcess, appState != .notRunning { react { s, app in s.onTimer(tag: tag, &app) } }
        case let .pullComplete(failed, process):
            // The answer of a pull whose process has ended is dropped; the new process may
            // have a pull of its own in flight already.
            if process == appProcess { completePull(failed: failed) } else { observe(.pullDropped) }
        case .doze:
            let now = queue.now
            device.dozeEvent = nil
            device.doze?.advance(to: now)
            deviceChanged()
        case let .channelTimer(slot, tag): withProvider(0, timerSlot: slot) { channel, cx in channel.timer(tag: tag, &cx) }
        case let .senderTimer(tag): withSender { policy, cx in policy.onTimer(tag: tag, &cx) }
        case let .otherDevice(device, change): otherDeviceChanged(Int(device), change)
        case let .otherDeliver(id, device): deliverToOther(ledger.push(id), device: Int(device))
        case let .otherChannelTimer(device, slot, tag):
            withProvider(Int(device), timerSlot: slot) { channel, cx in channel.timer(tag: tag, &cx) }
        }
    }

    /// The server commits the change; if its template sends a push, that push is a new
    /// message, handed to the sender policy (which sends it through `SenderContext.send`).
    private mutating func serverChange(key: Int32, template: MessageTemplate, notify: Bool) {
        let old = server.state[Int(key)]
        let change = server.commit(key: key, value: server.head + 1)
        observe(.changeCommitted(key: key, sequence: change.sequence, old: old, new: change.value, client: clientState[Int(key)], notify: notify))
        guard template.send else { return }
        var message = template.push(id: 0, cursor: server.head, change: change, at: queue.now)
        message.notification = messages.open()
        withSender { policy, cx in policy.onMessage(message, &cx) }
    }
}
