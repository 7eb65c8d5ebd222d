/// A `runs.csv` as `compare --paired` reads it (`PairedRunComparison`): one run per row,
/// keyed by every column before `seed` (point, axes, variant, strategy, replication), in a
/// cell keyed by every column before `replication`, with the values of its numeric columns.
/// Read once, in one pass (`CSVReader`); a run is found by key in O(1).
///
/// A column after `seed` is numeric when `Columns.runs` says so (a flag, count, time or
/// ratio); a column that table does not know is numeric when its first nonempty value is a
/// number. Every nonempty value of a numeric column must then be a finite number.
/// Refused, as a `ScenarioError` naming the file, row and column: another kind of file (a
/// summary.csv or fingerprint list, named as such), no `replication` before `seed`, no
/// rows, a replication or point that is not a count, a seed that is not an integer in
/// 0 … 2⁶⁴ − 1, a value that is not a number in a numeric column, a run twice.
struct PairedRuns {
    struct Run {
        /// `variant=v strategy=s replication=0` (every column before `seed`).
        var run: String
        /// `variant=v strategy=s` (every column before `replication`).
        var cell: String
        /// The 1-based line of the row.
        var row: Int
        /// The value of each column of `numeric`, NaN where the field is empty.
        var values: [Double]
    }

    var header: [String]
    /// The numeric columns (0-based, in header order).
    var numeric: [Int]
    var runs: [Run]
    /// Run key → index in `runs`.
    var index: [String: Int]

    /// The columns `Columns.runs` declares as text (labels and tallies).
    static let textColumns: Set<String> = Set(Columns.runs.filter { c in
        switch c.value {
        case .label, .tally: true
        case .flag, .count, .duration, .decimal: false
        }
    }.map(\.name))

    /// Reads the runs.csv `bytes` named `file`; `like` a first file read before, whose
    /// header and numeric columns this one must have.
    static func read(_ bytes: [UInt8], file: String, like first: PairedRuns? = nil) throws(ScenarioError) -> PairedRuns {
        var out = PairedRuns(header: [], numeric: [], runs: [], index: [:])
        var replication = 0, seed = 0, point: Int?
        // Candidates: the non-text columns after seed; state 0 undecided, 1 numeric, 2 text.
        var candidates: [Int] = [], state: [UInt8] = []
        try CSVReader.read(bytes, file: file, header: { (r: CSVReader) throws(ScenarioError) in
            guard let rep = r.column("replication"), let s = r.column("seed"), rep < s else {
                if let kind = r.kind, !kind.hasPrefix("a runs.csv") {
                    throw r.error(row: 1, "\(kind), not a runs.csv" + (kind.hasPrefix("a fingerprint")
                        ? ": it has no per-run values; compare it with --fingerprints" : ": --paired compares the per-run rows (runs.csv)"))
                }
                throw r.error(row: 1, "not a runs.csv: no replication column before a seed column")
            }
            if let first, r.header != first.header {
                let c = r.header.indices.first { $0 >= first.header.count || r.header[$0] != first.header[$0] } ?? r.header.count
                throw r.error(row: 1, column: c < r.header.count ? c : nil,
                              "its columns differ from the other file's (\(r.header.count) vs \(first.header.count) columns"
                              + (c < first.header.count ? "; column \(c + 1) there is \(first.header[c]))" : ")"))
            }
            (replication, seed, point) = (rep, s, r.column("point").flatMap { $0 < rep ? $0 : nil })
            out.header = r.header
            if let first {
                candidates = first.numeric
                state = Array(repeating: 1, count: candidates.count)
            } else {
                candidates = (s + 1 ..< r.header.count).filter { !textColumns.contains(r.header[$0]) }
                state = candidates.map { Columns.runNames.contains(r.header[$0]) ? 1 : 0 }
            }
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            _ = try record.count(replication)
            if let point { _ = try record.count(point) }
            guard !record.isEmpty(seed), record[seed].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), UInt64(record[seed]) != nil else {
                throw record.error(seed, "expected a seed (an integer in 0 … 2^64 − 1), got \(record.isEmpty(seed) ? "an empty field" : record[seed])")
            }
            var values: [Double] = []
            values.reserveCapacity(candidates.count)
            for (k, c) in candidates.enumerated() {
                if state[k] == 0, !record.isEmpty(c) { state[k] = CSVRecord.decimal(record[c]) == nil ? 2 : 1 }
                if state[k] == 1, let x = try record.number(c) { values.append(x) } else { values.append(.nan) }
            }
            let run = Run(run: (0..<seed).map { "\(out.header[$0])=\(record[$0])" }.joined(separator: " "),
                          cell: (0..<replication).map { "\(out.header[$0])=\(record[$0])" }.joined(separator: " "),
                          row: record.row, values: values)
            if let earlier = out.index.updateValue(out.runs.count, forKey: run.run) {
                throw record.error(nil, "the run \(run.run) again (first in row \(out.runs[earlier].row)); a runs.csv has each run once")
            }
            out.runs.append(run)
        })
        guard !out.runs.isEmpty else {
            throw ScenarioError(file: file, path: "row 1", message: "a header and no runs: nothing to pair, and an empty file would pass any comparison")
        }
        // Keep the numeric columns; undecided ones (empty in every row) hold no difference.
        let keep = state.indices.filter { state[$0] == 1 }
        out.numeric = keep.map { candidates[$0] }
        if keep.count < candidates.count {
            for i in out.runs.indices { out.runs[i].values = keep.map { out.runs[i].values[$0] } }
        }
        return out
    }
}
