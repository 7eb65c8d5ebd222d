/// The observers of one run, fed the model's observations and its events: the device,
/// app and sender counts, the convergence tracker, the user-view tracker, the event
/// fingerprint and the trace (called only when enabled).
///
/// - Complexity: O(1) amortized per observation and per event.
///
/// The fields are declared so that `tracing` fills `lateness`'s padding.
struct RunObserver {
    var counts = Counts()
    var experience: ExperienceTracker
    /// Each (message, device) pair's first request, arrival and display.
    var latencies = MessageLatencyTracker()
    var fingerprint = RunFingerprint()
    /// The trace sink (`NoTrace` when not tracing). Called only when `tracing`.
    var trace: any TraceSink {
        get { traceBox?.sink ?? NoTrace() }
        _modify { yield &traceBox!.sink }
    }
    /// The sink, boxed, unless it is `NoTrace` (nil then): one pointer in every world,
    /// where the existential would take 40 bytes.
    private let traceBox: TraceBox?
    /// When the last server change was committed.
    var lastChangeTime = SimTime.zero
    var lateness = DeferralLateness()
    /// `isEnabled` of the trace sink, read once: each trace hook costs a load and a branch.
    let tracing: Bool
    var convergence = ConvergenceTracker()

    init(keys: Int, foreground: Bool, trace: any TraceSink) {
        experience = ExperienceTracker(keys: keys, foreground: foreground)
        tracing = type(of: trace).isEnabled
        traceBox = trace is NoTrace ? nil : TraceBox(trace)
    }

    /// The state `init` gives for the same keys and trace sink, keeping the trackers'
    /// storage (for a reused world; the sink itself is not reset, so only untraced worlds
    /// are reused).
    mutating func reset(foreground: Bool) {
        counts = Counts()
        lateness = DeferralLateness()
        convergence = ConvergenceTracker()
        experience.reset(foreground: foreground)
        latencies.reset()
        fingerprint = RunFingerprint()
        lastChangeTime = .zero
    }

    /// A kernel event with fields `f` (`WorldEvent.traceFields`) starts at `now`: counted,
    /// fingerprinted, traced (with `details`, computed only when tracing: nil otherwise, so
    /// an untraced event touches no array).
    @inline(__always)
    mutating func eventStarts(_ f: (kind: TraceKind, entity: Int32, message: Int64, tag: Int32), at now: SimTime, details: [TraceDetail]?) {
        counts[.events] += 1
        fingerprint.add(time: now, kind: f.kind.rawValue, entity: f.entity, message: f.message, tag: f.tag)
        if tracing { trace.event(f.kind, at: now, entity: f.entity, message: f.message, tag: f.tag, details: details ?? []) }
    }

    /// The event that started last has been handled; the app is in the foreground or not.
    @inline(__always)
    mutating func eventEnded(at now: SimTime, foreground: Bool) {
        experience.observe(at: now, foreground: foreground, stale: convergence.mismatches > 0)
    }

    /// The state the run starts in, or an event left behind (traces only).
    mutating func state(_ s: TraceState, at now: SimTime) { trace.state(s, at: now) }

    /// The push ledger recorded an outcome or delay reason (traces only).
    mutating func ledger(_ note: PushLedger.Note, at now: SimTime) { trace.ledger(note, at: now) }

    /// One fact, at `now`. Inlined: at each call site only the case emitted there is left.
    @inline(__always)
    mutating func record(_ o: Observation, at now: SimTime) {
        switch o {
        case let .changeCommitted(key, sequence, old, new, client, notify):
            convergence.update(old: old, new: new, other: client, now: now)
            experience.serverChanged(key: key, sequence: sequence, previous: old, at: now, notify: notify)
            lastChangeTime = now
        case let .sent(push, device):
            counts[.bytesPushed] += Int(push.size)
            latencies.sent(message: push.notification, device: device, at: now)
            if tracing { trace.sent(push, device: device, at: now) }
        case .staleTokenSend: counts[.staleTokenSends] += 1
        case let .accepted(duplicate, inQuietHours):
            if duplicate { counts[.duplicatesSent] += 1 }
            if inQuietHours { counts[.quietHoursAccepted] += 1 }
        case let .copyArrived(bytes, screenOn):
            counts[.copiesArrived] += 1
            counts[.bytesArrived] += bytes
            if !screenOn { counts[.deviceWakeups] += 1 }
        case let .messageReached(message, device): latencies.reached(message: message, device: device, at: now)
        case let .deletedSignalArrived(screenOn): if !screenOn { counts[.deviceWakeups] += 1 }
        case .deletedSignalReceived: counts[.deletedSignals] += 1
        case let .duplicateArrived(suppressed):
            if suppressed { counts[.duplicatesSuppressed] += 1 } else { counts[.duplicatesDisplayed] += 1 }
        case .handlerRan: counts[.handlerRuns] += 1
        case .serviceExtensionFetch: counts[.serverRequests] += 1
        case .payloadApplied: counts[.payloadsApplied] += 1
        case let .displayed(push, message, key, value, serverValue, replaced):
            counts[.notificationsDisplayed] += 1
            latencies.displayed(message: message, at: now)
            let staleness = experience.notificationShown(value: value, serverValue: serverValue, at: now)
            if tracing { trace.notification(at: now, key: key, value: value, push: push, staleness: staleness) }
            if replaced { counts[.notificationsReplaced] += 1 }
        case let .posted(key, value, serverValue):
            counts[.localNotifications] += 1
            let staleness = experience.notificationShown(value: value, serverValue: serverValue, at: now)
            if tracing { trace.notification(at: now, key: key, value: value, push: nil, staleness: staleness) }
        case .tapped: counts[.taps] += 1
        case .appOpened: counts[.appOpens] += 1
        case .pullQueued: if tracing { trace.pullQueued() }
        case let .pullStarted(full, network, latency):
            counts[.pulls] += 1
            if network { counts[.serverRequests] += 1 }
            if tracing { trace.pullStarted(at: now, full: full, network: network, latency: latency) }
        case let .pullFailed(why):
            counts[.pullFailures] += 1
            if tracing { trace.pullResult(at: now, failure: why.rawValue, changes: 0, reset: false); trace.pullApplied() }
        case .pullDropped: counts[.pullFailures] += 1
        case let .pullAnswered(changes, reset, bytes):
            if reset { counts[.resets] += 1 }
            counts[.bytesPulled] += bytes
            if tracing { trace.pullResult(at: now, failure: nil, changes: changes, reset: reset) }
        case .pullApplied: if tracing { trace.pullApplied() }
        case let .wrote(key, old, new, server, payload):
            convergence.update(old: old, new: new, other: server, now: now)
            experience.clientWrote(key: key, old: old, new: new, at: now)
            if tracing, old != new { trace.wrote(at: now, key: key, old: old, new: new, payload: payload) }
        case let .timerSet(tag): if tracing { trace.timerSet(tag: tag) }
        }
    }

    /// Raises the maximum `c` to `value` if it is larger.
    mutating func raise(_ c: Count, to value: Int) { counts[c] = max(counts[c], value) }

    /// A deferred row accepted `lateness` after its wake time.
    mutating func wokenAccepted(lateness: SimDuration) {
        counts[.wokenAccepted] += 1
        self.lateness.add(lateness)
    }
}

/// A traced run's sink, held by reference (`RunObserver.trace`). Copies of a traced world
/// would share it; none is made (traced worlds run once and are not reused).
final class TraceBox {
    var sink: any TraceSink
    init(_ sink: any TraceSink) { self.sink = sink }
}
