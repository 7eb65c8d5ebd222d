/// Writes `runs.csv`: one row per (variant, strategy, replication), in report order
/// (replications ascending, then variants, then strategies; see `Simulation`), one field
/// per `Columns.runs` column. docs/csv.md describes each column.
public enum RunsTable {
    /// The header row, in order.
    public static var columns: [String] { Columns.runNames }

    /// Appends the row, with its line ending, to `line`: the hot path of `pushsim run` and
    /// sweeps (bytes, no per-row strings). `prefix` fields (sweep run id, point, axes)
    /// come first; `seed` is the scenario seed.
    public static func append(to line: inout CSVLine, prefix: [String] = [], variant: String, strategy: String, replication: Int,
                              seed: UInt64, outcome o: RunOutcome) {
        for p in prefix { line.append(p) }
        let record = RunRecord(variant: variant, strategy: strategy, replication: replication, seed: seed, outcome: o)
        // Through the buffer, not `for c in Columns.runs` (a copy of each column) nor an
        // array of the closures (a reabstraction thunk copying the record per call); numeric
        // columns straight from their context-free value closures (`Column.append`).
        Columns.runs.withUnsafeBufferPointer { columns in
            for i in columns.indices where !Column.append(columns[i].value, of: o, to: &line) { columns[i].write(record, &line) }
        }
        line.end()
    }

    /// The same row as text (for tests and tools; `append` is the writer).
    public static func record(prefix: [String] = [], variant: String, strategy: String, replication: Int, seed: UInt64,
                              outcome o: RunOutcome) -> String {
        var line = CSVLine()
        append(to: &line, prefix: prefix, variant: variant, strategy: strategy, replication: replication, seed: seed, outcome: o)
        return String(decoding: line.bytes, as: UTF8.self)
    }
}
