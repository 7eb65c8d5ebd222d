/// A discrete-event model the `Simulator` runs: an event list it schedules on, and a
/// handler for each event the simulator hands it. A model never pops its own events.
public protocol DiscreteEventModel {
    /// What the model's events carry.
    associatedtype Event
    /// The model's event list. The model schedules and cancels on it while it handles an
    /// event; only the `Simulator` pops it.
    var queue: EventQueue<Event> { get set }
    /// Runs `event` at `queue.now` (already set to the event's time).
    mutating func handle(_ event: Event)
}

/// The one event loop: pops the earliest event at or before the horizon (setting `now`),
/// hands it to the model, and repeats; on return `now` is the horizon (unless it is
/// `.distantFuture`). What watches a run is the model's own, around its handler.
public enum Simulator {
    /// Runs `model` until no event is left at or before `horizon`.
    /// - Complexity: O((e + c) log n) for e events run and c cancelled entries discarded,
    ///   n the queue's size, plus the cost of the handlers.
    @inlinable
    public static func run<Model: DiscreteEventModel>(_ model: inout Model, until horizon: SimTime) {
        while let event = model.queue.next(until: horizon) { model.handle(event) }
    }

    /// Runs `owner`'s turn: every event of `owner` at the front of the list and at or before
    /// `horizon` (a fleet: the turn's instant), those the handler schedules there included.
    /// - Complexity: O((e + c) log n), as `run(_:until:)`.
    @inlinable
    public static func run<Model: DiscreteEventModel>(_ model: inout Model, turnOf owner: UInt32, until horizon: SimTime) {
        while let event = model.queue.next(until: horizon, owner: owner) { model.handle(event) }
    }
}
