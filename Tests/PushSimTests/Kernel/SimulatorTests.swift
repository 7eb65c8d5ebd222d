import Testing
@testable import SimKernel

/// `Simulator.run`: the one loop hands each event to the model in order, with `now` set to
/// the event's time, and tells the observer before (the model as it was) and after.
@Suite struct SimulatorTests {
    /// A counter whose events add their value and may schedule one more.
    struct Counter: DiscreteEventModel {
        var queue = EventQueue<Int>()
        var total = 0
        var seen: [(time: SimTime, value: Int)] = []
        mutating func handle(_ event: Int) {
            total += event
            seen.append((queue.now, event))
            if event == 1 { _ = queue.schedule(after: .seconds(5), 100) }
        }
    }

    /// Records the model's total before each event and after it.
    struct Recorder: EventObserver {
        var before: [Int] = [], after: [Int] = []
        mutating func willHandle(_ event: Int, in model: Counter) { before.append(model.total) }
        mutating func didHandle(in model: Counter) { after.append(model.total) }
    }

    @Test("events run in time order up to and including the horizon; now is each event's time; one scheduled in a handler runs too")
    func runsInOrderUntilHorizon() {
        var model = Counter()
        _ = model.queue.schedule(at: .zero + .seconds(20), 10)
        _ = model.queue.schedule(at: .zero + .seconds(1), 1)
        _ = model.queue.schedule(at: .zero + .seconds(31), 1000)
        Simulator.run(&model, until: .zero + .seconds(30))
        #expect(model.seen.map(\.value) == [1, 100, 10])
        let seconds: [Int64] = model.seen.map { $0.time.microseconds / 1_000_000 }
        #expect(seconds == [1, 6, 20])
        #expect(model.total == 111, "the event after the horizon stays pending")
        let next: SimTime? = model.queue.nextTime
        #expect(next == SimTime(microseconds: 31_000_000))
    }

    @Test("the observer sees the model before each event is handled and after it")
    func observerBeforeAndAfter() {
        var model = Counter()
        _ = model.queue.schedule(at: .zero + .seconds(2), 3)
        _ = model.queue.schedule(at: .zero + .seconds(4), 1)
        var recorder = Recorder()
        Simulator.run(&model, until: .distantFuture, observer: &recorder)
        // Events 3, then 1 (which schedules 100 at 9 s): totals 0 → 3 → 4 → 104.
        #expect(recorder.before == [0, 3, 4])
        #expect(recorder.after == [3, 4, 104])
    }
}
