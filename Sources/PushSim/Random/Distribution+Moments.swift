import CGSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Analytic moments and cumulative distribution functions.
extension Distribution {
    /// The expected value E[X]; `.infinity` when it does not exist (`pareto` with
    /// shape ≤ 1). Weibull uses Γ from the C library (`tgamma`).
    public var mean: Double {
        switch self {
        case .constant(let value): return value
        case .uniform(let a, let b): return (a + b) / 2
        case .uniformInt(let a, let b): return (Double(a) + Double(b)) / 2
        case .exponential(let mean): return mean
        case .lognormal(let mu, let sigma): return exp(mu + sigma * sigma / 2)
        case .gamma(let shape, let scale): return shape * scale
        case .weibull(let scale, let shape): return scale * tgamma(1 + 1 / shape)
        case .pareto(let shape, let scale): return shape > 1 ? shape * scale / (shape - 1) : .infinity
        case .bernoulli(let p): return p
        case .discrete(let t): return zip(t.probabilities, t.values).reduce(0) { $0 + $1.0 * $1.1 }
        case .empirical(let t): return t.mean
        }
    }

    /// The variance E[(X − E[X])²]; `.infinity` when it does not exist (`pareto` with
    /// shape ≤ 2).
    public var variance: Double {
        switch self {
        case .constant: return 0
        case .uniform(let a, let b): return (b - a) * (b - a) / 12
        case .uniformInt(let a, let b):
            let n = Double(b) - Double(a) + 1
            return (n * n - 1) / 12
        case .exponential(let mean): return mean * mean
        case .lognormal(let mu, let sigma): return expm1(sigma * sigma) * exp(2 * mu + sigma * sigma)
        case .gamma(let shape, let scale): return shape * scale * scale
        case .weibull(let scale, let shape):
            let g1 = tgamma(1 + 1 / shape)
            return scale * scale * (tgamma(1 + 2 / shape) - g1 * g1)
        case .pareto(let shape, let scale):
            guard shape > 2 else { return .infinity }
            return shape * scale * scale / ((shape - 1) * (shape - 1) * (shape - 2))
        case .bernoulli(let p): return p * (1 - p)
        case .discrete(let t):
            let m = mean
            return zip(t.probabilities, t.values).reduce(0) { $0 + $1.0 * ($1.1 - m) * ($1.1 - m) }
        case .empirical(let t): return t.variance
        }
    }

    /// P(X ≤ x). Continuous kinds use GSL's lower-tail CDFs (`gsl_cdf_flat_P`,
    /// `gsl_cdf_exponential_P`, `gsl_cdf_lognormal_P`, `gsl_cdf_gamma_P`,
    /// `gsl_cdf_weibull_P`, `gsl_cdf_pareto_P`); `constant`, `uniformInt`, `bernoulli` and
    /// `discrete` are exact step functions (right-continuous). A degenerate `uniform`
    /// (min = max) is the step at min. Result in [0, 1].
    /// `empirical` is `EmpiricalTable.cdf` (a step function, or piecewise linear when interpolated).
    /// - Complexity: O(1), O(K) for `discrete`, O(log n) for `empirical`.
    public func cdf(_ x: Double) -> Double {
        GSL.setUp()
        switch self {
        case .constant(let value):
            return x >= value ? 1 : 0
        case .uniform(let a, let b):
            if a == b { return x >= a ? 1 : 0 }
            return gsl_cdf_flat_P(x, a, b)
        case .uniformInt(let a, let b):
            if x < Double(a) { return 0 }
            if x >= Double(b) { return 1 }
            return (x.rounded(.down) - Double(a) + 1) / (Double(b) - Double(a) + 1)
        case .exponential(let mean):
            return gsl_cdf_exponential_P(x, mean)
        case .lognormal(let mu, let sigma):
            return x <= 0 ? 0 : gsl_cdf_lognormal_P(x, mu, sigma)
        case .gamma(let shape, let scale):
            return x <= 0 ? 0 : gsl_cdf_gamma_P(x, shape, scale)
        case .weibull(let scale, let shape):
            return x <= 0 ? 0 : gsl_cdf_weibull_P(x, scale, shape)
        case .pareto(let shape, let scale):
            return gsl_cdf_pareto_P(x, shape, scale)
        case .bernoulli(let p):
            if x < 0 { return 0 }
            return x < 1 ? 1 - p : 1
        case .discrete(let t):
            // Summing weights in order makes the CDF exactly 1 at and above the largest value.
            let below = zip(t.weights, t.values).reduce(0) { $1.1 <= x ? $0 + $1.0 : $0 }
            return below / t.weights.reduce(0, +)
        case .empirical(let t):
            return t.cdf(x)
        }
    }
}
