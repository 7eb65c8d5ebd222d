import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// The one column table (`Columns.runs`) against what it drives: the headers, the rows,
/// the summary and docs/csv.md.
@Suite("Columns")
struct ColumnsTests {
    @Test("docs/csv.md holds the generated column tables (regenerate: pushsim columns --markdown --in-place docs/csv.md)")
    func docsAreCurrent() throws {
        let document = try String(contentsOf: root.appendingPathComponent("docs/csv.md"), encoding: .utf8)
        let embedded = try #require(ColumnsMarkdown.embedded(in: document), "docs/csv.md has no column-table markers")
        #expect(embedded == ColumnsMarkdown.text, "docs/csv.md is stale: run `pushsim columns --markdown --in-place docs/csv.md`")
        let fleet = try #require(ColumnsMarkdown.embedded(in: document, block: ColumnsMarkdown.fleetBlock), "docs/csv.md has no fleet-table markers")
        #expect(fleet == ColumnsMarkdown.fleet, "docs/csv.md's fleet tables are stale: run `pushsim columns --markdown --in-place docs/csv.md`")
        #expect(try ColumnsMarkdown.splice(into: document) == document)
    }

    @Test("the headers are the table's names, and match the committed baselines (the golden headers)")
    func goldenHeaders() throws {
        #expect(RunsTable.columns == Columns.runs.map(\.name))
        #expect(RunsTable.columns.count == 93 && Set(RunsTable.columns).count == 93)
        #expect(SummaryTable.columns.count == 139 && Set(SummaryTable.columns).count == 139)
        // Results/baselines/ is what `make regress` compares against: renaming or moving a
        // column must be a deliberate baseline change.
        let baseline = try String(contentsOf: root.appendingPathComponent("Results/baselines/push-hint-study.summary.csv"), encoding: .utf8)
        #expect(CSV.parse(baseline).first == SummaryTable.columns)
        let markdown = ColumnsMarkdown.text
        for name in RunsTable.columns + SummaryTable.columns { #expect(markdown.contains("| `\(name)` |"), "\(name) not in the docs") }
        #expect(RunsTable.columns.prefix(7) == ["variant", "strategy", "replication", "seed", "converged", "convergence_time_s", "final_cursor"])
        #expect(RunsTable.columns.last == "fingerprint")
        #expect(SummaryTable.columns.prefix(9) == ["variant", "strategy", "replications", "converged", "convergence_rate",
                                                   "convergence_rate_ci_low", "convergence_rate_ci_high", "convergence_time_p50_s", "convergence_time_p95_s"])
    }

    @Test("every count fits the fixed storage and is reported: changing it changes exactly one runs.csv field")
    func everyCountIsAColumn() {
        #expect(Count.allCases.count <= Counts.capacity)
        let plain = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: Counts())
        let base = runFields(outcome: plain)
        for c in Count.allCases {
            var o = plain
            o.counts[c] = 7_919
            let changed = zip(base, runFields(outcome: o)).filter { $0 != $1 }
            #expect(changed.count == 1 && changed.first?.1 == "7919", "\(c) is not exactly one runs.csv column")
        }
    }

    @Test("every column writes exactly one field, the one it has in the row")
    func oneFieldPerColumn() {
        var o = RunOutcome(converged: true, convergenceTime: .seconds(3), finalCursor: 7, ledger: PushLedger(), counts: Counts())
        o.experience.duration = .hours(1); o.experience.changes = 4; o.experience.reflected = 3
        o.experience.freshnessP50 = .seconds(1); o.experience.foreground = .seconds(10)
        let record = RunRecord(variant: "v,1", strategy: "s", replication: 2, seed: 9, outcome: o)
        let row = runFields(variant: "v,1", strategy: "s", replication: 2, seed: 9, outcome: o)
        #expect(row.count == Columns.runs.count)
        for (i, c) in Columns.runs.enumerated() {
            var line = CSVLine()
            c.write(record, &line)
            line.end()
            #expect(CSV.parse(String(decoding: line.bytes, as: UTF8.self)) == [[row[i]]], "\(c.name)")
        }
    }

    @Test("user-view summaries: totals, moments, quantiles, run rates, maxima and pooled ratios over two runs")
    func userViewSummary() {
        func run(stale: Int64, foreground: Int64, regressions: Int, staleNotifications: Int, requests: Int) -> RunOutcome {
            var counts = Counts()
            counts[.serverRequests] = requests
            var o = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: counts)
            o.experience.duration = .hours(2); o.experience.changes = 5
            o.experience.staleScreen = .seconds(stale); o.experience.foreground = .seconds(foreground)
            o.experience.regressions = regressions
            o.experience.notificationsStale = staleNotifications
            if staleNotifications > 0 { o.experience.notificationStalenessMax = .microseconds(2_500_001) }
            return o
        }
        var cell = CellSummary(variant: "v", strategy: "s")
        cell.add(run(stale: 10, foreground: 40, regressions: 2, staleNotifications: 0, requests: 3))
        cell.add(run(stale: 30, foreground: 60, regressions: 0, staleNotifications: 1, requests: 5))
        let f = summaryFields(cell)
        func field(_ name: String) -> String { f[SummaryTable.columns.firstIndex(of: name)!] }
        #expect(field("replications") == "2" && field("converged") == "0" && field("convergence_rate") == "0.000000")
        #expect(field("convergence_time_p50_s") == "" && field("total_changes") == "10")
        #expect(field("mean_freshness_p50_s") == "" && field("mean_freshness_p50_s_ci_low") == "" && field("freshness_max_p95_s") == "")
        #expect(field("mean_foreground_s") == "50.000000" && field("mean_stale_screen_s") == "20.000000")
        #expect(field("stale_screen_p95_s") == "29.000000", "interpolated between 10 and 30 at 0.95")
        #expect(field("stale_screen_fraction") == "0.400000", "40 of 100 s, pooled")
        #expect(field("total_regressions") == "2" && field("runs_with_regression") == "1" && field("regression_run_rate") == "0.500000")
        #expect(field("runs_with_stale_notification") == "1" && field("notification_staleness_max_s") == "2.500001")
        #expect(field("mean_server_requests") == "4.000000" && field("server_requests_per_hour") == "2.000000")
        #expect(field("pushes_per_change") == "0.000000" && field("rejected_codes") == "" && field("max_lateness_after_wake_s") == "")
        let ci = Statistics.meanInterval([10, 30])!
        #expect(field("mean_stale_screen_s_ci_low") == SummaryTable.number(ci.low) && field("mean_stale_screen_s_ci_high") == SummaryTable.number(ci.high))
        let wilson = Statistics.wilsonInterval(successes: 1, trials: 2)
        #expect(field("regression_run_rate_ci_low") == SummaryTable.number(wilson.low))
        #expect(cell.total("regressions") == 2 && cell.runs(with: "notifications_stale") == 1 && cell.mean("server_requests") == 4)
    }
}
