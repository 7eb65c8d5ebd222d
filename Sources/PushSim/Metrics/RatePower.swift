import Foundation

/// Power of the two-proportion test (`TwoProportionTest`) against a given change of rate,
/// and what follows from it: the smallest change a comparison could detect, and the
/// significance level needed to detect a given one. Normal approximation, as the test.
///
/// For rates p₁ (baseline, n₁ runs) and p₂ (new, n₂ runs), the pooled two-sided z-test at
/// level α rejects with probability
///
///     power = Φ((|p₁ − p₂| − z·σ₀) / σ₁) + Φ((−|p₁ − p₂| − z·σ₀) / σ₁)
///
/// where z = Φ⁻¹(1 − α/2), σ₀ = √(p̄(1 − p̄)(1/n₁ + 1/n₂)) with p̄ = (n₁p₁ + n₂p₂)/(n₁ + n₂)
/// (the test's own standard error under H₀) and σ₁ = √(p₁(1 − p₁)/n₁ + p₂(1 − p₂)/n₂) (the
/// difference's standard error at the alternative). Φ is `gsl_cdf_ugaussian_P`.
public enum RatePower {
    /// The probability that the test at level `alpha` flags a change from `rate` to
    /// `changed`, in [0, 1]. Both rates in [0, 1], both counts ≥ 1; alpha in (0, 1).
    public static func power(rate p1: Double, changed p2: Double, trials n1: Int, _ n2: Int, alpha: Double) -> Double {
        let a = Double(n1), b = Double(n2)
        let pooled = (a * p1 + b * p2) / (a + b)
        let sigma0 = (pooled * (1 - pooled) * (1 / a + 1 / b)).squareRoot()
        let sigma1 = (p1 * (1 - p1) / a + p2 * (1 - p2) / b).squareRoot()
        let d = abs(p1 - p2)
        let z = Statistics.normalQuantile(1 - alpha / 2)
        guard sigma1 > 0 else { return d > z * sigma0 ? 1 : 0 }   // both rates 0 or 1: the outcome is certain
        return Statistics.upperNormalTail((z * sigma0 - d) / sigma1) + Statistics.upperNormalTail((z * sigma0 + d) / sigma1)
    }

    /// The smallest change of `rate`, up or down (whichever is harder to detect, among the
    /// directions that stay within [0, 1]), that the test at `alpha` flags with probability
    /// at least `power`; nil when no change within [0, 1] reaches that power. Bisection to
    /// 1e-6 (power grows with the change on each side).
    public static func detectableChange(rate: Double, trials n1: Int, _ n2: Int, alpha: Double, power target: Double) -> Double? {
        func smallest(_ direction: Double) -> Double? {
            let room = direction > 0 ? 1 - rate : rate
            guard room > 0, power(rate: rate, changed: rate + direction * room, trials: n1, n2, alpha: alpha) >= target else { return nil }
            var low = 0.0, high = room
            while high - low > 1e-6 {
                let mid = (low + high) / 2
                if power(rate: rate, changed: rate + direction * mid, trials: n1, n2, alpha: alpha) >= target { high = mid } else { low = mid }
            }
            return high
        }
        let found = [smallest(1), smallest(-1)].compactMap { $0 }
        return found.max()
    }

    /// The significance level at which the test flags a change of `change` from `rate`, in
    /// either direction that stays within [0, 1], with probability at least `power`: the
    /// larger of the two directions' levels, found by bisection on log α in [1e-12, 0.5];
    /// 0.5 when even that level falls short.
    public static func alphaToDetect(change: Double, rate: Double, trials n1: Int, _ n2: Int, power target: Double) -> Double {
        var needed = 1e-12
        for changed in [rate + change, rate - change] where changed >= 0 && changed <= 1 {
            guard power(rate: rate, changed: changed, trials: n1, n2, alpha: 0.5) >= target else { return 0.5 }
            var low = log(1e-12), high = log(0.5)
            while high - low > 1e-6 {
                let mid = (low + high) / 2
                if power(rate: rate, changed: changed, trials: n1, n2, alpha: exp(mid)) >= target { high = mid } else { low = mid }
            }
            needed = max(needed, exp(high))
        }
        return needed
    }
}
