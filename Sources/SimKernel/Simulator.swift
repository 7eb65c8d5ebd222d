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

/// Told of every event the simulator runs, around the model's handler (fingerprints,
/// traces, samplers). A generic parameter of `Simulator.run`, so `NoEventObserver`
/// compiles away.
public protocol EventObserver {
    associatedtype Model: DiscreteEventModel
    /// `event` is about to run, at `model.queue.now`.
    mutating func willHandle(_ event: Model.Event, in model: Model)
    /// The event that just ran has been handled.
    mutating func didHandle(in model: Model)
}

/// The observer that observes nothing.
public struct NoEventObserver<Model: DiscreteEventModel>: EventObserver {
    /// Never read: it gives the type a size. Swift 6.3.1 hands an empty struct's local to an
    /// `inout` parameter with an undefined address, and `-sanitize=thread` instruments the
    /// `inout` accesses in `run(_:until:observer:)` on that address (`make sanitize`: a SEGV
    /// in `__tsan_external_write`, or a false race).
    var unused: UInt8 = 0
    public init() {}
    @inlinable public mutating func willHandle(_ event: Model.Event, in model: Model) {}
    @inlinable public mutating func didHandle(in model: Model) {}
}

/// The one event loop.
///
/// `run(_:until:observer:)` pops the earliest event at or before the horizon (which sets
/// `now` to its time, see `EventQueue.next(until:)`), tells the observer, hands the event
/// to the model, tells the observer it is done, and repeats; events the handler schedules
/// at or before the horizon run in the same call. On return `now` is the horizon (unless
/// it is `.distantFuture`, when it is the last event's time).
public enum Simulator {
    /// Runs `model` until no event is left at or before `horizon`.
    /// - Complexity: O((e + c) log n) for e events run and c cancelled entries discarded,
    ///   n the queue's size, plus the cost of the handlers.
    @inlinable
    public static func run<Model: DiscreteEventModel, Observer: EventObserver>(_ model: inout Model, until horizon: SimTime,
                                                                               observer: inout Observer) where Observer.Model == Model {
        while let event = model.queue.next(until: horizon) {
            observer.willHandle(event, in: model)
            model.handle(event)
            observer.didHandle(in: model)
        }
    }

    /// Runs `owner`'s turn: every event of `owner` at the front of the list and at or before
    /// `horizon` (`EventQueue.next(until:owner:)`), those the handler schedules for it there
    /// included; it ends where another owner's event or a later one comes first (with
    /// `horizon` the turn's instant, as a fleet runs it). For a
    /// list of many owners (a fleet's recipients, each lent the list for its turn).
    /// - Complexity: O((e + c) log n), as `run(_:until:observer:)`.
    @inlinable
    public static func run<Model: DiscreteEventModel>(_ model: inout Model, turnOf owner: UInt32, until horizon: SimTime) {
        while let event = model.queue.next(until: horizon, owner: owner) { model.handle(event) }
    }

    /// Runs `model` until no event is left at or before `horizon`, observed by nothing.
    @inlinable
    public static func run<Model: DiscreteEventModel>(_ model: inout Model, until horizon: SimTime) {
        var none = NoEventObserver<Model>()
        run(&model, until: horizon, observer: &none)
    }
}
