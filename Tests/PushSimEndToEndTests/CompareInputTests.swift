import Foundation
import Testing

/// `pushsim compare` of summaries never crashes and never passes an impossible file: each
/// input here (issue 15, items 5 and 6) exits 2 with a message naming the file, the row
/// (its 1-based line) and, where one column is at fault, the column, and prints no verdict.
@Suite struct CompareInputTests {
    static let header = "variant,strategy,replications,converged,convergence_rate,convergence_rate_ci_low,convergence_rate_ci_high\n"
    static let good = header + "v,s,100,50,0.500000,0.403,0.597\nv,t,100,60,0.600000,0.502,0.691\n"
    static let sweepHeader = "point,loss,variant,strategy,replications,converged\n"
    static let sweep = sweepHeader + "0,0.1,v,s,100,50\n1,0.2,v,s,100,40\n"
    /// A summary with a rate beside `converged`, a mean every run has and one some runs lack.
    static let metricsHeader = "variant,strategy,replications,converged,convergence_time_p50_s,runs_with_regression,regression_run_rate,"
        + "mean_stale_screen_s,mean_stale_screen_s_ci_low,mean_stale_screen_s_ci_high,"
        + "mean_freshness_p95_s,mean_freshness_p95_s_ci_low,mean_freshness_p95_s_ci_high,mean_freshness_p95_s_runs\n"
    static let metricsGood = metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,0.3,0.2,0.4,40\n"
    static let runsHeader = "variant,strategy,replication,seed,converged,pulls,rejected_codes,fingerprint\n"

    /// One bad input: the arguments after the two files, the two files' texts, which of
    /// them is at fault, where (`row 2, column 3 (replications)`, or `row 1`) and a
    /// fragment of the message.
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var options: [String] = []
        var base: String
        var new: String = CompareInputTests.good
        var badIsNew = false
        var location: String
        var message: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "a count of Int64.max (trapped: SIGILL, exit 132)",
             base: header + "v,s,9223372036854775807,9223372036854775807,1.000000,0.9,1.0\n",
             location: "row 2, column 3 (replications)", message: "at most 2^53"),
        Case(label: "a count past Int64 (read as no number)", base: header + "v,s,100,99999999999999999999,1,0,1\n",
             location: "row 2, column 4 (converged)", message: "at most 2^53"),
        Case(label: "a header-only baseline", base: header, location: "row 1", message: "no cells"),
        Case(label: "a header-only new summary", base: good, new: header, badIsNew: true, location: "row 1", message: "no cells"),
        Case(label: "an empty file", base: "", location: "row 1", message: "empty"),
        Case(label: "zero replications", base: header + "v,s,0,0,0,0,0\n", location: "row 2, column 3 (replications)", message: "at least 1"),
        Case(label: "negative replications", base: header + "v,s,-5,-2,0.4,0,1\n", location: "row 2, column 3 (replications)",
             message: "got -5"),
        Case(label: "a negative converged count", base: header + "v,s,100,-2,0,0,1\n", location: "row 2, column 4 (converged)",
             message: "got -2"),
        Case(label: "converged > replications", base: good + "v,u,100,150,1.5,1,1\n", location: "row 4, column 4 (converged)",
             message: "more than the cell's 100 replications"),
        Case(label: "a fractional count", base: header + "v,s,100,50.5,0.5,0.4,0.6\n", location: "row 2, column 4 (converged)",
             message: "got 50.5"),
        Case(label: "a signed count", base: header + "v,s,+100,50,0.5,0.4,0.6\n", location: "row 2, column 3 (replications)",
             message: "got +100"),
        Case(label: "a row with too few fields", base: good + "v,u,100\n", location: "row 4", message: "3 fields"),
        Case(label: "a cell twice", base: good + "v,s,100,50,0.5,0.4,0.6\n", location: "row 4", message: "row 2"),
        Case(label: "a header that is not a summary", base: "a,b\n1,2\n", location: "row 1", message: "not a summary.csv"),
        Case(label: "a runs.csv given as the baseline", base: runsHeader + "v,s,0,1,1,2,,00000000000000ab\n", location: "row 1",
             message: "a runs.csv"),
        Case(label: "a runs.csv given as the new file", base: good, new: runsHeader + "v,s,0,1,1,2,,00000000000000ab\n", badIsNew: true,
             location: "row 1", message: "a runs.csv"),
        Case(label: "a paired.csv", base: "variant,strategy_a,strategy_b,replications,rate_a\nv,a,b,10,0.5\n", location: "row 1",
             message: "a paired.csv"),
        Case(label: "a fingerprint list", base: "file,point,variant,strategy,replication,fingerprint\nx,,v,s,0,00000000000000ab\n",
             location: "row 1", message: "fingerprint list"),
        Case(label: "a repeated column name", base: "variant,strategy,replications,converged,converged\nv,s,10,5,5\n",
             location: "row 1, column 5 (converged)", message: "column 4"),
        Case(label: "an unclosed quote", base: header + "\"v,s,100,50,0.5,0.4,0.6\n", location: "row 2, column 1 (variant)", message: "not closed"),
        Case(label: "a quote inside a field", base: header + "v\"x,s,100,50,0.5,0.4,0.6\n", location: "row 2, column 1 (variant)",
             message: "quote"),
        Case(label: "a line break inside a quoted name counts as a line", base: header + "\"v\nw\",s,100,50,0.5,0.4,0.6\nv,s,7,8,1,1,1\n",
             location: "row 4, column 4 (converged)", message: "more than the cell's 7 replications"),
        Case(label: "a sweep summary against a run summary", base: sweep, new: good, badIsNew: true, location: "row 1",
             message: "keyed by variant, strategy"),
        Case(label: "a sweep summary with a bad count", base: sweep + "2,0.3,v,s,100,1.5\n", new: sweep,
             location: "row 4, column 6 (converged)", message: "got 1.5"),
        Case(label: "a sweep summary with a point twice", base: sweep + "0,0.1,v,s,100,50\n", new: sweep, location: "row 4",
             message: "row 2"),
        // The metrics compare tests in every mode: rates' counts, means with interval and n.
        Case(label: "a rate's count above replications", base: metricsHeader + "v,s,100,50,7,101,1.0,0.5,0.4,0.6,0.3,0.2,0.4,40\n",
             location: "row 2, column 6 (runs_with_regression)", message: "more than the cell's 100 replications"),
        Case(label: "a mean outside its interval", base: metricsHeader + "v,s,100,50,7,10,0.1,0.7,0.4,0.6,0.3,0.2,0.4,40\n",
             location: "row 2, column 8 (mean_stale_screen_s)", message: "outside its interval"),
        Case(label: "half a mean's interval, without --intervals", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,,0.6,0.3,0.2,0.4,40\n",
             location: "row 2, column 9 (mean_stale_screen_s_ci_low)", message: "empty while the interval's high end is not"),
        Case(label: "an inverted mean interval, without --intervals", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.6,0.4,0.3,0.2,0.4,40\n",
             location: "row 2, column 9 (mean_stale_screen_s_ci_low)", message: "above its high end"),
        Case(label: "an empty mean whose every run has a value", base: metricsHeader + "v,s,100,50,7,10,0.1,,,,0.3,0.2,0.4,40\n",
             location: "row 2, column 8 (mean_stale_screen_s)", message: "every run has a value"),
        Case(label: "runs with a value above replications", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,0.3,0.2,0.4,140\n",
             location: "row 2, column 14 (mean_freshness_p95_s_runs)", message: "more than the cell's 100 replications"),
        Case(label: "a mean with no run with a value", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,0.3,0.2,0.4,0\n",
             location: "row 2, column 14 (mean_freshness_p95_s_runs)", message: "0 runs with a value, but a mean"),
        Case(label: "an interval over one run", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,0.3,0.2,0.4,1\n",
             location: "row 2, column 14 (mean_freshness_p95_s_runs)", message: "an interval over 1 run"),
        Case(label: "an interval bound without a mean", base: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,,0.2,,0\n",
             location: "row 2, column 12 (mean_freshness_p95_s_ci_low)", message: "without a mean"),
        Case(label: "a bad mean in the new file", base: metricsGood,
             new: metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,1e400,0.2,0.4,40\n", badIsNew: true,
             location: "row 2, column 11 (mean_freshness_p95_s)", message: "got 1e400"),
        // --intervals
        Case(label: "an inverted interval", options: ["--intervals"], base: header + "v,s,100,50,0.5,0.6,0.4\n",
             location: "row 2, column 6 (convergence_rate_ci_low)", message: "above its high end 0.4"),
        Case(label: "a NaN interval", options: ["--intervals"], base: header + "v,s,100,50,0.5,nan,0.6\n",
             location: "row 2, column 6 (convergence_rate_ci_low)", message: "got nan"),
        Case(label: "an infinite interval in the new file", options: ["--intervals"], base: good,
             new: header + "v,s,100,50,0.5,0.4,inf\nv,t,100,60,0.6,0.5,0.7\n", badIsNew: true,
             location: "row 2, column 7 (convergence_rate_ci_high)", message: "got inf"),
        Case(label: "half an interval", options: ["--intervals"], base: header + "v,s,100,50,0.5,,0.6\n",
             location: "row 2, column 6 (convergence_rate_ci_low)", message: "empty"),
        Case(label: "the old interval spelling", options: ["--intervals"],
             base: "variant,strategy,replications,converged,convergence_rate,ci_low,ci_high\nv,s,100,50,0.5,0.4,0.6\n",
             location: "row 1, column 6 (ci_low)", message: "old"),
        Case(label: "a low end without its high end", options: ["--intervals"],
             base: "variant,strategy,replications,converged,x_ci_low\nv,s,100,50,0.4\n",
             location: "row 1, column 5 (x_ci_low)", message: "x_ci_high"),
        Case(label: "no interval at all", options: ["--intervals"], base: "variant,strategy,replications,converged\nv,s,100,50\n",
             new: "variant,strategy,replications,converged\nv,s,100,50\n", location: "row 1", message: "no interval"),
        Case(label: "an interval the new file lacks", options: ["--intervals"], base: good,
             new: "variant,strategy,replications,converged,mean_x,mean_x_ci_low,mean_x_ci_high\nv,s,100,50,1,0.9,1.1\nv,t,100,60,1,0.9,1.1\n",
             badIsNew: true, location: "row 1", message: "no columns convergence_rate_ci_low and convergence_rate_ci_high"),
    ]

    @Test("bad input exits 2 naming the file, row and column", arguments: cases)
    func refused(_ c: Case) throws {
        try expectCompareRefuses(base: c.base, new: c.new, options: c.options, badIsNew: c.badIsNew, location: c.location, message: c.message)
    }

    @Test("good summaries still compare: run and sweep shape, quoted names, CRLF, intervals")
    func goodInputStillCompares() throws {
        let files = try CompareFiles()
        defer { files.remove() }
        let quoted = Self.header + "\"v,1\",s,100,50,0.5,0.4,0.6\r\n\"v\"\"2\",s,100,50,0.5,0.4,0.6\r\n"
        let cases: [(String, String, [String], Int32, String)] = [
            (Self.good, Self.good, ["--intervals"], 0, "every 95% interval still overlaps"),
            (Self.sweep, Self.sweep, [], 0, "2 cells: nothing moved (family-wise alpha 0.001 over 2 tests, Holm"),
            (quoted, quoted, ["--intervals"], 0, "2 cells: every 95% interval still overlaps"),
            (Self.good, Self.header + "v,s,100,95,0.95,0.89,0.98\nv,t,100,60,0.6,0.5,0.7\n", ["--intervals"], 1,
             "variant=v strategy=s: convergence_rate [0.403, 0.597] → [0.89, 0.98]"),
            (Self.good, Self.header + "v,s,100,50,0.5,0.4,0.6\n", [], 1, "variant=v strategy=t: missing from"),
            (Self.metricsGood, Self.metricsGood, [], 0, "1 cell: nothing moved (family-wise alpha 0.001 over 4 tests, Holm; 2 rates"),
            (Self.metricsGood, Self.metricsHeader + "v,s,100,50,7,10,0.1,0.5,0.4,0.6,0.3,,,1\n", [], 0,
             "1 cell mean not tested: fewer than two runs with a value on a side"),
        ]
        for (i, (a, b, options, status, text)) in cases.enumerated() {
            let r = try BuiltPushSim.run(["compare", try files.write("a\(i).csv", a), try files.write("b\(i).csv", b)] + options)
            #expect(r.status == status && r.out.contains(text), "case \(i): exit \(r.status)\n\(r.out)\(r.err)")
        }
    }

    @Test("counts up to 2^53 are tested without overflow")
    func largeCounts() throws {
        let files = try CompareFiles()
        defer { files.remove() }
        let big = "variant,strategy,replications,converged\nv,s,9007199254740992,9007199254740992\n"
        let r = try BuiltPushSim.run(["compare", try files.write("a.csv", big), try files.write("b.csv", big)])
        #expect(r.status == 0 && r.out.contains("1 cell: nothing moved") && r.out.contains("1 test not made, nothing varies"),
                "exit \(r.status)\n\(r.out)\(r.err)")
    }
}
