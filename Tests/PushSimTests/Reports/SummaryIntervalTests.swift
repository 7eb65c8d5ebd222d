import Testing
@testable import PushSim

/// summary.csv's interval columns against hand-computed values: a cell of two runs whose
/// stale-screen times are 10 s and 30 s and which had a regression in one run of two.
@Suite struct SummaryIntervalTests {
    static func cell() -> CellSummary {
        func run(stale: Int64, regressions: Int) -> RunOutcome {
            var o = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: Counts())
            o.experience.duration = .hours(2); o.experience.changes = 5
            o.experience.staleScreen = .seconds(stale); o.experience.foreground = .seconds(60)
            o.experience.regressions = regressions
            return o
        }
        var cell = CellSummary(variant: "v", strategy: "s")
        cell.add(run(stale: 10, regressions: 2))
        cell.add(run(stale: 30, regressions: 0))
        return cell
    }

    static func field(_ name: String) -> Double {
        let f = summaryFields(cell())
        return Double(f[SummaryTable.columns.firstIndex(of: name)!])!
    }

    /// Mean 20, s = √200, s/√2 = 10, df = 1, t(0.975, 1) = 12.706 (t table): 20 ± 127.06.
    @Test("mean_stale_screen_s_ci_low/high of 10 s and 30 s: 20 ± 12.706·10 = −107.06, 147.06 (95%, df = 1)")
    func meanIntervalColumns() {
        #expect(Self.field("mean_stale_screen_s") == 20)
        #expect(abs(Self.field("mean_stale_screen_s_ci_low") + 107.06) < 0.01)
        #expect(abs(Self.field("mean_stale_screen_s_ci_high") - 147.06) < 0.01)
    }

    /// 1 of 2 runs: Wilson 95% by hand (0.0945, 0.9055) (see PublishedStatisticsTests).
    @Test("regression_run_rate_ci_low/high for 1 run of 2: the 95% Wilson interval 0.0945, 0.9055")
    func runRateIntervalColumns() {
        #expect(Self.field("regression_run_rate") == 0.5)
        #expect(abs(Self.field("regression_run_rate_ci_low") - 0.0945) < 0.00006)
        #expect(abs(Self.field("regression_run_rate_ci_high") - 0.9055) < 0.00006)
    }

    /// Neither run converged: 0 of 2, Wilson 95% (0, z²/(2 + z²)) = (0, 3.841459/5.841459) = (0, 0.657620).
    @Test("convergence_rate_ci_low/high for 0 converged of 2: 0 and z²/(2 + z²) = 0.657620")
    func convergenceRateColumns() {
        #expect(Self.field("convergence_rate_ci_low") == 0)
        #expect(abs(Self.field("convergence_rate_ci_high") - 0.657620) < 2e-6)
    }
}
