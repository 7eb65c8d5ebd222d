import SimKernel

/// The scenario's timeline, scheduled at t = 0 (`Timeline.draw`). The queue stages it
/// (sorted once, popped in O(1), see `EventQueue.beginStaging()`); the order events run in
/// is the one they would have in the heap. In a fleet whose later windows are held
/// (`EventQueue.hold(from:)`), an event of a held window only reserves its place
/// (`EventQueue.reserve()`): the fleet draws it again when the run reaches its window.
extension World {
    mutating func scheduleTimeline(streams: RandomStreams) {
        queue.beginStaging()
        defer { queue.endStaging() }
        // A reused world keeps its change streams (the same objects, restarted); a fleet's
        // world draws its timeline once and keeps nothing.
        let lookedUp = changeStreams.isEmpty ? setup.server.changeStreams(in: streams) : changeStreams
        if prototypes != nil { changeStreams = lookedUp }
        let changes = Timeline.draw(setup, streams: streams, changeStreams: lookedUp, scratch: scratch) { event, time in
            if queue.isHeld(time) { queue.reserve() } else { queue.schedule(event, at: time) }
        }
        if setup.device.restart.every != .zero { restartStream = streams.stream(StreamName.deviceRestarts) }
        // The day's arrays get their room once, for one push per change.
        server.reserveLog(changes: changes)
        ledger.reserveCapacity(changes)
        messages.reserveCapacity(changes)
        observer.experience.reserve(changes: changes)
    }
}
