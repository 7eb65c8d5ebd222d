import CGSL
import Foundation
@testable import PushSim

// Helpers for the per-rule platform scenarios (Scenarios/platform/<rule id>.json).

/// Loads `Scenarios/platform/<id>.json`.
func platformScenario(_ id: String) throws -> Scenario {
    Family.reseeded(try Scenario.load(path: scenarioURL("Scenarios/platform/\(id).json").path).scenario)
}

/// A simulated time given in hours, minutes and seconds after t = 0.
func at(d: Int64 = 0, h: Int64 = 0, m: Int64 = 0, s: Int64 = 0) -> SimTime {
    .zero + .days(d) + .hours(h) + .minutes(m) + .seconds(s)
}

/// Runs one replication of `variant` with the recording strategy (FieldCaseSupport.swift)
/// wrapped around `inner`, built exactly as `Simulation.run` builds a run.
func trace<S: ClientStrategy>(_ scenario: Scenario, _ variant: String, replication: Int = 0,
                              inner: S = HintPull()) -> (outcome: RunOutcome, log: AppLog) {
    record(scenario, variant, replication: replication, strategy: inner)
}

/// Every cell of `scenario` (all variants × strategies), as `summarize` computes them.
func cells(_ id: String) throws -> [CellSummary] { summarize(try platformScenario(id)) }

/// The rejections of a cell by code, e.g. `BadPriority=3` (see `Columns.rejectedCodes`).
func rejectionCodes(_ c: CellSummary) -> String { Columns.rejectedCodes(c.rejections) }

// MARK: - Statistics (GSL)

/// The central acceptance region of Binomial(n, p) at level 1 − alpha: [lo, hi] with
/// P(X < lo) ≤ alpha/2 and P(X > hi) ≤ alpha/2 (`gsl_cdf_binomial_P` / `_Q`).
func binomialAcceptance(n: Int, p: Double, alpha: Double = 0.001) -> ClosedRange<Int> {
    var lo = 0
    while lo < n, gsl_cdf_binomial_P(UInt32(lo), p, UInt32(n)) < alpha / 2 { lo += 1 }
    var hi = lo
    while hi < n, gsl_cdf_binomial_Q(UInt32(hi), p, UInt32(n)) > alpha / 2 { hi += 1 }
    return lo...hi
}


/// `Scenarios/<path>` with `patch` applied to its JSON object: a test's variation of a
/// shipped scenario, without a new file (and without a new baseline cell).
func patchedScenario(_ path: String, _ patch: (inout [String: Any]) -> Void) throws -> Scenario {
    let data = try Data(contentsOf: scenarioURL(path))
    var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    patch(&object)
    return try Scenario.decode(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), file: path)
}

/// A JSON value from its text (for `patchedScenario`).
func json(_ text: String) -> Any { try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
