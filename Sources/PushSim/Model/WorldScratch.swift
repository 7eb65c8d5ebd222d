import SimKernel

/// What the worlds of one thread share: the event list, the fleet's shared resources (a
/// fleet's), the strategy handlers' context (`AppContext`, begun anew for every handler,
/// `World.react`) and the buffers a timeline is drawn into (`World.scheduleTimeline`). A
/// fleet's worlds share one, so the fleet has one event list, each recipient's events
/// carrying it as `owner`, and each world holds none of these (1,256 bytes); a lone world
/// has its own, reused over its replications (`World.reset`): a lone run is a fleet of one.
///
/// Invariants:
/// - The parts live in one allocation this scratch owns (`parts`, allocated and
///   initialized in `init`, deinitialized and freed in `deinit`, never handed out), so an
///   access makes no run-time exclusivity check (a class's stored property would make one
///   per access): the rules below stand in for them.
/// - `context` and `timeline`: one access at a time; a body never reaches either of them
///   on the same scratch again (they trap if it does). A world reads what a handler left
///   before anything else can begin the context anew, and nothing they hold outlives the
///   call that uses it.
/// - `queue` may be reached inside them (a handler schedules, a timeline is staged): it
///   is a separate part, and no access to it is held across another access to it.
/// - Not thread-safe: the worlds of one thread (a fleet's run, or one lone world).
final class WorldScratch {
    /// The drawing buffers of `World.scheduleTimeline`.
    struct Timeline {
        var changes: [ServerSpec.TimedChange] = []
        var sessions: [Session] = []
    }

    private struct Parts {
        var queue: EventQueue<WorldEvent>
        var context = AppContext(now: .zero, cursor: 0, online: false)
        var timeline = Timeline()
        var busy = false
        /// Strategy handlers running, one inside another (`handlerStarts`).
        var handlerDepth = 0
        /// The instant and recipient of the latest handler, and how many ran there.
        var handlerInstant = SimTime.zero
        var handlerRecipient = -1
        var handlersAtInstant = 0
    }

    /// Most strategy handlers one inside another (a zero-latency pull that fails at once,
    /// asked for again in `.pullFailed`, nests a handler per failure).
    static let maxNestedHandlers = 200
    /// Most strategy handlers for one recipient at one instant, in a row.
    static let maxHandlersAtInstant = 100_000

    private let parts: UnsafeMutablePointer<Parts>

    /// The fleet's shared resources (`FleetHub`), or nil for a lone world's scratch.
    let hub: FleetHub?

    /// - Parameters:
    ///   - queue: the event list of the worlds that share this scratch.
    ///   - hub: a fleet's shared resources (nil: a lone world's).
    init(queue: EventQueue<WorldEvent> = EventQueue(reservingCapacity: 128), hub: FleetHub? = nil) {
        self.hub = hub
        parts = .allocate(capacity: 1)
        parts.initialize(to: Parts(queue: queue))
    }

    deinit {
        parts.deinitialize(count: 1)
        parts.deallocate()
    }

    /// The event list of the worlds that share this scratch: a lone world's own, or a
    /// fleet's one list (its `owner` the recipient whose turn it is).
    var queue: EventQueue<WorldEvent> {
        @inline(__always) _read { yield parts.pointee.queue }
        @inline(__always) _modify { yield &parts.pointee.queue }
    }

    /// `body` with the handlers' context, changed in place.
    /// - Precondition: no other access to the context or the timeline is under way.
    @inline(__always)
    func context<R>(_ body: (inout AppContext) -> R) -> R {
        enter()
        defer { parts.pointee.busy = false }
        return body(&parts.pointee.context)
    }

    /// Counts a strategy handler of `recipient` about to run at `now`; every call is
    /// followed by `handlerEnds()` when the handler's requests are carried out.
    /// - Returns: nil, or what is wrong when the handler would be the
    ///   `maxNestedHandlers`-th one inside another or the `maxHandlersAtInstant`-th in a row
    ///   for the recipient at that instant: a strategy that never lets time move on (the
    ///   run would overflow the stack or never end).
    @inline(__always)
    func handlerStarts(at now: SimTime, recipient: Int) -> String? {
        parts.pointee.handlerDepth += 1
        if now != parts.pointee.handlerInstant || recipient != parts.pointee.handlerRecipient {
            parts.pointee.handlerInstant = now; parts.pointee.handlerRecipient = recipient; parts.pointee.handlersAtInstant = 0
        }
        parts.pointee.handlersAtInstant += 1
        if parts.pointee.handlerDepth >= Self.maxNestedHandlers { return "\(Self.maxNestedHandlers) handlers one inside another" }
        if parts.pointee.handlersAtInstant >= Self.maxHandlersAtInstant { return "\(Self.maxHandlersAtInstant) handlers in a row" }
        return nil
    }

    /// Forgets the handlers counted so far (a reused world's next replication starts
    /// afresh, whatever ran before it on this thread).
    func resetHandlerCount() {
        parts.pointee.handlerInstant = .zero; parts.pointee.handlerRecipient = -1; parts.pointee.handlersAtInstant = 0
    }

    /// A handler counted by `handlerStarts` is done.
    @inline(__always)
    func handlerEnds() { parts.pointee.handlerDepth -= 1 }

    /// `body` with the timeline's drawing buffers, changed in place.
    /// - Precondition: no other access to the context or the timeline is under way.
    func timeline<R>(_ body: (inout Timeline) -> R) -> R {
        enter()
        defer { parts.pointee.busy = false }
        return body(&parts.pointee.timeline)
    }

    @inline(__always)
    private func enter() {
        precondition(!parts.pointee.busy, "WorldScratch: reached again inside an access")
        parts.pointee.busy = true
    }
}
