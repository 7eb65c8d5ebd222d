import Testing
@testable import PushSim

/// `DrawnDeadline` (A12, F14): a provider decision takes effect at anchor + delay (that
/// instant included), the delay drawn once per anchor; a new anchor draws a new deadline.
@Suite struct DrawnDeadlineTests {
    /// `hasPassed` at `now` through a context like the world's.
    static func passed(_ d: inout DrawnDeadline, at now: Int64, anchor: Int64, delay: DurationDistribution, random: RandomStream) -> Bool {
        var queue = EventQueue<WorldEvent>()
        var ledger = PushLedger()
        return ProviderContext.with(&d, queue: &queue, ledger: &ledger, now: SimTime(microseconds: now), device: DeviceView(),
                                    random: random, order: random, deviceIndex: 0) { d, cx in
            d.hasPassed(since: SimTime(microseconds: anchor), delay: delay, &cx)
        }
    }
    static let tenSeconds = DurationDistribution.constant(.seconds(10))

    @Test("with a 10 s delay from an anchor at 5 s: not passed at 14.999999 s, passed at exactly 15 s")
    func deadlineInstantIncluded() {
        let random = RandomStream(type: .mt19937, seed: 1)
        var d = DrawnDeadline()
        #expect(!Self.passed(&d, at: 14_999_999, anchor: 5_000_000, delay: Self.tenSeconds, random: random))
        #expect(Self.passed(&d, at: 15_000_000, anchor: 5_000_000, delay: Self.tenSeconds, random: random))
    }

    @Test("a later anchor (a new uninstall or reinstall) sets a new deadline: anchor 100 s, 10 s delay, not passed at 105 s")
    func newAnchorNewDeadline() {
        let random = RandomStream(type: .mt19937, seed: 1)
        var d = DrawnDeadline()
        #expect(Self.passed(&d, at: 20_000_000, anchor: 0, delay: Self.tenSeconds, random: random))
        #expect(!Self.passed(&d, at: 105_000_000, anchor: 100_000_000, delay: Self.tenSeconds, random: random))
        #expect(Self.passed(&d, at: 110_000_000, anchor: 100_000_000, delay: Self.tenSeconds, random: random))
    }

    @Test("a constant delay draws nothing from the channel stream")
    func constantDrawsNothing() {
        let random = RandomStream(type: .mt19937, seed: 4), replay = RandomStream(type: .mt19937, seed: 4)
        var d = DrawnDeadline()
        _ = Self.passed(&d, at: 0, anchor: 0, delay: Self.tenSeconds, random: random)
        #expect(random.uniform() == replay.uniform())
    }
}
