import Testing
@testable import PushSim

private func close(_ a: (low: Double, high: Double), _ b: (Double, Double), _ tolerance: Double = 1e-4) -> Bool {
    abs(a.low - b.0) <= tolerance && abs(a.high - b.1) <= tolerance
}

@Suite("Statistics")
struct StatisticsTests {
    @Test("Wilson intervals match published values")
    func wilsonKnownValues() {
        let a = Statistics.wilsonInterval(successes: 8, trials: 10)
        #expect(close(a, (0.4902, 0.9433)), "\(a)")
        let b = Statistics.wilsonInterval(successes: 0, trials: 10)
        #expect(close(b, (0, 0.2775)), "\(b)")
        #expect(b.low == 0)
        let c = Statistics.wilsonInterval(successes: 1000, trials: 1000)
        #expect(close(c, (0.99617, 1.0)), "\(c)")
        #expect(c.high == 1)
        let d = Statistics.wilsonInterval(successes: 50, trials: 100)
        #expect(close(d, (0.40383, 0.59617)), "\(d)")
        let e = Statistics.wilsonInterval(successes: 8, trials: 10, confidence: 0.99)
        #expect(close(e, (0.40082, 0.95987)), "\(e)")
    }

    @Test("Wilson interval edge cases and ordering")
    func wilsonShape() {
        let none = Statistics.wilsonInterval(successes: 0, trials: 0)
        #expect(none.low == 0 && none.high == 1)
        for trials in [1, 7, 100] {
            for successes in 0...trials {
                let i95 = Statistics.wilsonInterval(successes: successes, trials: trials)
                let i99 = Statistics.wilsonInterval(successes: successes, trials: trials, confidence: 0.99)
                let p = Double(successes) / Double(trials)
                #expect(0 <= i95.low && i95.low <= p && p <= i95.high && i95.high <= 1)
                #expect(i99.low <= i95.low && i95.high <= i99.high)
            }
        }
    }

    @Test("quantiles interpolate sorted data")
    func quantiles() {
        let data: [Double] = [1, 2, 3, 4]
        #expect(Statistics.quantile(sorted: data, 0) == 1)
        #expect(Statistics.quantile(sorted: data, 1) == 4)
        #expect(Statistics.quantile(sorted: data, 0.5) == 2.5)
        #expect(Statistics.quantile(sorted: data, 0.25) == 1.75)
        #expect(Statistics.quantile(sorted: [7], 0.9) == 7)
        #expect(Statistics.quantile(sorted: [], 0.5) == nil)
    }

    @Test("mean and sample variance")
    func meanVariance() {
        let data: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
        #expect(Statistics.mean(data) == 5)
        #expect(abs(Statistics.variance(data) - 32.0 / 7.0) < 1e-12)
        #expect(Statistics.mean([]).isNaN)
        #expect(Statistics.variance([1]).isNaN)
    }

    @Test("normal quantiles")
    func normalQuantile() {
        #expect(abs(Statistics.normalQuantile(0.975) - 1.959963984540054) < 1e-12)
        #expect(abs(Statistics.normalQuantile(0.001) + 3.090232306167813) < 1e-12)
        #expect(Statistics.normalQuantile(0.5) == 0)
        #expect(Statistics.normalQuantile(1) == .infinity)
    }
}
