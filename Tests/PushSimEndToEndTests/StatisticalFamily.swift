import CGSL
import Foundation
@testable import PushSim

/// The statistical checks of this test target as one family, whose family-wise error rate
/// (the chance that a correct model fails any of them) is at most `Family.rate`, 0.001,
/// by Bonferroni: every test that makes statistical checks builds one `Family(checks: m)`
/// and makes its m checks through it, each at α = rate / (`Family.tests` × m) (a test with
/// c argument cases splits its share further, `cases: c`). `Family.tests` is the number of
/// such tests (`StatisticalFamilyTests` counts them in the sources), and `done` checks that
/// a test made exactly the m checks it declared, so the α of the target adds up to `rate`.
///
/// `make test-reseed` reruns these tests with other seeds (`Family.reseeded`): a correct
/// model fails a whole run with probability at most 0.001.
final class Family {
    /// The family-wise error rate of the target.
    static let rate = 0.001
    /// Test functions in this target that build a `Family` (a parameterised one counts once).
    static let tests = 24
    /// The seed offset `make test-reseed` sets (`PUSHSIM_TEST_RESEED`, default 0).
    static let reseed: UInt64 = ProcessInfo.processInfo.environment["PUSHSIM_TEST_RESEED"].flatMap(UInt64.init) ?? 0

    /// The significance level of each check of this test.
    let alpha: Double
    private let declared: Int
    private var made = 0

    /// A test that makes `checks` statistical checks; `cases`: the number of argument cases
    /// of a parameterised test (each builds its own family).
    init(checks: Int, cases: Int = 1) {
        declared = checks
        alpha = Self.rate / Double(Self.tests * cases * checks)
    }

    /// Whether the test made exactly the checks it declared.
    var done: Bool { made == declared }

    /// Counts a check made outside the helpers below, and returns α.
    func check() -> Double { made += 1; return alpha }

    /// The central acceptance region of Binomial(n, p) at 1 − α (see `binomialAcceptance`).
    func binomialAcceptance(n: Int, p: Double) -> ClosedRange<Int> { PushSimEndToEndTests.binomialAcceptance(n: n, p: p, alpha: check()) }

    /// Whether `successes` of `trials` is consistent with `p` (Wilson interval at 1 − α).
    func consistent(successes: Int, trials: Int, p: Double) -> Bool {
        PushSimEndToEndTests.consistent(successes: successes, trials: trials, p: p, confidence: 1 - check())
    }

    /// The Wilson interval of a proportion at 1 − α.
    func wilson(successes: Int, trials: Int) -> (low: Double, high: Double) {
        let ci = Statistics.wilsonInterval(successes: successes, trials: trials, confidence: 1 - check())
        return (ci.low, ci.high)
    }

    /// The t-interval of the mean of `data` at 1 − α.
    func meanInterval(_ data: [Double]) -> (low: Double, high: Double) { PushSimEndToEndTests.meanInterval(data, confidence: 1 - check()) }

    /// Whether `counts` are consistent with equal cells (χ² p-value above α).
    func uniform(_ counts: [Int]) -> Bool { uniformityPValue(counts) > check() }

    /// `scenario` with its seed moved by the reseed offset (unchanged when it is 0).
    static func reseeded(_ scenario: Scenario) -> Scenario {
        guard reseed != 0 else { return scenario }
        var s = scenario
        s.seed = s.seed &+ reseed &* 1_000_003
        return s
    }
}
