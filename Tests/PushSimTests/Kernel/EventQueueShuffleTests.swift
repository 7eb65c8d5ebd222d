import Testing
@testable import SimKernel
@testable import PushSim

/// `EventQueue.shuffleTies(salt:)`: equal times in a pseudo-random order fixed by the salt,
/// everything else as with FIFO ties.
private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

@Suite("EventQueue shuffled ties")
struct EventQueueShuffleTests {
    /// Schedules `count` events (payload = index) at times `time(i)`, drains the queue and
    /// returns the payloads in the order they ran, with their times.
    private func drain(salt: UInt64, count: Int, time: (Int) -> Int64) -> [(time: Int64, payload: Int)] {
        var q = EventQueue<Int>()
        q.shuffleTies(salt: salt)
        for i in 0..<count { q.schedule(at: .zero + .microseconds(time(i)), i) }
        var out: [(time: Int64, payload: Int)] = []
        while let p = q.next(until: .distantFuture) { out.append((q.now.microseconds, p)) }
        q.checkInvariants()
        return out
    }

    @Test("salt 0 is FIFO; a salt permutes equal times, reproducibly, and never reorders different times")
    func permutesOnlyTies() {
        let fifo = drain(salt: 0, count: 50) { _ in 7 }
        #expect(fifo.map(\.payload) == Array(0..<50))
        let a = drain(salt: 12_345, count: 50) { _ in 7 }
        let b = drain(salt: 12_345, count: 50) { _ in 7 }
        let c = drain(salt: 99, count: 50) { _ in 7 }
        #expect(a.map(\.payload) == b.map(\.payload), "same salt, same order")
        #expect(a.map(\.payload).sorted() == Array(0..<50), "every event runs once")
        #expect(a.map(\.payload) != fifo.map(\.payload) && a.map(\.payload) != c.map(\.payload))
        // Ten times, five events each: times stay non-decreasing.
        let mixed = drain(salt: 4_242, count: 50) { Int64(($0 * 7919) % 10) }
        #expect(zip(mixed, mixed.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(mixed.map(\.payload).sorted() == Array(0..<50))
    }

    @Test("the order of two tied events is a fair coin over salts (binomial bounds)")
    func fairCoin() {
        let budget = StatisticalChecks.Budget("fairCoin")
        defer { #expect(budget.done) }
        var firstWins = 0
        let salts = 4_000
        for s in 1...salts where drain(salt: UInt64(s) &* 0x9E37_79B9_7F4A_7C15, count: 2, time: { _ in 0 }).first!.payload == 0 {
            firstWins += 1
        }
        let ci = Statistics.wilsonInterval(successes: firstWins, trials: salts, confidence: 1 - budget.alpha())
        #expect(ci.low <= 0.5 && 0.5 <= ci.high, "\(firstWins) of \(salts)")
    }

    @Test("shuffled ties never reorder different ranks; within a rank the order is shuffled")
    func ranksSurviveShuffling() {
        var reordered = 0
        for salt in UInt64(1)...200 {
            var q = EventQueue<Int>()
            q.shuffleTies(salt: salt &* 0x2545_F491_4F6C_DD1D)
            var rng = SplitMix64(state: salt)
            var rankOf: [Int: UInt32] = [:]
            for i in 0..<60 {   // three times, ranks 0...3
                let rank = UInt32(rng.below(4))
                rankOf[i] = rank
                q.schedule(at: sec(Int64(rng.below(3))), tier: type(of: q).lastTier, rank: rank, i)
            }
            var popped: [(time: Int64, rank: UInt32, payload: Int)] = []
            while let p = q.next(until: .distantFuture) { popped.append((q.now.microseconds, rankOf[p]!, p)) }
            q.checkInvariants()
            #expect(popped.map(\.payload).sorted() == Array(0..<60))
            #expect(zip(popped, popped.dropFirst()).allSatisfy { ($0.time, $0.rank) <= ($1.time, $1.rank) },
                    "salt \(salt): (time, rank) must never decrease")
            if zip(popped, popped.dropFirst()).contains(where: { ($0.time, $0.rank) == ($1.time, $1.rank) && $0.payload > $1.payload }) {
                reordered += 1
            }
        }
        #expect(reordered > 150, "within equal (time, rank) the order is shuffled in most runs: \(reordered) of 200")
    }

    @Test("cancellation, events scheduled now and invariants work with shuffled ties")
    func cancelAndScheduleNow() {
        var q = EventQueue<Int>()
        q.shuffleTies(salt: 77)
        var ids: [EventID] = []
        for i in 0..<20 { ids.append(q.schedule(at: .zero + .seconds(1), i)) }
        for i in stride(from: 0, to: 20, by: 3) { let ok = q.cancel(ids[i]); #expect(ok) }
        let again = q.cancel(ids[0])
        #expect(!again, "already cancelled")
        q.checkInvariants()
        var seen: [Int] = []
        var added = false
        while let p = q.next(until: .distantFuture) {
            seen.append(p)
            if !added { added = true; q.schedule(at: q.now, 100) }   // "now": runs at the same time, after this one
            q.checkInvariants()
        }
        #expect(Set(seen) == Set((0..<20).filter { $0 % 3 != 0 } + [100]) && seen.count == 14)
        #expect(q.now == .zero + .seconds(1))
        let ran = q.cancel(ids[1])
        #expect(!ran, "already ran")
    }
}
