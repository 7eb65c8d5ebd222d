/// What a world needs only while one of its calls runs, kept apart from the world so that
/// the worlds of one thread share it: the strategy handlers' context (`AppContext`, begun
/// anew for every handler, `World.react`) and the buffers a timeline is drawn into
/// (`World.scheduleTimeline`). A fleet's worlds share one, so each recipient's world is
/// 96 bytes smaller (1,392) and its handlers reuse the one context's list storage; a lone
/// world has its own, reused over its replications (`World.reset`).
///
/// Invariants:
/// - The parts live in the header of one `ManagedBuffer` (no elements) and are reached
///   through a pointer to it, so an access makes no run-time exclusivity check (a class's
///   stored property would make one per access): the rules below stand in for them.
/// - One access at a time: a body never reaches the same scratch again (`context` and
///   `timeline` trap if it does). A world reads what a handler left before anything else
///   can begin the context anew, and nothing a part holds outlives the call that uses it.
/// - Not thread-safe: the worlds of one thread (a fleet's run, or one lone world).
final class WorldScratch {
    /// The drawing buffers of `World.scheduleTimeline`.
    struct Timeline {
        var changes: [ServerSpec.TimedChange] = []
        var sessions: [Session] = []
    }

    private struct Parts {
        var context = AppContext(now: .zero, cursor: 0, online: false)
        var timeline = Timeline()
        var busy = false
    }

    private let storage = ManagedBuffer<Parts, UInt8>.create(minimumCapacity: 0) { _ in Parts() }

    /// `body` with the handlers' context, changed in place.
    /// - Precondition: no other access to this scratch is under way.
    @inline(__always)
    func context<R>(_ body: (inout AppContext) -> R) -> R {
        storage.withUnsafeMutablePointerToHeader { parts in
            enter(parts)
            defer { parts.pointee.busy = false }
            return body(&parts.pointee.context)
        }
    }

    /// `body` with the timeline's drawing buffers, changed in place.
    /// - Precondition: no other access to this scratch is under way.
    func timeline<R>(_ body: (inout Timeline) -> R) -> R {
        storage.withUnsafeMutablePointerToHeader { parts in
            enter(parts)
            defer { parts.pointee.busy = false }
            return body(&parts.pointee.timeline)
        }
    }

    @inline(__always)
    private func enter(_ parts: UnsafeMutablePointer<Parts>) {
        precondition(!parts.pointee.busy, "WorldScratch: reached again inside an access")
        parts.pointee.busy = true
    }
}
