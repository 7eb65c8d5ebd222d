/// The trace sink of `pushsim trace`: turns what the world reports into `TraceRecord`s and
/// links each to its cause. Allocates freely; it only runs for a single traced run.
struct RunTracer: TraceSink {
    static var isEnabled: Bool { true }

    private(set) var records: [TraceRecord] = []
    /// Per change schedule: its stage names (nil for a schedule without stages).
    private let stageNames: [[String]?]
    /// The kernel event being handled, and the record later writes and notifications
    /// belong to (the event, or a pull result being applied).
    private var current: Int?
    private var context: Int?
    private var pull: Int?
    private var followUp: Int?
    private var pulls = 0
    private var sends: [Int64: (record: Int, key: Int32)] = [:]
    private var displays: [Int64: Int] = [:]
    private var timers: [Int32: Int] = [:]
    private var stagesSeen: [Int64: Int] = [:]
    private var stageOfValue: [Int64: String] = [:]
    /// The state last recorded (nil before the first `state` record).
    private var lastState: TraceState?

    init(stageNames: [[String]?]) { self.stageNames = stageNames }

    @discardableResult
    private mutating func add(_ kind: TraceKind, _ time: SimTime, entity: Int64?, message: Int64?, cause: Int?,
                              _ details: [TraceDetail]) -> Int {
        let seq = records.count + 1
        records.append(TraceRecord(seq: seq, time: time, kind: kind, entity: entity, message: message, cause: cause, details: details))
        return seq
    }

    mutating func event(_ kind: TraceKind, at time: SimTime, entity: Int32, message: Int64, tag: Int32, details: [TraceDetail]) {
        var details = details
        var cause: Int?
        switch kind {
        case .change:
            if case let .int(schedule)? = details.first(where: { $0.name == "schedule" })?.value,
               let names = stageNames[Int(schedule)], case let .int(value)? = details.first?.value {
                let slot = schedule << 32 | Int64(entity), stage = stagesSeen[slot, default: 0]
                stagesSeen[slot] = stage + 1
                if stage < names.count { details.append(.text("stage", names[stage])); stageOfValue[value] = names[stage] }
            }
        case .deliver, .otherDeliver: cause = sends[message]?.record
        case .tap: cause = displays[message]
        case .serviceExtensionDone: cause = sends[message]?.record
        case .pullComplete: cause = pull
        case .timer: cause = timers[tag]
        case .forceQuit, .swipeAway, .vendorKill, .uninstall, .reinstall: followUp = nil   // the process ends: no follow-up pull
        default: break
        }
        current = add(kind, time, entity: entity < 0 ? nil : Int64(entity), message: message == 0 ? nil : message, cause: cause, details)
        context = current
    }

    /// The trace shows a copy's arrival and the handler as the `deliver` event and what
    /// follows it, so these add no record (traces stay as they were).
    mutating func arrived(push: Int64, device: Int, at time: SimTime) {}
    mutating func handled(push: Int64, at time: SimTime) {}

    mutating func sent(_ push: Push, device: Int, at time: SimTime) {
        var details: [TraceDetail] = [.int("value", push.change.value), .text("type", push.type.rawValue),
                                      .text("priority", push.priority.rawValue), .int("apns_priority", push.apnsPriority)]
        if let lifetime = push.lifetime { details.append(.seconds("lifetime", lifetime)) }
        if push.collapseKey != nil { details.append(.flag("collapsible", true)) }
        if push.size > 0 { details.append(.int("size", push.size)) }
        if device > 0 { details.append(.int("device", device)) }
        let seq = add(.send, time, entity: Int64(push.change.key), message: push.id, cause: current, details)
        sends[push.id] = (seq, push.change.key)
    }

    mutating func pullQueued() { followUp = context }

    mutating func pullStarted(at time: SimTime, full: Bool, network: Bool, latency: SimDuration?) {
        pulls += 1
        let cause = followUp ?? context
        followUp = nil
        let trigger = cause.flatMap { records[$0 - 1].message }
        var details: [TraceDetail] = [.int("pull", pulls), .flag("full", full), .flag("network", network)]
        if let latency { details.append(.seconds("latency", latency)) }
        pull = add(.pull, time, entity: nil, message: trigger, cause: cause, details)
    }

    mutating func pullResult(at time: SimTime, failure: String?, changes: Int, reset: Bool) {
        let details: [TraceDetail] = failure.map { [.text("failure", $0)] } ?? [.int("changes", changes), .flag("reset", reset)]
        context = add(.pullResult, time, entity: nil, message: nil, cause: pull, details)
    }

    mutating func pullApplied() { context = current }

    mutating func wrote(at time: SimTime, key: Int32, old: Int64, new: Int64, payload: Bool) {
        var details: [TraceDetail] = [.int("old", old), .int("new", new)]
        if let stage = stageOfValue[new] { details.append(.text("stage", stage)) }
        details += [.text("from", payload ? "payload" : "pull"), .flag("regression", new != 0 && new < old)]
        add(.write, time, entity: Int64(key), message: nil, cause: context, details)
    }

    mutating func notification(at time: SimTime, key: Int32, value: Int64, push: Int64?, staleness: SimDuration?) {
        var details: [TraceDetail] = [.text("by", push == nil ? "app" : "os"), .int("value", value)]
        if let stage = stageOfValue[value] { details.append(.text("stage", stage)) }
        details.append(.flag("stale", staleness != nil))
        if let staleness { details.append(.seconds("staleness", staleness)) }
        let seq = add(.notification, time, entity: Int64(key), message: push, cause: context, details)
        if let push { displays[push] = seq }
    }

    mutating func ledger(_ note: PushLedger.Note, at time: SimTime) {
        switch note {
        case let .outcome(id, outcome):
            add(.outcome, time, entity: sends[id].map { Int64($0.key) }, message: id, cause: sends[id]?.record, [.text("outcome", outcome.column)])
        case let .delay(id, reason):
            add(.delay, time, entity: sends[id].map { Int64($0.key) }, message: id, cause: sends[id]?.record, [.text("reason", reason.column)])
        }
    }

    mutating func timerSet(tag: Int32) { timers[tag] = context }

    /// A `state` record with what changed since the last one (every field in the first).
    mutating func state(_ s: TraceState, at time: SimTime) {
        guard s != lastState else { return }
        let last = lastState
        lastState = s
        var details: [TraceDetail] = []
        if s.app != last?.app { details.append(.text("app", s.app.rawValue)) }
        if s.online != last?.online { details.append(.flag("online", s.online)) }
        if s.screenOn != last?.screenOn { details.append(.flag("screen_on", s.screenOn)) }
        if let doze = s.doze {
            if doze.deep != last?.doze?.deep { details.append(.text("deep", doze.deep.rawValue)) }
            if doze.light != last?.doze?.light { details.append(.text("light", doze.light.rawValue)) }
        }
        if s.cursor != last?.cursor { details.append(.int("cursor", s.cursor)) }
        add(.state, time, entity: nil, message: nil, cause: last == nil ? nil : current, details)
    }
}
