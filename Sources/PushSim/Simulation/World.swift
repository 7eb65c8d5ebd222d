/// One replication: server, sender, channel, device and client wired to one event queue.
///
/// Generic over the channel and strategy types so the hot path is statically dispatched;
/// `Simulation.run` opens the scenario's existentials once per run.
struct World<Channel: PushChannel, Strategy: ClientStrategy> {
    private var queue = EventQueue<WorldEvent>(reservingCapacity: 128)
    private var server: Server
    private var channel: Channel
    private var strategy: Strategy
    private let channelRandom: RandomStream
    private var online = true
    private var clientState: [Int64]
    private var clientCursor: Int64 = 0
    private var tracker = ConvergenceTracker()
    private var counters = RunCounters()
    private var lastChangeTime = SimTime.zero
    private var nextPushID: Int64 = 1

    /// Builds the world and schedules the scenario's timeline at t = 0, in the documented
    /// order: server changes, connectivity changes, app foreground times.
    init(server spec: ServerSpec, device: DeviceSpec, channel: Channel, strategy: Strategy, streams: RandomStreams) {
        server = Server(keyCount: spec.keys, retainLast: spec.retainLast)
        clientState = Array(repeating: 0, count: spec.keys)
        self.channel = channel
        self.strategy = strategy
        channelRandom = streams.stream(StreamName.channel)
        for change in spec.changes.draw(keys: spec.keys, random: streams.stream(StreamName.server)) {
            queue.schedule(at: change.time, .serverChange(key: change.key))
        }
        for period in device.offline {
            queue.schedule(at: .zero + period.from, .connectivity(online: false))
            queue.schedule(at: .zero + period.to, .connectivity(online: true))
        }
        for t in device.foreground { queue.schedule(at: .zero + t, .appForeground) }
    }

    /// Runs every event up to and including `horizon` and reports the outcome.
    mutating func run(until horizon: SimTime) -> RunOutcome {
        while let event = queue.next(until: horizon) {
            counters.events += 1
            handle(event)
        }
        let converged = tracker.mismatches == 0
        let time = converged ? max(.zero, (tracker.matchingSince ?? horizon) - lastChangeTime) : nil
        return RunOutcome(converged: converged, convergenceTime: time, finalCursor: clientCursor, counters: counters)
    }

    private var channelEnvironment: ChannelEnvironment {
        ChannelEnvironment(now: queue.now, deviceOnline: online, random: channelRandom)
    }

    private mutating func handle(_ event: WorldEvent) {
        switch event {
        case let .serverChange(key):
            let old = server.state[Int(key)]
            let change = server.commit(key: key, value: server.head + 1)
            tracker.update(old: old, new: change.value, other: clientState[Int(key)], now: queue.now)
            lastChangeTime = queue.now
            let push = Push(id: nextPushID, cursor: server.head, change: change, sentAt: queue.now)
            nextPushID += 1
            counters.pushesSent += 1
            channel.send(push, env: channelEnvironment, queue: &queue, counters: &counters)
        case let .connectivity(isOnline):
            guard isOnline != online else { return }
            online = isOnline
            channel.connectivityChanged(env: channelEnvironment, queue: &queue, counters: &counters)
            if isOnline { react { s, app in s.onReconnect(&app) } }
        case .appForeground:
            react { s, app in s.onForeground(&app) }
        case let .deliver(push):
            guard online else { counters.droppedDeviceOffline += 1; return }
            counters.pushesDelivered += 1
            react { s, app in s.onPush(push, &app) }
        case .deletedMessages:
            counters.deletedSignals += 1
            react { s, app in s.onDeletedMessages(&app) }
        case let .timer(tag):
            react { s, app in s.onTimer(tag: tag, &app) }
        }
    }

    /// Calls one strategy handler, then carries out what it asked for.
    private mutating func react(_ handler: (inout Strategy, inout AppContext) -> Void) {
        var app = AppContext(now: queue.now, cursor: clientCursor, online: online)
        handler(&strategy, &app)
        for change in app.appliedPayloads {
            counters.payloadsApplied += 1
            write(key: change.key, value: change.value)
        }
        if app.pullRequested { pull() }
        for timer in app.timers { queue.schedule(after: timer.delay, .timer(tag: timer.tag)) }
    }

    /// An instantaneous, always successful `changes(since:)` round trip.
    private mutating func pull() {
        counters.pulls += 1
        switch server.changes(since: clientCursor) {
        case let .events(changes):
            for change in changes { write(key: change.key, value: change.value) }
            if let last = changes.last { clientCursor = last.sequence }
        case let .reset(snapshot, cursor):
            counters.resets += 1
            for key in snapshot.indices { write(key: Int32(key), value: snapshot[key]) }
            clientCursor = cursor
        }
    }

    private mutating func write(key: Int32, value: Int64) {
        let old = clientState[Int(key)]
        clientState[Int(key)] = value
        tracker.update(old: old, new: value, other: server.state[Int(key)], now: queue.now)
    }
}
