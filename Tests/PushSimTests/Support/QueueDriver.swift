import SimKernel

/// A model that is only a queue and a closure, so kernel tests drive an `EventQueue`
/// through the one event loop (`Simulator.run`) instead of a loop of their own.
struct QueueDriver<Payload>: DiscreteEventModel {
    var queue: EventQueue<Payload>
    let body: (inout EventQueue<Payload>, Payload) -> Void
    mutating func handle(_ event: Payload) { body(&queue, event) }
}

extension EventQueue {
    /// Runs the queue with `Simulator.run` until no event is left at or before `horizon`,
    /// handing each payload to `handle` with the queue (which it may schedule and cancel
    /// on). On return `now` is as `Simulator.run` leaves it.
    mutating func run(until horizon: SimTime, _ handle: @escaping (inout EventQueue<Payload>, Payload) -> Void) {
        var driver = QueueDriver(queue: self, body: handle)
        self = EventQueue()
        Simulator.run(&driver, until: horizon)
        self = driver.queue
    }
}
