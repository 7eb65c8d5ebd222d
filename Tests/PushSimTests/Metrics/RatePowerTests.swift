import CGSL
import Foundation
import Testing
@testable import PushSim

/// `RatePower` against the exact power of the two-proportion test, summed over both
/// binomial outcomes (GSL's `gsl_ran_binomial_pdf`): no sampling, so exact bounds.
@Suite struct RatePowerTests {
    /// P(the test at `alpha` flags the change) with X₁ ~ Bin(n, p1), X₂ ~ Bin(n, p2), exactly.
    static func exactPower(_ p1: Double, _ p2: Double, n: Int, alpha: Double) -> Double {
        let pmf1 = (0...n).map { gsl_ran_binomial_pdf(UInt32($0), p1, UInt32(n)) }
        let pmf2 = (0...n).map { gsl_ran_binomial_pdf(UInt32($0), p2, UInt32(n)) }
        var total = 0.0
        for x1 in 0...n where pmf1[x1] > 1e-15 {
            for x2 in 0...n where pmf2[x2] > 1e-15
                && TwoProportionTest.pValue(successes: x1, trials: n, successes: x2, trials: n) < alpha {
                total += pmf1[x1] * pmf2[x2]
            }
        }
        return total
    }

    @Test("the normal-approximation power is within 0.02 of the exact power", arguments: [
        (0.30, 0.36, 1000, 0.001), (0.30, 0.36, 1000, 0.05), (0.90, 0.95, 500, 0.01), (0.50, 0.40, 300, 0.001),
    ])
    func powerMatchesExact(p1: Double, p2: Double, n: Int, alpha: Double) {
        let approx = RatePower.power(rate: p1, changed: p2, trials: n, n, alpha: alpha)
        let exact = Self.exactPower(p1, p2, n: n, alpha: alpha)
        #expect(abs(approx - exact) < 0.02, "approx \(approx), exact \(exact)")
    }

    @Test("0.30 → 0.36 at 1,000 runs: missed at alpha 0.001, flagged at the level --detect 0.06 chooses")
    func theIssuesExample() {
        let p = TwoProportionTest.pValue(successes: 300, trials: 1000, successes: 360, trials: 1000)
        #expect(p > 0.001 && p < 0.01)
        let mdc = RatePower.detectableChange(rate: 0.3, trials: 1000, 1000, alpha: 0.001, power: 0.8)!
        #expect(mdc > 0.06 && mdc < 0.1, "\(mdc)")
        // At exactly that change the exact power is 0.8 within the approximation's error.
        #expect(abs(Self.exactPower(0.3, 0.3 + mdc, n: 1000, alpha: 0.001) - 0.8) < 0.02)
        let level = RatePower.alphaToDetect(change: 0.06, rate: 0.3, trials: 1000, 1000, power: 0.8)
        #expect(level > 0.001 && level < 0.1 && p < level, "\(level)")
        #expect(Self.exactPower(0.3, 0.36, n: 1000, alpha: level) > 0.78)
        #expect(Self.exactPower(0.3, 0.24, n: 1000, alpha: level) > 0.78)
    }

    /// With p₁ = p₂ both standard errors are the same, so the power is 2·Q(z) = α exactly.
    @Test("no change at all is flagged with probability alpha, the test's size (both tails count)", arguments: [0.001, 0.05, 0.2])
    func nullPowerIsAlpha(alpha: Double) {
        for (p, n1, n2) in [(0.3, 1000, 1000), (0.9, 200, 800), (0.5, 10, 40)] {
            let power = RatePower.power(rate: p, changed: p, trials: n1, n2, alpha: alpha)
            #expect(abs(power - alpha) < 1e-9 * alpha, "p \(p), n \(n1)/\(n2): \(power)")
        }
    }

    @Test("edges: no room to move, an undetectable change, more runs detect less")
    func edges() {
        #expect(RatePower.detectableChange(rate: 0.5, trials: 3, 3, alpha: 0.001, power: 0.8) == nil)
        let up = RatePower.detectableChange(rate: 1, trials: 1000, 1000, alpha: 0.001, power: 0.8)!
        #expect(up > 0 && up < 0.05)   // only downwards
        let a = RatePower.detectableChange(rate: 0.3, trials: 1000, 1000, alpha: 0.001, power: 0.8)!
        let b = RatePower.detectableChange(rate: 0.3, trials: 4000, 4000, alpha: 0.001, power: 0.8)!
        #expect(abs(b - a / 2) < 0.005, "four times the runs halve it: \(a) vs \(b)")
        #expect(RatePower.alphaToDetect(change: 0.01, rate: 0.5, trials: 10, 10, power: 0.99) == 0.5)
    }
}
