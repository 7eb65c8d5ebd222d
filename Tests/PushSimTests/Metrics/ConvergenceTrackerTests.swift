import Testing
@testable import PushSim

/// Two whole state arrays compared after every write (brute force).
private struct Reference {
    var server: [Int64]
    var client: [Int64]
    var matchingSince: SimTime? = .zero

    init(keys: Int) {
        server = Array(repeating: 0, count: keys)
        client = server
    }

    var mismatches: Int { zip(server, client).filter { $0 != $1 }.count }

    /// Applies a write and updates `matchingSince`: set on a transition to equal, nil while
    /// unequal, unchanged while equal.
    mutating func write(serverSide: Bool, key: Int, value: Int64, now: SimTime) {
        let wasEqual = server == client
        if serverSide { server[key] = value } else { client[key] = value }
        let isEqual = server == client
        if !isEqual { matchingSince = nil } else if !wasEqual { matchingSince = now }
    }
}

@Suite("ConvergenceTracker")
struct ConvergenceTrackerTests {
    @Test("starts equal since time zero")
    func initial() {
        let t = ConvergenceTracker()
        #expect(t.mismatches == 0)
        #expect(t.matchingSince == .zero)
    }

    @Test("a hand-written sequence: diverge, partly repair, converge, no-op write")
    func handWritten() {
        var t = ConvergenceTracker()
        // server key 0: 0 → 1 at 1 s (client 0)
        t.update(old: 0, new: 1, other: 0, now: .zero + .seconds(1))
        #expect(t.mismatches == 1 && t.matchingSince == nil)
        // server key 1: 0 → 2 at 2 s
        t.update(old: 0, new: 2, other: 0, now: .zero + .seconds(2))
        #expect(t.mismatches == 2 && t.matchingSince == nil)
        // client key 0: 0 → 1 at 3 s
        t.update(old: 0, new: 1, other: 1, now: .zero + .seconds(3))
        #expect(t.mismatches == 1 && t.matchingSince == nil)
        // client key 1: 0 → 2 at 4 s: equal again
        t.update(old: 0, new: 2, other: 2, now: .zero + .seconds(4))
        #expect(t.mismatches == 0 && t.matchingSince == .zero + .seconds(4))
        // client rewrites key 1 with the same value at 5 s: nothing changes
        t.update(old: 2, new: 2, other: 2, now: .zero + .seconds(5))
        #expect(t.mismatches == 0 && t.matchingSince == .zero + .seconds(4))
    }

    @Test("random writes on both sides agree with whole-array comparison after every write", arguments: 0..<4)
    func randomised(block: Int) {
        var transitionsToEqual = 0, transitionsToUnequal = 0
        for seed in UInt64(block * 250)..<UInt64(block * 250 + 250) {
            var rng = SplitMix64(state: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
            let keys = 1 + rng.below(5)
            let values = 1 + rng.below(4)  // few values, so writes often restore equality
            var reference = Reference(keys: keys)
            var tracker = ConvergenceTracker()
            var now = SimTime.zero
            var mismatch: String?
            for step in 0..<(20 + rng.below(80)) {
                now = now + .microseconds(Int64(rng.below(3)))  // equal times happen too
                let serverSide = rng.below(2) == 0
                let key = rng.below(keys)
                let value = Int64(rng.below(values))
                let old = serverSide ? reference.server[key] : reference.client[key]
                let other = serverSide ? reference.client[key] : reference.server[key]
                let before = reference.server == reference.client
                reference.write(serverSide: serverSide, key: key, value: value, now: now)
                tracker.update(old: old, new: value, other: other, now: now)
                let after = reference.server == reference.client
                if !before && after { transitionsToEqual += 1 }
                if before && !after { transitionsToUnequal += 1 }
                if tracker.mismatches != reference.mismatches || tracker.matchingSince != reference.matchingSince {
                    mismatch = "step \(step): mismatches \(tracker.mismatches) vs \(reference.mismatches), "
                        + "matchingSince \(String(describing: tracker.matchingSince)) vs \(String(describing: reference.matchingSince))"
                    break
                }
            }
            #expect(mismatch == nil, "seed \(seed): \(mismatch ?? "")")
        }
        #expect(transitionsToEqual > 100 && transitionsToUnequal > 100)
    }
}
