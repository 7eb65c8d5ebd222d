import CGSL
import Testing
@testable import PushSim

/// A named distribution for parameterised tests.
struct NamedDistribution: Sendable, CustomTestStringConvertible {
    let label: String
    let distribution: Distribution
    var testDescription: String { label }
    init(_ label: String, _ distribution: Distribution) { self.label = label; self.distribution = distribution }
}

/// The continuous distributions the sampling checks draw (`StatisticalChecks.checks` counts them).
let continuousDistributions: [NamedDistribution] = [
    NamedDistribution("uniform(2, 5)", .uniform(min: 2, max: 5)),
    NamedDistribution("exponential(3)", .exponential(mean: 3)),
    NamedDistribution("lognormal(0.5, 0.4)", .lognormal(mu: 0.5, sigma: 0.4)),
    NamedDistribution("gamma(2.5, 1.5)", .gamma(shape: 2.5, scale: 1.5)),
    NamedDistribution("gamma(0.6, 2)", .gamma(shape: 0.6, scale: 2)),
    NamedDistribution("weibull(2, 1.5)", .weibull(scale: 2, shape: 1.5)),
    // shape 9: the variance check's standard error uses the sample 4th moment, whose own
    // estimate is only well behaved when the 8th moment exists (shape > 8).
    NamedDistribution("pareto(9, 1)", .pareto(shape: 9, scale: 1)),
    NamedDistribution("empirical(1, 2, 3) interpolated", .empirical(EmpiricalTable(samples: [1, 2, 3], interpolate: true)!)),
    NamedDistribution("empirical(0.5, 4, 1, 2.5) interpolated", .empirical(EmpiricalTable(samples: [0.5, 4, 1, 2.5], interpolate: true)!)),
]

/// The discrete ones.
let discreteDistributions: [NamedDistribution] = [
    NamedDistribution("uniformInt(-2, 7)", .uniformInt(min: -2, max: 7)),
    NamedDistribution("bernoulli(0.3)", .bernoulli(p: 0.3)),
    NamedDistribution("discrete", .discrete(DiscreteTable(weights: [1, 2, 3, 4], values: [10, 20, 30, 45])!)),
    NamedDistribution("empirical(1, 2, 3)", .empirical(EmpiricalTable(samples: [1, 2, 3], interpolate: false)!)),
    NamedDistribution("empirical(5, 1, 1, 2, 1)", .empirical(EmpiricalTable(samples: [5, 1, 1, 2, 1], interpolate: false)!)),
]

private let sampleCount = 20_000

@Suite("Distribution sampling")
struct DistributionSamplingTests {
    @Test("sample mean lies within the interval of the analytic mean (family-wise 0.001)", arguments: StatisticalChecks.generators, continuousDistributions + discreteDistributions)
    func meanMatches(_ g: GeneratorType, _ c: NamedDistribution) {
        let xs = StatisticalChecks.draw(c.distribution, n: sampleCount, label: c.label, generator: g)
        let check = StatisticalChecks.meanCheck(xs, mean: c.distribution.mean, variance: c.distribution.variance)
        #expect(check.distance <= check.bound, "\(c.label): |mean − \(c.distribution.mean)| = \(check.distance) > \(check.bound)")
    }

    @Test("sample variance lies within z·SE of the analytic variance", arguments: StatisticalChecks.generators, continuousDistributions + discreteDistributions)
    func varianceMatches(_ g: GeneratorType, _ c: NamedDistribution) {
        let xs = StatisticalChecks.draw(c.distribution, n: sampleCount, label: c.label, generator: g)
        let check = StatisticalChecks.varianceCheck(xs, variance: c.distribution.variance)
        #expect(check.distance <= check.bound, "\(c.label): |s² − \(c.distribution.variance)| = \(check.distance) > \(check.bound)")
    }

    @Test("Kolmogorov–Smirnov against cdf (family-wise 0.001)", arguments: StatisticalChecks.generators, continuousDistributions)
    func ksAgainstCDF(_ g: GeneratorType, _ c: NamedDistribution) {
        let xs = StatisticalChecks.draw(c.distribution, n: sampleCount, label: c.label, generator: g)
        let check = StatisticalChecks.ksCheck(xs, cdf: c.distribution.cdf)
        #expect(check.d < check.critical, "\(c.label): D = \(check.d) ≥ \(check.critical)")
    }

    @Test("the checks reject a wrong distribution (they can fail)")
    func checksHavePower() {
        let xs = StatisticalChecks.draw(.exponential(mean: 1), n: sampleCount, label: "power")
        let claimed = Distribution.exponential(mean: 1.1)
        let mean = StatisticalChecks.meanCheck(xs, mean: claimed.mean, variance: claimed.variance)
        #expect(mean.distance > mean.bound)
        let variance = StatisticalChecks.varianceCheck(xs, variance: claimed.variance)
        #expect(variance.distance > variance.bound)
        let ks = StatisticalChecks.ksCheck(xs, cdf: Distribution.gamma(shape: 1.2, scale: 1 / 1.2).cdf)
        #expect(ks.d > ks.critical)
        let counts = [5_000, 5_000, 10_000]
        #expect(StatisticalChecks.chiSquarePValue(counts: counts, probabilities: [0.3, 0.3, 0.4]) < 0.001)
    }

    @Test("uniformInt covers both ends, only integers, uniformly")
    func uniformIntInclusive() {
        let budget = StatisticalChecks.Budget("uniformIntInclusive")
        defer { #expect(budget.done) }
        let d = Distribution.uniformInt(min: -2, max: 2)
        let xs = StatisticalChecks.draw(d, n: sampleCount, label: "uniformInt ends")
        #expect(xs.allSatisfy { $0 >= -2 && $0 <= 2 && $0 == $0.rounded() })
        #expect(xs.min() == -2)
        #expect(xs.max() == 2)
        let counts = (-2...2).map { k in xs.count { $0 == Double(k) } }
        #expect(StatisticalChecks.chiSquarePValue(counts: counts, probabilities: Array(repeating: 0.2, count: 5)) > budget.alpha())
    }

    @Test("discrete frequencies match the weights (chi-square)")
    func discreteFrequencies() throws {
        let budget = StatisticalChecks.Budget("discreteFrequencies")
        defer { #expect(budget.done) }
        let weights: [Double] = [1, 0, 2.5, 4, 0.5]
        let table = try #require(DiscreteTable(weights: weights, values: [3, 1, 4, 1.5, 9]))
        let xs = StatisticalChecks.draw(.discrete(table), n: sampleCount, label: "discrete frequencies")
        let counts = [3, 1, 4, 1.5, 9].map { v in xs.count { $0 == v } }
        #expect(counts.reduce(0, +) == sampleCount)  // no value outside the table
        #expect(counts[1] == 0)  // zero weight: never drawn
        let nonZero = [0, 2, 3, 4]
        let p = StatisticalChecks.chiSquarePValue(counts: nonZero.map { counts[$0] },
                                                  probabilities: nonZero.map { table.probabilities[$0] })
        #expect(p > budget.alpha())
    }

    @Test("discrete values default to 0..<K")
    func discreteDefaultValues() throws {
        let table = try #require(DiscreteTable(weights: [1, 1, 1]))
        #expect(table.values == [0, 1, 2])
        let xs = StatisticalChecks.draw(.discrete(table), n: 3_000, label: "discrete default")
        #expect(Set(xs) == [0, 1, 2])
    }

    @Test("constant returns its value and draws nothing")
    func constantDrawsNothing() {
        let s = RandomStream(type: .mt19937, seed: 9)
        #expect(Distribution.constant(value: 4.25).sample(s) == 4.25)
        #expect(s.uniform() == RandomStream(type: .mt19937, seed: 9).uniform())
    }

    @Test("the same seed gives the same samples")
    func deterministic() {
        for c in continuousDistributions + discreteDistributions {
            #expect(StatisticalChecks.draw(c.distribution, n: 100, label: "x")
                    == StatisticalChecks.draw(c.distribution, n: 100, label: "x"))
        }
    }
}

@Suite("Distribution moments and CDF")
struct DistributionMomentsTests {
    @Test("closed-form moments")
    func moments() throws {
        #expect(Distribution.uniformInt(min: 0, max: 4).variance == 2)
        #expect(Distribution.bernoulli(p: 0.25).variance == 0.1875)
        #expect(Distribution.gamma(shape: 2, scale: 3).mean == 6)
        #expect(Distribution.gamma(shape: 2, scale: 3).variance == 18)
        #expect(abs(Distribution.weibull(scale: 2, shape: 1).mean - 2) < 1e-12)  // exponential
        #expect(abs(Distribution.weibull(scale: 2, shape: 1).variance - 4) < 1e-12)
        #expect(Distribution.pareto(shape: 1, scale: 1).mean == .infinity)
        #expect(Distribution.pareto(shape: 2, scale: 1).variance == .infinity)
        #expect(Distribution.pareto(shape: 3, scale: 2).mean == 3)
        let t = try #require(DiscreteTable(weights: [1, 3], values: [0, 4]))
        #expect(Distribution.discrete(t).mean == 3)
        #expect(Distribution.discrete(t).variance == 3)
    }

    @Test("step CDFs are exact and right-continuous")
    func stepCDFs() throws {
        let u = Distribution.uniformInt(min: 1, max: 4)
        #expect(u.cdf(0.99) == 0)
        #expect(u.cdf(1) == 0.25)
        #expect(u.cdf(2.5) == 0.5)
        #expect(u.cdf(4) == 1)
        #expect(Distribution.bernoulli(p: 0.3).cdf(-0.1) == 0)
        #expect(abs(Distribution.bernoulli(p: 0.3).cdf(0) - 0.7) < 1e-15)
        #expect(Distribution.bernoulli(p: 0.3).cdf(1) == 1)
        #expect(Distribution.constant(value: 2).cdf(1.999) == 0)
        #expect(Distribution.constant(value: 2).cdf(2) == 1)
        #expect(Distribution.uniform(min: 3, max: 3).cdf(3) == 1)
        let t = try #require(DiscreteTable(weights: [0.1, 0.2, 0.7], values: [5, -1, 2]))
        #expect(Distribution.discrete(t).cdf(-2) == 0)
        #expect(abs(Distribution.discrete(t).cdf(2) - 0.9) < 1e-12)
        #expect(Distribution.discrete(t).cdf(5) == 1)
    }

    @Test("continuous CDFs agree with known values")
    func continuousCDFs() {
        #expect(abs(Distribution.exponential(mean: 2).cdf(2) - 0.6321205588285577) < 1e-12)
        #expect(abs(Distribution.uniform(min: 2, max: 6).cdf(3) - 0.25) < 1e-15)
        #expect(abs(Distribution.lognormal(mu: 0, sigma: 1).cdf(1) - 0.5) < 1e-12)
        #expect(abs(Distribution.pareto(shape: 2, scale: 1).cdf(2) - 0.75) < 1e-12)
        #expect(abs(Distribution.weibull(scale: 1, shape: 2).cdf(1) - 0.6321205588285577) < 1e-12)
        #expect(abs(Distribution.gamma(shape: 1, scale: 2).cdf(2) - 0.6321205588285577) < 1e-12)
        #expect(Distribution.gamma(shape: 2, scale: 1).cdf(-1) == 0)
    }

    @Test("invalidParameter names the bad parameter")
    func invalidParameter() {
        #expect(Distribution.lognormal(mu: 0, sigma: -1).invalidParameter?.name == "sigma")
        #expect(Distribution.uniform(min: 2, max: 1).invalidParameter?.name == "max")
        #expect(Distribution.uniformInt(min: .min, max: .max).invalidParameter?.name == "max")
        #expect(Distribution.bernoulli(p: 1.5).invalidParameter?.name == "p")
        #expect(Distribution.weibull(scale: 0, shape: 1).invalidParameter?.name == "scale")
        #expect(Distribution.gamma(shape: 2, scale: 3).invalidParameter == nil)
        #expect(DiscreteTable(weights: [0, 0]) == nil)
        #expect(DiscreteTable(weights: [1, -1]) == nil)
        #expect(DiscreteTable(weights: [1], values: [1, 2]) == nil)
    }

    @Test("kinds lists every case once")
    func kinds() {
        let names = Distribution.kinds.map(\.kind)
        #expect(names == ["constant", "uniform", "uniformInt", "exponential", "lognormal",
                          "gamma", "weibull", "pareto", "bernoulli", "discrete", "empirical"])
        for name in names { #expect(Distribution.parameterNames(of: name) != nil) }
        #expect(Distribution.gamma(shape: 1, scale: 1).kind == "gamma")
    }
}
