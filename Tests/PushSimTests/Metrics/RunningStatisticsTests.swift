import CGSL
import Testing
@testable import PushSim

/// The bounded-memory summaries agree with the stored-sample computations they replace.
@Suite struct RunningStatisticsTests {
    private func sample(_ n: Int, state: UInt64) -> [Double] {
        var rng = SplitMix64(state: state)
        return (0..<n).map { _ in Double(rng.below(10_000_000)) / 1_000 + (rng.below(3) == 0 ? 5_000 : 0) }
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

    @Test func quantilesAreExactUpToTheLimit() {
        #expect(RunningQuantiles([0.5]).value(0.5) == nil)
        for n in [1, 2, 5, 99, 1_000, 30_000] {
            // Continuous values (few repeats) and discrete ones (many ties).
            for data in [sample(n, state: 100 + UInt64(n)), sample(n, state: 200 + UInt64(n)).map { ($0 / 1_000).rounded() }] {
                var q = RunningQuantiles([0.5, 0.95], exactLimit: 50_000)
                for x in data { q.add(x) }
                #expect(q.isExact)
                let sorted = data.sorted()
                for p in [0.0, 0.25, 0.5, 0.95, 1.0] where p == 0.5 || p == 0.95 || q.isExact {
                    #expect(q.value(p) == Statistics.quantile(sorted: sorted, p), "n = \(n), p = \(p)")
                }
            }
        }
    }

    @Test func pastTheLimitP2EstimatesWithBoundedMemory() {
        // 20,000 continuous draws with room for 1,000 distinct values: the P² estimates'
        // ranks in the sorted sample are within 1% of 0.5 and 0.95.
        let data = sample(20_000, state: 7)
        var q = RunningQuantiles([0.5, 0.95], exactLimit: 1_000)
        for x in data { q.add(x) }
        #expect(!q.isExact && q.count == 20_000)
        for p in [0.5, 0.95] {
            let estimate = q.value(p)!
            let rank = Double(data.filter { $0 <= estimate }.count) / Double(data.count)
            #expect(abs(rank - p) < 0.01, "p = \(p): rank \(rank)")
        }
        // Copies are independent values.
        var copy = q
        copy.add(1e12)
        #expect(copy.count == q.count + 1 && q.value(0.95)! < 1e12)
    }
}
