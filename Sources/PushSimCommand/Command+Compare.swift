import Foundation
import PushSim

extension Command {
    /// `compare BASELINE NEW [--alpha A] [--power P] [--detect D] [--intervals]`: every
    /// metric of every cell of the baseline summary against the new one, rates by the
    /// two-proportion test and means by Welch's t, family-wise at alpha by Holm
    /// (`compareSummaries`), and with `--intervals` every confidence interval for overlap
    /// (`IntervalComparison`). Exit 1 when a test moved, a cell is missing, or an interval moved.
    /// `compare A/runs.csv B/runs.csv --paired [--alpha A]`: the same runs paired, every
    /// cell and numeric column by a sign test with the mean paired difference, family-wise
    /// at alpha by Holm (`PairedRunComparison`).
    /// Each file is read once and checked whole before anything is printed (`SummaryCells`,
    /// `PairedRuns`, `FingerprintComparison.rows`); what cannot be compared honestly throws
    /// a `ScenarioError` naming the file, row and column (exit 2). O(cells) or O(runs).
    static func compare(_ a: Arguments, out: (String) -> Void, err: (String) -> Void, environment: [String: String]) throws -> Int32 {
        try a.allow(flags: ["--intervals", "--fingerprints", "--paired"],
                    options: ["--alpha", "--power", "--detect", "--measured", "--column", "--variant", "--strategy", "--threshold", "--out",
                              "--figure-size"])
        guard a.positional.count == 2 else { throw UsageError("expected BASELINE.csv and NEW.csv") }
        if a.options["--measured"] != nil { return try compareMeasured(a, out: out, err: err, environment: environment) }
        for only in ["--column", "--variant", "--strategy", "--threshold", "--out", "--figure-size"] where a.options[only] != nil {
            throw UsageError("\(only) applies to --measured")
        }
        if a.flags.contains("--fingerprints") {
            guard a.flags.count == 1, a.options.isEmpty else { throw UsageError("--fingerprints takes no other option") }
            return try compareFingerprints(a.positional[0], a.positional[1], out: out)
        }
        let alpha = try a.fraction("--alpha") ?? 0.001
        if a.flags.contains("--paired") {
            guard a.flags.count == 1 else { throw UsageError("--paired takes no other flag (only --alpha)") }
            guard a.options["--power"] == nil, a.options["--detect"] == nil else { throw UsageError("--power and --detect apply to summaries, not --paired") }
            let r = try PairedRunComparison.compare(try bytes(a.positional[0]), a.positional[0], try bytes(a.positional[1]), a.positional[1], alpha: alpha)
            out(r.text())
            return r.moves.isEmpty ? 0 : 1
        }
        let power = try a.fraction("--power") ?? 0.8, detect = try a.fraction("--detect")
        let intervals = a.flags.contains("--intervals")
        // Each file is read once, checked whole before anything is printed.
        let baseline = try SummaryCells.read(try bytes(a.positional[0]), file: a.positional[0], intervals: intervals)
        let current = try SummaryCells.read(try bytes(a.positional[1]), file: a.positional[1], intervals: intervals)
        try SummaryCells.checkComparable(baseline, current)
        let moves = intervals ? try IntervalComparison.moves(baseline: baseline, current: current) : []
        var status = compareSummaries(baseline, current, alpha: alpha, power: power, detect: detect, out: out)
        if intervals {
            status |= report(moves.map(\.description), out: out, ok: "\(baseline.cells.count) cells: every 95% interval still overlaps",
                             moved: "\(moves.count) intervals no longer overlap:")
        }
        return status
    }

    /// Prints `ok` when nothing moved, else `moved` and one indented line per item.
    /// - Returns: the exit status, 0 or 1.
    static func report(_ items: [String], out: (String) -> Void, ok: String, moved: String) -> Int32 {
        guard !items.isEmpty else { out(ok + "\n"); return 0 }
        out(moved + "\n")
        for item in items { out("  \(item)\n") }
        return 1
    }

    /// `compare A B --fingerprints` (each a `runs.csv` or a fingerprint list): exit 1
    /// naming every run whose events differ, one `run: …` line each, the first first (at
    /// most 50 listed, then a count of the rest).
    private static func compareFingerprints(_ a: String, _ b: String, out: (String) -> Void) throws -> Int32 {
        let found = try FingerprintComparison.mismatches(try bytes(a), a, try bytes(b), b)
        guard let m = found.first else {
            out("every run has the same fingerprint\n")
            return 0
        }
        out("fingerprints differ first in row \(m.row) (\(m.fingerprints.0) vs \(m.fingerprints.1)); \(found.count) runs differ\n")
        for x in found.prefix(50) { out("run: \(x.run)\n") }
        if found.count > 50 { out("… and \(found.count - 50) more runs\n") }
        return 1
    }

    /// `fingerprints RUNS.csv [--label NAME]`: the run list of a `runs.csv` (file, point,
    /// variant, strategy, replication, fingerprint) on standard output, for
    /// `Results/baselines/fingerprints/`.
    static func fingerprints(_ a: Arguments, out: (String) -> Void) throws -> Int32 {
        try a.allow(options: ["--label"])
        guard a.positional.count == 1 else { throw UsageError("expected one runs.csv") }
        let path = a.positional[0]
        out(try FingerprintComparison.list(try bytes(path), path, label: a.options["--label"] ?? path))
        return 0
    }

    /// The bytes of the file at `path`, decompressed when it is gzip (`runs.csv.gz`), once
    /// its folder holds one complete report set (`ReportSet.settle`).
    static func bytes(_ path: String) throws(ScenarioError) -> [UInt8] {
        do { try ReportSet.settle(URL(fileURLWithPath: path).deletingLastPathComponent()) } catch let e as ScenarioError { throw e } catch {}
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(file: path, path: "$", message: "cannot read the file")
        }
        guard data.starts(with: [0x1f, 0x8b]) else { return [UInt8](data) }
        do { return try Gzip.decompress([UInt8](data)) } catch {
            throw ScenarioError(file: path, path: "$", message: "cannot decompress the file: \(error.message)")
        }
    }
}
