import Testing
@testable import SimKernel

/// `Simulator.run`: the one loop hands each event to the model in order, with `now` set to
/// the event's time.
@Suite struct SimulatorTests {
    /// A counter whose events add their value and may schedule one more.
    struct Counter: DiscreteEventModel {
        var queue = EventQueue<Int>()
        var total = 0
        var seen: [(time: SimTime, value: Int)] = []
        mutating func handle(_ event: Int) {
            total += event
            seen.append((queue.now, event))
            if event == 1 { _ = queue.schedule(at: queue.now + .seconds(5), 100) }
        }
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

    @Test("on return now is the horizon; with .distantFuture it is the last event's time")
    func nowAtReturn() {
        var model = Counter()
        _ = model.queue.schedule(at: .zero + .seconds(2), 3)
        Simulator.run(&model, until: .zero + .seconds(10))
        #expect(model.queue.now == .zero + .seconds(10) && model.total == 3)
        _ = model.queue.schedule(at: .zero + .seconds(12), 1)   // schedules 100 at 17 s
        Simulator.run(&model, until: .distantFuture)
        #expect(model.queue.now == .zero + .seconds(17) && model.total == 104)
    }
}
