import CGSL
import Testing
@testable import PushSim

/// The O(1)-memory summaries agree with the stored-sample computations they replace.
@Suite struct RunningStatisticsTests {
    private func sample(_ n: Int, state: UInt64) -> [Double] {
        var rng = SplitMix64(state: state)
        return (0..<n).map { _ in Double(rng.below(10_000_000)) / 1_000 + (Double(rng.below(3)) == 0 ? 5_000 : 0) }
    }

    @Test func momentsMatchTheStoredSample() {
        for n in [0, 1, 2, 3, 10, 1_000, 20_000] {
            let data = sample(n, state: UInt64(n) + 1)
            var m = RunningMoments()
            for x in data { m.add(x) }
            #expect(m.count == n)
            if n >= 1 { #expect(abs(m.mean - Statistics.mean(data)) <= 1e-9 * max(1, abs(Statistics.mean(data)))) }
            if n >= 2 {
                let v = Statistics.variance(data)
                #expect(abs(m.variance! - v) <= 1e-9 * max(1, v))
                let a = m.meanInterval()!, b = Statistics.meanInterval(data)!
                #expect(abs(a.low - b.low) <= 1e-9 * max(1, abs(b.low)) && abs(a.high - b.high) <= 1e-9 * max(1, abs(b.high)))
            } else {
                #expect(m.variance == nil && m.meanInterval() == nil)
            }
        }
    }

    @Test func quantileIsExactUpToFiveValuesAndCloseAfter() {
        var empty = RunningQuantile(0.95)
        #expect(empty.value == nil)
        empty.add(3)
        #expect(empty.value == 3)
        for n in 1...5 {
            let data = sample(n, state: 100 + UInt64(n))
            var q = RunningQuantile(0.95)
            for x in data { q.add(x) }
            #expect(q.value == Statistics.quantile(sorted: data.sorted(), 0.95), "n = \(n)")
        }
        // P² on 20,000 draws: the estimate's rank in the sorted sample is within 1% of 0.95
        // (the exact 95th percentile sits at rank 0.95).
        let data = sample(20_000, state: 7)
        var q = RunningQuantile(0.95)
        for x in data { q.add(x) }
        let rank = Double(data.filter { $0 <= q.value! }.count) / Double(data.count)
        #expect(abs(rank - 0.95) < 0.01, "rank \(rank)")
        // Copies are independent values.
        var copy = q
        copy.add(1e12)
        #expect(copy.count == q.count + 1)
    }
}
