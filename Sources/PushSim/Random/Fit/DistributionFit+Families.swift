import CGSL
import Foundation

/// Each family's maximum-likelihood estimate, standard errors and log-likelihood
/// (closed forms from the densities `Distribution` documents; the shape equations of
/// `gamma` and `weibull` solved by `GSLRoot`, with GSL's digamma and trigamma).
extension DistributionFit {
    /// Euler–Mascheroni constant γ.
    static let euler = 0.577_215_664_901_532_9

    /// mean = x̄; SE x̄/√n.
    static func exponential(_ m: SampleMoments) -> ([Parameter], Distribution, Double)? {
        let mu = m.mean
        guard mu > 0 else { return nil }
        let logL = -m.n * log(mu) - m.n * m.mean / mu
        return ([Parameter(name: "mean", value: mu, standardError: mu / m.n.squareRoot())], .exponential(mean: mu), logL)
    }

    /// mu = mean of ln x, sigma² = mean of (ln x − mu)²; SEs σ/√n and σ/√(2n).
    static func lognormal(_ m: SampleMoments) -> ([Parameter], Distribution, Double)? {
        let mu = m.meanLog
        let sigma = (m.samples.reduce(0) { $0 + (log($1) - mu) * (log($1) - mu) } / m.n).squareRoot()
        guard sigma > 0 else { return nil }
        let logL = -m.n * m.meanLog - m.n * log(sigma) - m.n / 2 * log(2 * Double.pi) - m.n / 2
        return ([Parameter(name: "mu", value: mu, standardError: sigma / m.n.squareRoot()),
                 Parameter(name: "sigma", value: sigma, standardError: sigma / (2 * m.n).squareRoot())],
                .lognormal(mu: mu, sigma: sigma), logL)
    }

    /// shape k solves ln k − ψ(k) = ln x̄ − mean ln x, scale = x̄ / k. Fisher information
    /// n·[[ψ′(k), 1/θ], [1/θ, k/θ²]]: Var k = k / (n(kψ′ − 1)), Var θ = θ²ψ′ / (n(kψ′ − 1)).
    static func gamma(_ m: SampleMoments) -> ([Parameter], Distribution, Double)? {
        let s = log(m.mean) - m.meanLog
        guard s > 0 else { return nil }
        // Minka's closed-form start (within 1.5% of the root).
        let guess = (3 - s + ((s - 3) * (s - 3) + 24 * s).squareRoot()) / (12 * s)
        guard let k = GSLRoot.positive(near: guess, { log($0) - gsl_sf_psi($0) - s }) else { return nil }
        let theta = m.mean / k
        let trigamma = gsl_sf_psi_1(k)
        let det = m.n * (k * trigamma - 1)
        let logL = (k - 1) * m.n * m.meanLog - m.n * m.mean / theta - m.n * (k * log(theta) + gsl_sf_lngamma(k))
        return ([Parameter(name: "shape", value: k, standardError: (k / det).squareRoot()),
                 Parameter(name: "scale", value: theta, standardError: (theta * theta * trigamma / det).squareRoot())],
                .gamma(shape: k, scale: theta), logL)
    }

    /// shape k solves Σxᵏ ln x / Σxᵏ − 1/k = mean ln x (x scaled by its maximum, which k
    /// does not depend on), scale λ = (mean xᵏ)^(1/k). Fisher information
    /// n·[[k²/λ², −(1−γ)/λ], [−(1−γ)/λ, ((1−γ)² + π²/6)/k²]]: Var k = 6k²/(π²n),
    /// Var λ = λ²((1−γ)² + π²/6)/(k²n·π²/6).
    static func weibull(_ m: SampleMoments) -> ([Parameter], Distribution, Double)? {
        let scaled = m.samples.map { $0 / m.maximum }
        let logs = scaled.map { log($0) }
        let meanLogScaled = logs.reduce(0, +) / m.n
        func equation(_ k: Double) -> Double {
            var (sw, swl) = (0.0, 0.0)
            for (x, l) in zip(scaled, logs) { let w = pow(x, k); sw += w; swl += w * l }
            return swl / sw - 1 / k - meanLogScaled
        }
        // Start from the lognormal's spread: k ≈ 1.2825 / sd(ln x).
        let sdLog = (logs.reduce(0) { $0 + ($1 - meanLogScaled) * ($1 - meanLogScaled) } / m.n).squareRoot()
        guard sdLog > 0, let k = GSLRoot.positive(near: 1.2825 / sdLog, equation) else { return nil }
        let lambda = m.maximum * pow(scaled.reduce(0) { $0 + pow($1, k) } / m.n, 1 / k)
        let c = (1 - euler) * (1 - euler) + Double.pi * Double.pi / 6
        let logL = m.n * log(k) - m.n * k * log(lambda) + (k - 1) * m.n * m.meanLog - m.samples.reduce(0) { $0 + pow($1 / lambda, k) }
        return ([Parameter(name: "scale", value: lambda, standardError: (lambda * lambda * c / (k * k * m.n * Double.pi * Double.pi / 6)).squareRoot()),
                 Parameter(name: "shape", value: k, standardError: (6 * k * k / (Double.pi * Double.pi * m.n)).squareRoot())],
                .weibull(scale: lambda, shape: k), logL)
    }

    /// scale = the sample minimum, shape α = n / Σ ln(x / scale); SE α/√n, and the scale's
    /// the standard deviation of the minimum of n draws (Pareto with shape nα):
    /// scale·√(nα) / ((nα − 1)√(nα − 2)) (nα > 2).
    static func pareto(_ m: SampleMoments) -> ([Parameter], Distribution, Double)? {
        let scale = m.minimum
        let sumLog = m.n * (m.meanLog - log(scale))
        guard sumLog > 0 else { return nil }
        let alpha = m.n / sumLog
        let na = m.n * alpha
        guard na > 2 else { return nil }
        let logL = m.n * log(alpha) + na * log(scale) - (alpha + 1) * m.n * m.meanLog
        return ([Parameter(name: "shape", value: alpha, standardError: alpha / m.n.squareRoot()),
                 Parameter(name: "scale", value: scale, standardError: scale * na.squareRoot() / ((na - 1) * (na - 2).squareRoot()))],
                .pareto(shape: alpha, scale: scale), logL)
    }
}
