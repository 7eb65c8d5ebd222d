import SimKernel

/// A fleet's shared resources during one fleet run: the server's pull queue, the
/// providers' quotas, the shared sender's pending messages, the fleet's own events, and
/// the timeline. One instance per fleet run, used on one thread; the recipients' worlds
/// reach it through the scratch they share (`WorldScratch.hub`), and what it hands back to
/// a recipient goes into `handback`, which `FleetRun` schedules for that recipient after
/// the current turn.
///
/// Its properties are checked for exclusive access at run time, as every class's are. On
/// the hot path, `FleetRun` reads it once per turn (`handback`), and a recipient's
/// observations reach it only when the timeline counts them (`FleetTimeline.noted`); a
/// recipient reaches it besides for what uses the shared resources (a pull, a quota, a
/// message for the shared sender, a topic message).
final class FleetHub {
    /// The fleet's own events (server completions, sender timers, topic messages, minute ticks).
    enum Event: Sendable {
        case pullDone(slot: Int32)
        case senderTimer(tag: Int32)
        case topic(index: Int32)
        case tick
    }

    let spec: FleetSpec
    /// The fleet's own events; schedule through `schedule(_:at:)`, which tells the outer
    /// schedule (`Handback.scheduled`).
    private(set) var events = EventQueue<Event>(reservingCapacity: 256)

    /// What a turn leaves for `FleetRun` to do when it ends.
    struct Handback {
        /// Events for recipients: (recipient, time, event), in the order made.
        var deliveries: [(recipient: Int32, time: SimTime, event: WorldEvent)] = []
        /// Messages the recipients' servers committed for the shared sender, in the order made.
        var messages: [Push] = []
        /// Set when one of the fleet's own events is scheduled: the fleet's wake-up in the one
        /// event list may have to move.
        var scheduled = false
        /// Nothing to do: read once per turn.
        var isEmpty: Bool { !scheduled && deliveries.isEmpty && messages.isEmpty }
    }
    var handback = Handback()

    /// Schedules one of the fleet's own events at `time` (≥ now).
    func schedule(_ event: Event, at time: SimTime) {
        events.schedule(at: time, event)
        handback.scheduled = true
    }

    /// The next of the fleet's own events at or before `time`, if any (`EventQueue.next(until:)`).
    func next(until time: SimTime) -> Event? { events.next(until: time) }

    /// The time of the fleet's next own event.
    var nextTime: SimTime? { events.nextTime }
    var timeline: FleetTimeline

    // The shared server (`fleet.server`).
    let servesPulls: Bool
    let retryAfter: SimDuration
    private let capacity: Int
    private let queueLimit: Int
    private let service: DurationDistribution
    /// In-service pulls by slot (nil: free), and the free slots.
    private var slots: [PullRequest?]
    private var freeSlots: [Int32]
    /// Waiting pulls, FIFO: `waiting[waitingHead...]`.
    private var waiting: [PullRequest] = []
    private var waitingHead = 0

    struct PullRequest: Sendable {
        var recipient: Int32, process: Int32, failed: Bool, service: SimDuration, arrived: SimTime
    }

    // Quotas (`fleet.quotas`), per calendar minute of simulated time.
    private let fcmProject: FleetQuotas.Limit?
    private let apnsDevice: FleetQuotas.Limit?
    private var projectMinute: Int64 = -1
    private var projectUsed = 0
    /// Per iOS device (recipient · 8 + device): (minute, used).
    private var deviceUse: [Int64: (minute: Int64, used: Int)] = [:]

    // The shared sender and topic.
    let sharesSender: Bool
    let topicShapes: [MessageTemplate.Shape]
    /// The key of each topic message of the run (drawn at its start).
    var topicKeys: [Int32] = []

    init(spec: FleetSpec, horizon: SimTime, topicTemplate: MessageTemplate?) {
        self.spec = spec
        timeline = FleetTimeline(horizon: horizon)
        servesPulls = spec.server != nil
        retryAfter = spec.server?.retryAfter ?? .zero
        capacity = spec.server?.capacity ?? 0
        queueLimit = spec.server?.queueLimit ?? Int.max
        service = spec.server?.service ?? .zero
        slots = Array(repeating: nil, count: capacity)
        freeSlots = (0..<Int32(capacity)).reversed()
        fcmProject = spec.quotas?.fcmProject
        apnsDevice = spec.quotas?.apnsDevice
        sharesSender = spec.sender != nil
        topicShapes = topicTemplate.map { [MessageTemplate.Shape($0)] } ?? []
    }

    func topicShape(_ schedule: Int) -> MessageTemplate.Shape { topicShapes[schedule] }

    // MARK: The server

    /// A pull's service time, drawn on the recipient's stream.
    func serviceTime(_ random: RandomStream) -> SimDuration { service.sample(random) }

    /// A recipient's pull arrives at the server at `now`: served at once if a slot is
    /// free, queued if the queue has room, else refused (503 with Retry-After) at once.
    func submitPull(recipient: Int32, process: Int32, service: SimDuration, failed: Bool, at now: SimTime) {
        let request = PullRequest(recipient: recipient, process: process, failed: failed, service: service, arrived: now)
        if let slot = freeSlots.popLast() {
            start(request, slot: slot, at: now)
        } else if waiting.count - waitingHead < queueLimit {
            waiting.append(request)
            timeline.queueLength(waiting.count - waitingHead, at: now)
        } else {
            timeline.pullRefused(at: now)
            handback.deliveries.append((recipient, now, .fleet(.pullAnswer(failed: false, overloaded: true, process: process))))
        }
    }

    private func start(_ request: PullRequest, slot: Int32, at now: SimTime) {
        slots[Int(slot)] = request
        timeline.pullWaited(now - request.arrived, at: now)
        schedule(.pullDone(slot: slot), at: now + request.service)
    }

    /// The pull in `slot` is answered now; the next waiting pull takes the slot.
    func pullDone(slot: Int32, at now: SimTime) {
        guard let request = slots[Int(slot)] else { preconditionFailure("fleet server: slot \(slot) answered twice") }
        slots[Int(slot)] = nil
        timeline.pullAnswered(latency: now - request.arrived, at: now)
        handback.deliveries.append((request.recipient, now, .fleet(.pullAnswer(failed: request.failed, overloaded: false, process: request.process))))
        if waitingHead < waiting.count {
            let next = waiting[waitingHead]
            waitingHead += 1
            if waitingHead > 4096 && waitingHead * 2 > waiting.count { waiting.removeFirst(waitingHead); waitingHead = 0 }
            timeline.queueLength(waiting.count - waitingHead, at: now)
            start(next, slot: slot, at: now)
        } else {
            freeSlots.append(slot)
        }
    }

    // MARK: Quotas

    /// The provider's quota answer to a send to `device` of `recipient` now, or nil when
    /// the send is within every quota (it then counts against them).
    func quotaRefusal(platform: Platform, recipient: Int32, device: Int, at now: SimTime) -> ProviderAnswer? {
        let minute = now.microseconds / 60_000_000
        switch platform {
        case .android:
            guard let limit = fcmProject else { return nil }
            if minute != projectMinute { projectMinute = minute; projectUsed = 0 }
            guard projectUsed < limit.perMinute else { return .rejected(.quotaExceeded, retryAfter: limit.retryAfter) }
            projectUsed += 1
            return nil
        case .ios:
            guard let limit = apnsDevice else { return nil }
            let key = Int64(recipient) << 3 | Int64(device)
            var use = deviceUse[key] ?? (minute, 0)
            if use.minute != minute { use = (minute, 0) }
            guard use.used < limit.perMinute else { return .rejected(.apnsTooManyRequests, retryAfter: limit.retryAfter) }
            use.used += 1
            deviceUse[key] = use
            return nil
        case .generic:
            return nil
        }
    }
}
