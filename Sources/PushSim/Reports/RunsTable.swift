/// The columns of `runs.csv`: one row per (variant, strategy, replication), in report
/// order (replications ascending, then variants, then strategies; see `Simulation`). Units are in the names;
/// docs/csv.md describes each column.
public enum RunsTable {
    /// The header row, in order.
    public static let columns = ["variant", "strategy", "replication", "seed", "converged", "convergence_time_s", "final_cursor"]
        + RunMetrics.all.map(\.name) + ["rejected_codes"] + SenderColumns.runColumns + ExperienceColumns.runColumns

    /// One row's fields; `seed` is the scenario seed (stream seeds derive from it and the replication).
    public static func fields(variant: String, strategy: String, replication: Int, seed: UInt64, outcome o: RunOutcome) -> [String] {
        var f = [variant, strategy, String(replication), String(seed), o.converged ? "1" : "0"]
        f.append(o.convergenceTime.map { SecondsFormat.string($0.microseconds) } ?? "")
        f.append(String(o.finalCursor))
        for m in RunMetrics.all { f.append(String(m.value(o))) }
        f.append(RunMetrics.rejectionCodes(o.rejections))
        return f + SenderColumns.runFields(o.sender) + ExperienceColumns.runFields(o)
    }

    /// The same row as `CSV.record(fields(...))`, as text (see `append(to:...)`).
    public static func record(prefix: [String] = [], variant: String, strategy: String, replication: Int, seed: UInt64,
                              outcome o: RunOutcome) -> String {
        var line = CSVLine()
        append(to: &line, prefix: prefix, variant: variant, strategy: strategy, replication: replication, seed: seed, outcome: o)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Appends the row, with its line ending, to `line` as the bytes of
    /// `CSV.record(prefix + fields(...))`: the hot path of `pushsim run` and sweeps.
    /// `prefix` fields (sweep run id, point, axes) come first.
    public static func append(to line: inout CSVLine, prefix: [String] = [], variant: String, strategy: String, replication: Int,
                              seed: UInt64, outcome o: RunOutcome) {
        for p in prefix { line.append(p) }
        line.append(variant); line.append(strategy)
        line.append(replication); line.append(seed); line.append(o.converged ? 1 : 0)
        line.appendSeconds(o.convergenceTime?.microseconds)
        line.append(Int(o.finalCursor))
        for m in RunMetrics.all { line.append(m.value(o)) }
        line.append(o.rejections.contains { $0 != 0 } ? RunMetrics.rejectionCodes(o.rejections) : "")
        SenderColumns.append(o.sender, to: &line)
        ExperienceColumns.append(o, to: &line)
        line.end()
    }
}
