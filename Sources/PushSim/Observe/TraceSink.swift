/// Where a run reports what happens in it, for `pushsim trace`. The world is generic over
/// its sink and calls it only when `Trace.isEnabled` (read once per run into
/// `World.tracing`), so with `NoTrace` (every run of `pushsim run` and `sweep`) each hook
/// costs one load and branch and none of the facts it would report is computed; a traced
/// run executes exactly the same simulation code as an untraced one.
///
/// Calls come in event order: `event` opens each kernel event; the others happen inside it.
protocol TraceSink {
    /// Whether the world reports to this sink at all (a constant per type).
    static var isEnabled: Bool { get }
    /// A kernel event starts (entity −1 and message 0 mean none; see `WorldEvent.traceFields`).
    mutating func event(_ kind: TraceKind, at time: SimTime, entity: Int32, message: Int64, tag: Int32, details: [TraceDetail])
    /// The change being handled sends `push` to `device` (0: the main device, 1, 2, …: the
    /// recipient's other devices).
    mutating func sent(_ push: Push, device: Int, at time: SimTime)
    /// A copy of push `push` reached `device` (0: the main device), online.
    mutating func arrived(push: Int64, device: Int, at time: SimTime)
    /// The app's push handler runs for push `push`.
    mutating func handled(push: Int64, at time: SimTime)
    /// A pull was asked for while one is in flight; one more will follow it.
    mutating func pullQueued()
    /// A pull starts: `network` false when it fails at once for want of one; `latency` the
    /// drawn round trip (nil: none drawn up front, see `Observation.pullStarted`).
    mutating func pullStarted(at time: SimTime, full: Bool, network: Bool, latency: SimDuration?)
    /// A pull's answer: applied (`failure` nil) or failed; the writes that follow are its.
    mutating func pullResult(at time: SimTime, failure: String?, changes: Int, reset: Bool)
    /// The pull's answer has been applied; later records belong to the event again.
    mutating func pullApplied()
    /// The client's value for `key` changed from `old` to `new` (`payload`: as a push's
    /// operation, else from a pull).
    mutating func wrote(at time: SimTime, key: Int32, old: Int64, new: Int64, payload: Bool)
    /// A notification showing `value` for `key` is displayed; `push` for OS-drawn ones,
    /// nil for those the app posts; `staleness` nil when it matches the server.
    mutating func notification(at time: SimTime, key: Int32, value: Int64, push: Int64?, staleness: SimDuration?)
    /// The ledger recorded an outcome or a delay reason for push `id`.
    mutating func ledger(_ note: PushLedger.Note, at time: SimTime)
    /// The handler being run set a strategy timer with `tag`.
    mutating func timerSet(tag: Int32)
    /// The state the run starts in (at time 0, before any event) or an event left behind.
    mutating func state(_ state: TraceState, at time: SimTime)
}

/// What the trace follows of the main device and its app between events: the app's
/// process state, network, screen, Doze (nil without Doze) and the replica's cursor.
struct TraceState: Equatable {
    var app: AppState
    var online: Bool
    var screenOn: Bool
    var doze: (deep: DozeController.DeepState, light: DozeController.LightState)?
    var cursor: Int64

    static func == (a: TraceState, b: TraceState) -> Bool {
        a.app == b.app && a.online == b.online && a.screenOn == b.screenOn && a.doze?.deep == b.doze?.deep
            && a.doze?.light == b.doze?.light && a.cursor == b.cursor
    }
}

/// The sink of every normal run: reports nothing, costs nothing.
struct NoTrace: TraceSink {
    static var isEnabled: Bool { false }
    @inline(__always) mutating func event(_ kind: TraceKind, at time: SimTime, entity: Int32, message: Int64, tag: Int32, details: [TraceDetail]) {}
    @inline(__always) mutating func sent(_ push: Push, device: Int, at time: SimTime) {}
    @inline(__always) mutating func arrived(push: Int64, device: Int, at time: SimTime) {}
    @inline(__always) mutating func handled(push: Int64, at time: SimTime) {}
    @inline(__always) mutating func pullQueued() {}
    @inline(__always) mutating func pullStarted(at time: SimTime, full: Bool, network: Bool, latency: SimDuration?) {}
    @inline(__always) mutating func pullResult(at time: SimTime, failure: String?, changes: Int, reset: Bool) {}
    @inline(__always) mutating func pullApplied() {}
    @inline(__always) mutating func wrote(at time: SimTime, key: Int32, old: Int64, new: Int64, payload: Bool) {}
    @inline(__always) mutating func notification(at time: SimTime, key: Int32, value: Int64, push: Int64?, staleness: SimDuration?) {}
    @inline(__always) mutating func ledger(_ note: PushLedger.Note, at time: SimTime) {}
    @inline(__always) mutating func timerSet(tag: Int32) {}
    @inline(__always) mutating func state(_ state: TraceState, at time: SimTime) {}
}
