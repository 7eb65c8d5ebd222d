import Testing
@testable import PushSim

/// `KolmogorovSmirnov`: the distance one- and two-sample, and the p-value series.
@Suite struct KolmogorovSmirnovTests {
    @Test("Q(λ) matches the Kolmogorov distribution's tail (SciPy's kstwobign.sf)")
    func series() {
        for (lambda, q) in [(0.5, 0.9639452436648751), (1.0, 0.26999967167735456), (1.36, 0.049485876755377876), (2.0, 0.0006709252557796953)] {
            #expect(abs(KolmogorovSmirnov.q(lambda) - q) < 1e-12, "Q(\(lambda))")
        }
        #expect(KolmogorovSmirnov.q(0.1) == 1 && KolmogorovSmirnov.q(10) < 1e-80)
    }

    @Test("one sample: D is the largest gap on either side of each step")
    func oneSample() {
        // Uniform(0, 1) CDF; samples 0.1, 0.2, 0.9: gaps 1/3 − 0.1, 2/3 − 0.2, 0.9 − 2/3, 1 − 0.9.
        let ks = KolmogorovSmirnov([0.9, 0.1, 0.2], cdf: { min(max($0, 0), 1) })
        #expect(abs(ks.distance - (2.0 / 3 - 0.2)) < 1e-12)
        #expect(ks.effectiveCount == 3)
        let stephens = (3.0.squareRoot() + 0.12 + 0.11 / 3.0.squareRoot()) * ks.distance
        #expect(ks.pValue == KolmogorovSmirnov.q(stephens))
    }

    @Test("two samples: ties step both CDFs together (SciPy's ks_2samp gives 0.3)")
    func twoSamples() {
        let ks = KolmogorovSmirnov([1, 2, 2, 3, 5], [2, 2, 4, 6])
        #expect(abs(ks.distance - 0.3) < 1e-12)
        #expect(abs(ks.effectiveCount - 20.0 / 9) < 1e-12)
        #expect(KolmogorovSmirnov([1, 2], [1, 2]).distance == 0)
        #expect(KolmogorovSmirnov([1, 2], [3, 4]).distance == 1)
    }
}
