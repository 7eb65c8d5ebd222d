import Testing
@testable import SimKernel
@testable import PushSim

private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

@Suite("EventQueue: staged timeline")
struct EventQueueStagingTests {
    @Test("Staged batches mixed with heap events pop in sorted-reference order", arguments: [false, true])
    func stagedSchedulesMatchReference(cancelling: Bool) {
        var (batches, cancelled, pops) = (0, 0, 0)
        for seed in UInt64(0)..<2_000 {
            var q = EventQueue<Int>(reservingCapacity: Int(seed % 3))
            let result = randomScript(seed: seed, cancelling: cancelling, drain: true, ranked: seed % 2 == 1, staging: true, &q)
            #expect(result.mismatch == nil)
            q.checkInvariants()
            (batches, cancelled, pops) = (batches + result.stagedBatches, cancelled + result.cancelledOK, pops + result.log.count)
        }
        #expect(batches > 10_000 && pops > 100_000)
        #expect(cancelling ? cancelled > 10_000 : cancelled == 0)
    }

    @Test("Staging changes no event's turn: the same schedule calls give the same run staged or not")
    func stagingKeepsTheOrder() {
        func run(staged: Bool) -> [Int] {
            var q = EventQueue<Int>()
            if staged { q.beginStaging() }
            // Three runs in time order, as a timeline's classes are scheduled, with ties.
            for i in 0..<40 { q.schedule(at: sec(Int64(i % 7)), tier: UInt8(i % 3), i) }
            for i in 40..<70 { q.schedule(at: sec(Int64(i - 40)), tier: 1, i) }
            for i in 70..<75 { q.schedule(at: sec(3), tier: 0, rank: UInt32(i % 2), i) }
            if staged { q.endStaging() }
            var log: [Int] = []
            q.run(until: .distantFuture) { q, payload in
                log.append(payload)
                if payload < 100, payload % 5 == 0 { q.schedule(at: q.now, tier: 1, 100 + payload) }
            }
            return log
        }
        let plain = run(staged: false)
        #expect(plain.count == 75 + 15)
        #expect(run(staged: true) == plain)
    }

    @Test("Staged with shuffled ties and tiers, the run is the unstaged one under the same salt")
    func stagingUnderShuffledTies() {
        func run(staged: Bool, salt: UInt64) -> [Int] {
            var q = EventQueue<Int>()
            q.shuffleTies(salt: salt)
            if staged { q.beginStaging() }
            for i in 0..<60 { q.schedule(at: sec(Int64(i % 4)), tier: UInt8(i % 5), rank: UInt32(i % 7 == 0 ? 1 : 0), i) }
            if staged { q.endStaging() }
            for i in 60..<70 { q.schedule(at: sec(Int64(i % 3)), tier: UInt8(i % 2), i) }
            var log: [Int] = []
            while let p = q.next(until: .distantFuture) { log.append(p) }
            return log
        }
        for salt: UInt64 in [0, 1, 0xBEEF, 12_345_678] {
            let plain = run(staged: false, salt: salt)
            #expect(plain.count == 70 && run(staged: true, salt: salt) == plain)
        }
        #expect(run(staged: false, salt: 1) != run(staged: false, salt: 0xBEEF))   // the salts do reorder ties
    }

    @Test("A staged event can be cancelled (also while staging); reading the queue while staging traps")
    func stagedCancellationAndMisuse() async {
        var q = EventQueue<String>()
        q.beginStaging()
        let early = q.schedule(at: sec(3), "early-cancelled")
        let a = q.schedule(at: sec(1), "a")
        q.schedule(at: sec(2), "b")
        let cancelledWhileStaging = q.cancel(early)
        #expect(cancelledWhileStaging)
        q.endStaging()
        #expect(q.pendingCount == 2)
        let cancelled = q.cancel(a)
        let nextTime = q.nextTime
        #expect(cancelled && q.pendingCount == 1 && nextTime == sec(2))
        let popped = q.next(until: .distantFuture)
        let cancelledAgain = q.cancel(a)
        #expect(popped == "b" && !cancelledAgain && q.isEmpty)
        q.checkInvariants()
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            q.schedule(at: sec(1), 0)
            _ = q.next(until: sec(5))
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.endStaging()
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            let a = q.schedule(at: sec(5), 0)
            q.schedule(at: sec(1), 1)
            q.cancel(a)
            _ = q.nextTime   // would discard from the unsorted list
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            _ = q.nextKey?.rank
        }
    }

    @Test("The invariant check detects an unsorted staged list")
    func invariantCheckSeesStagedOrder() {
        var q = EventQueue<Int>()
        q.beginStaging()
        for i in 0..<5 { q.schedule(at: sec(Int64(i)), i) }
        q.endStaging()
        #expect(q.firstInvariantViolation() == nil)
        q.lane.swapAt(0, 4)
        #expect(q.firstInvariantViolation()?.hasPrefix("staged order") == true)
    }
}
