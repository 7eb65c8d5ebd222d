import Foundation

/// A built-in distribution family fitted to samples by maximum likelihood (`pushsim fit`),
/// with each parameter's asymptotic standard error and the fit's goodness.
public struct DistributionFit: Sendable {
    /// A fitted parameter: its JSON name (as `Distribution`'s kind takes it), the estimate,
    /// and its standard error (√(diag(I⁻¹)/n) with I the Fisher information of one sample at
    /// the estimate; for `pareto`'s `scale`, the sample minimum, the exact standard deviation
    /// of the minimum of n draws).
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let value: Double
        public let standardError: Double
    }

    /// The fitted distribution (its JSON is `OrderedJSON(distribution:)`).
    public let distribution: Distribution
    /// Its parameters in the kind's JSON order.
    public let parameters: [Parameter]
    /// Σ ln f(xᵢ) at the estimate (natural log).
    public let logLikelihood: Double
    /// The Kolmogorov–Smirnov distance of the samples from the fitted CDF. Its p-value is
    /// nominal: with parameters fitted to the same samples the true one is smaller.
    public let ks: KolmogorovSmirnov

    /// Akaike's information criterion, 2k − 2 ln L (smaller is better).
    public var aic: Double { 2 * Double(parameters.count) - 2 * logLikelihood }

    /// The families `fit` tries, by their kind names.
    public static let families = ["exponential", "lognormal", "gamma", "weibull", "pareto"]

    /// Every family of `families` fitted to `samples`, best (smallest AIC) first, ties in
    /// `families` order; and each family that could not be fitted, with the reason (a
    /// family on (0, ∞) when a sample is ≤ 0; a two-parameter family when every sample is
    /// equal; a solver that did not converge).
    /// - Precondition: at least two samples, every one finite.
    public static func fitAll(_ samples: [Double]) -> (fits: [DistributionFit], skipped: [(family: String, reason: String)]) {
        precondition(samples.count >= 2 && samples.allSatisfy(\.isFinite), "fit needs at least two finite samples")
        let moments = SampleMoments(samples)
        var fits: [(Int, DistributionFit)] = []
        var skipped: [(family: String, reason: String)] = []
        for (i, family) in families.enumerated() {
            switch fit(family, moments) {
            case let .success(f): fits.append((i, f))
            case let .failure(reason): skipped.append((family, reason.text))
            }
        }
        fits.sort { ($0.1.aic, $0.0) < ($1.1.aic, $1.0) }
        return (fits.map(\.1), skipped)
    }

    /// Why a family was not fitted.
    struct Unfitted: Error { let text: String }

    /// One family fitted (see the per-family functions in `DistributionFit+Families`).
    static func fit(_ family: String, _ m: SampleMoments) -> Result<DistributionFit, Unfitted> {
        if family != "exponential", m.minimum <= 0 {
            return .failure(Unfitted(text: "\(family) is on (0, ∞); the samples include \(m.minimum)"))
        }
        if family == "exponential", m.minimum < 0 {
            return .failure(Unfitted(text: "exponential is on [0, ∞); the samples include \(m.minimum)"))
        }
        if family == "pareto", m.meanLog - log(m.minimum) > 0, m.n * m.n / (m.n * (m.meanLog - log(m.minimum))) <= 2 {
            return .failure(Unfitted(text: "pareto's fitted shape times n is at most 2: its scale's standard error does not exist"))
        }
        if family != "exponential", m.minimum == m.maximum {
            return .failure(Unfitted(text: "every sample is \(m.minimum): \(family)'s two parameters are not identified"))
        }
        let fitted: ([Parameter], Distribution, Double)?
        switch family {
        case "exponential": fitted = exponential(m)
        case "lognormal": fitted = lognormal(m)
        case "gamma": fitted = gamma(m)
        case "weibull": fitted = weibull(m)
        case "pareto": fitted = pareto(m)
        default: preconditionFailure("no fit for \(family)")
        }
        guard let (parameters, d, logL) = fitted, logL.isFinite, d.invalidParameter == nil else {
            return .failure(Unfitted(text: "the likelihood's equation for \(family) has no solution the solver found"))
        }
        return .success(DistributionFit(distribution: d, parameters: parameters, logLikelihood: logL,
                                        ks: KolmogorovSmirnov(m.samples, cdf: d.cdf)))
    }
}

/// The sums the likelihoods need, taken once.
struct SampleMoments {
    let samples: [Double]
    let n: Double
    let mean: Double
    /// The mean of ln x (NaN when a sample is ≤ 0).
    let meanLog: Double
    let minimum: Double
    let maximum: Double

    init(_ samples: [Double]) {
        self.samples = samples
        n = Double(samples.count)
        mean = samples.reduce(0, +) / n
        minimum = samples.min()!
        maximum = samples.max()!
        meanLog = minimum > 0 ? samples.reduce(0) { $0 + log($1) } / n : .nan
    }
}
