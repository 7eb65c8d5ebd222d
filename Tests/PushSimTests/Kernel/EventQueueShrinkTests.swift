import Testing
@testable import SimKernel

private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

@Suite("EventQueue: shrinkToFit")
struct EventQueueShrinkTests {
    /// The same schedule calls, with `shrinkToFit` after `pops` pops or never: the same run.
    private func run(shrinkAfter pops: Int?, cancel: Bool) -> (log: [Int], laneCapacity: Int, heapCapacity: Int) {
        var q = EventQueue<Int>(reservingCapacity: 128)
        q.beginStaging()
        for i in 0..<45 { q.schedule(at: sec(Int64(i % 9)), tier: UInt8(i % 3), i) }
        q.endStaging()
        let doomed = q.schedule(at: sec(4), tier: 2, 1_000)
        if cancel { q.cancel(doomed) }
        var log: [Int] = [], capacities = (0, 0)
        if pops == 0 { q.shrinkToFit(); q.checkInvariants(); capacities = (q.lane.capacity, q.heap.capacity) }
        while let p = q.next(until: .distantFuture) {
            log.append(p)
            if p % 7 == 0, p < 100 { q.schedule(at: q.now + .seconds(1), tier: 1, 100 + p) }
            if log.count == pops { q.shrinkToFit(); q.checkInvariants(); capacities = (q.lane.capacity, q.heap.capacity) }
        }
        return (log, capacities.0, capacities.1)
    }

    @Test("Shrinking at any point changes no event's turn, and leaves the pending entries' room", arguments: [false, true])
    func shrinkKeepsTheRun(cancel: Bool) {
        let plain = run(shrinkAfter: nil, cancel: cancel).log
        #expect(plain.count == 45 + 7 + (cancel ? 0 : 1))
        for pops in [0, 1, 10, 30, 44, 45, 50] {
            let shrunk = run(shrinkAfter: pops, cancel: cancel)
            #expect(shrunk.log == plain, "shrunk after \(pops) pops")
        }
        // At t = 0 the staged list's doubling slack (45 entries in room for 64 or more) is
        // given back, and so is the heap's reserve of 128.
        let first = run(shrinkAfter: 0, cancel: cancel)
        #expect(first.laneCapacity < 64 && first.laneCapacity >= 45)
        #expect(first.heapCapacity < 128)
    }

    @Test("Shrinking while staging is refused")
    func shrinkWhileStagingTraps() async {
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            q.shrinkToFit()
        }
    }
}
