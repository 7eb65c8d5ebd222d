import Testing
@testable import PushSim

/// summary.csv's interval columns against hand-computed values: a cell of two runs whose
/// stale-screen times are 10 s and 30 s, which pulled 3 and 7 times (2 and 4 requests
/// reached the server) and which had a regression in one run of two.
@Suite struct SummaryIntervalTests {
    static func cell() -> CellSummary {
        func run(stale: Int64, regressions: Int, pulls: Int, requests: Int) -> RunOutcome {
            var counts = Counts()
            counts[.pulls] = pulls
            counts[.serverRequests] = requests
            var o = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: counts)
            o.experience.duration = .hours(2); o.experience.changes = 5
            o.experience.staleScreen = .seconds(stale); o.experience.foreground = .seconds(60)
            o.experience.regressions = regressions
            return o
        }
        var cell = CellSummary(variant: "v", strategy: "s")
        cell.add(run(stale: 10, regressions: 2, pulls: 3, requests: 2))
        cell.add(run(stale: 30, regressions: 0, pulls: 7, requests: 4))
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

    /// Pulls 3 and 7: mean 5, s = √8, s/√2 = 2, t(0.975, 1) = 12.706: 5 ± 25.412. Requests 2 and
    /// 4: mean 3, s/√2 = 1: 3 ± 12.706. The mean stays Σ / runs, exact.
    @Test("mean_pulls and mean_server_requests get 95% t intervals: 5 ± 25.412 and 3 ± 12.706 (df = 1)")
    func perRunMeanIntervals() {
        #expect(Self.field("mean_pulls") == 5 && Self.field("mean_server_requests") == 3)
        #expect(abs(Self.field("mean_pulls_ci_low") + 20.412) < 0.001)
        #expect(abs(Self.field("mean_pulls_ci_high") - 30.412) < 0.001)
        #expect(abs(Self.field("mean_server_requests_ci_low") + 9.706) < 0.001)
        #expect(abs(Self.field("mean_server_requests_ci_high") - 15.706) < 0.001)
        // Each pair sits beside its mean, as every interval in the reports does.
        for mean in ["mean_pulls", "mean_server_requests"] {
            let i = SummaryTable.columns.firstIndex(of: mean)!
            #expect(Array(SummaryTable.columns[i...i + 2]) == [mean, mean + "_ci_low", mean + "_ci_high"])
        }
    }

    @Test("a per-run mean's interval is empty with one run (no variance)")
    func oneRunNoInterval() {
        var cell = CellSummary(variant: "v", strategy: "s")
        cell.add(RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: Counts()))
        let f = summaryFields(cell)
        #expect(f[SummaryTable.columns.firstIndex(of: "mean_pulls")!] == "0.000000")
        #expect(f[SummaryTable.columns.firstIndex(of: "mean_pulls_ci_low")!] == "")
        #expect(f[SummaryTable.columns.firstIndex(of: "mean_pulls_ci_high")!] == "")
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
