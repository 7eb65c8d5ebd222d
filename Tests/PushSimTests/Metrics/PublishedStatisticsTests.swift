import Testing
@testable import PushSim

/// The interval statistics against published values, not against the project's own
/// functions: Student-t quantiles from the t table (NIST/SEMATECH e-Handbook of
/// Statistical Methods, 1.3.6.7.2, "Critical values of the Student's t distribution"),
/// standard normal quantiles (same handbook, 1.3.6.7.1), and Wilson score intervals from
/// Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
/// of seven methods", Statistics in Medicine 17:857–872, Table I, method 3.
@Suite struct PublishedStatisticsTests {
    /// t(p, df) through the interval's half-width: a sample of n = df + 1 with variance n
    /// has s/√n = 1, so mean ± t·s/√n is 0 ± t.
    static func t(confidence: Double, df: Int) -> Double {
        Statistics.meanInterval(count: df + 1, mean: 0, variance: Double(df + 1), confidence: confidence).high
    }

    @Test("95% t interval: t(0.975, df) is the t table's 12.706, 4.303, 2.571, 2.228, 2.042, 1.984 for df = 1, 2, 5, 10, 30, 100 (df = n − 1)",
          arguments: [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (100, 1.984)])
    func tQuantiles95(df: Int, table: Double) {
        #expect(abs(Self.t(confidence: 0.95, df: df) - table) < 0.0005, "df \(df)")
    }

    @Test("99% t interval: t(0.995, df) is the t table's 63.657, 9.925, 3.169, 2.750 for df = 1, 2, 10, 30",
          arguments: [(1, 63.657), (2, 9.925), (10, 3.169), (30, 2.750)])
    func tQuantiles99(df: Int, table: Double) {
        #expect(abs(Self.t(confidence: 0.99, df: df) - table) < 0.0005, "df \(df)")
    }

    /// By hand: mean 3, s² = ((−2)² + (−1)² + 0 + 1² + 2²)/4 = 2.5, s/√n = √0.5 = 0.70711,
    /// df = 4, t(0.975, 4) = 2.776 (table): 3 ± 1.963 = (1.037, 4.963).
    @Test("worked 95% interval of the mean of 1, 2, 3, 4, 5: 3 ± 2.776·√(2.5/5) = (1.037, 4.963), df = 4")
    func workedMeanInterval() {
        let data: [Double] = [1, 2, 3, 4, 5]
        let ci = Statistics.meanInterval(data)!
        #expect(abs(ci.low - 1.037) < 0.001 && abs(ci.high - 4.963) < 0.001, "\(ci)")
        var m = RunningMoments()
        for x in data { m.add(x) }
        let r = m.meanInterval()!
        #expect(abs(m.variance! - 2.5) < 1e-12)
        #expect(abs(r.low - 1.037) < 0.001 && abs(r.high - 4.963) < 0.001, "\(r)")
    }

    /// By hand: mean 20, s² = ((−10)² + 10²)/1 = 200, s/√2 = 10, df = 1, t = 12.706:
    /// 20 ± 127.06.
    @Test("worked 95% interval of two values 10 and 30: 20 ± 12.706·10 = (−107.06, 147.06), df = 1")
    func workedTwoValueInterval() {
        var m = RunningMoments()
        m.add(10); m.add(30)
        let r = m.meanInterval()!
        #expect(abs(r.low + 107.06) < 0.01 && abs(r.high - 147.06) < 0.01, "\(r)")
    }

    @Test("normal quantiles: 1.644854 (0.95), 1.959964 (0.975), 2.326348 (0.99), 2.575829 (0.995)",
          arguments: [(0.95, 1.644854), (0.975, 1.959964), (0.99, 2.326348), (0.995, 2.575829)])
    func normalQuantiles(p: Double, table: Double) {
        #expect(abs(Statistics.normalQuantile(p) - table) < 5e-7)
    }

    @Test("Wilson 95% score intervals of Newcombe 1998 Table I: 81/263, 15/148, 0/20, 1/29",
          arguments: [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
    func newcombeWilson(successes: Int, trials: Int, low: Double, high: Double) {
        let w = Statistics.wilsonInterval(successes: successes, trials: trials)
        #expect(abs(w.low - low) < 0.00006 && abs(w.high - high) < 0.00006, "\(successes)/\(trials): \(w)")
    }

    /// By hand, p̂ = 1/2, n = 2, z² = 3.841459: centre 1/2, half-width
    /// z/(1 + z²/2)·√(1/8 + z²/16) = 0.671055 · 0.604228 = 0.405469.
    @Test("Wilson 95% interval of 1 of 2: 0.5 ± 0.4055 = (0.0945, 0.9055); of 3 of 3: (3/(3 + z²), 1) = (0.4385, 1)")
    func wilsonByHand() {
        let a = Statistics.wilsonInterval(successes: 1, trials: 2)
        #expect(abs(a.low - 0.0945) < 0.00006 && abs(a.high - 0.9055) < 0.00006, "\(a)")
        let b = Statistics.wilsonInterval(successes: 3, trials: 3)
        #expect(abs(b.low - 0.4385) < 0.00006 && b.high == 1, "\(b)")
    }

    /// With equal samples and no change, σ₀ = σ₁, so the test rejects with probability
    /// 2·Q(z) = α exactly: a test at level α has size α.
    @Test("power at no change is the test's level: 0.05, 0.01, 0.001")
    func powerAtNoChangeIsAlpha() {
        for alpha in [0.05, 0.01, 0.001] {
            let p = RatePower.power(rate: 0.3, changed: 0.3, trials: 500, 500, alpha: alpha)
            #expect(abs(p - alpha) < 1e-9, "\(alpha): \(p)")
        }
    }
}
