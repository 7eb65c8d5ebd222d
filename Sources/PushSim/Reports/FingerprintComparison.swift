/// Compares the `fingerprint` column of two run lists row by row: a `runs.csv`, or a
/// fingerprint list (`Results/baselines/fingerprints/<name>.csv`, written by
/// `pushsim fingerprints`). A run is identified by its `point` (sweeps; absent otherwise),
/// `variant`, `strategy` and `replication`; `make regress` names every run whose events
/// changed, `make check-determinism` traces the first one.
public enum FingerprintComparison {
    /// A run whose fingerprints differ.
    public struct Mismatch: Sendable, Equatable {
        /// 1-based data row.
        public var row: Int
        /// The sweep point (`nil` in a plain run's list).
        public var point: String?
        public var variant: String
        public var strategy: String
        public var replication: Int
        public var fingerprints: (String, String)

        public static func == (a: Mismatch, b: Mismatch) -> Bool {
            (a.row, a.point, a.variant, a.strategy, a.replication) == (b.row, b.point, b.variant, b.strategy, b.replication)
                && a.fingerprints == b.fingerprints
        }

        /// `point=P variant=V strategy=S replication=R` (no `point=` outside sweeps).
        public var run: String {
            (point.map { "point=\($0) " } ?? "") + "variant=\(variant) strategy=\(strategy) replication=\(replication)"
        }
    }

    /// One row of a run list.
    public struct Row: Sendable, Equatable {
        public var point: String?
        public var variant: String
        public var strategy: String
        public var replication: Int
        public var fingerprint: String
        /// The 1-based line of the row in its file (the header is row 1).
        public var line: Int

        /// `point=P variant=V strategy=S replication=R` (no `point=` outside sweeps).
        public var run: String {
            (point.map { "point=\($0) " } ?? "") + "variant=\(variant) strategy=\(strategy) replication=\(replication)"
        }
    }

    /// The first run whose fingerprints differ, or nil when every row agrees.
    /// - Throws: as `mismatches`.
    public static func firstMismatch(_ a: String, _ aName: String, _ b: String, _ bName: String) throws(ScenarioError) -> Mismatch? {
        try mismatches(Array(a.utf8), aName, Array(b.utf8), bName).first
    }

    /// Every run whose fingerprints differ, in row order (empty when every row agrees).
    /// - Throws: `ScenarioError` naming the file, row and column when a file is not a run
    ///   list (`rows`), or when the two lists name another run in the same row or a
    ///   different number of runs.
    /// - Complexity: O(rows).
    public static func mismatches(_ a: [UInt8], _ aName: String, _ b: [UInt8], _ bName: String) throws(ScenarioError) -> [Mismatch] {
        let ra = try rows(a, aName), rb = try rows(b, bName)
        var found: [Mismatch] = []
        for (i, (x, y)) in zip(ra, rb).enumerated() {
            guard (x.point, x.variant, x.strategy, x.replication) == (y.point, y.variant, y.strategy, y.replication) else {
                throw ScenarioError(file: bName, path: "row \(y.line)", message: "the run \(y.run), but row \(x.line) of \(aName) is \(x.run): "
                                    + "the two lists must name the same runs in the same order")
            }
            if x.fingerprint != y.fingerprint {
                found.append(Mismatch(row: i + 1, point: x.point, variant: x.variant, strategy: x.strategy, replication: x.replication,
                                      fingerprints: (x.fingerprint, y.fingerprint)))
            }
        }
        if ra.count > rb.count {
            let x = ra[rb.count]
            throw ScenarioError(file: aName, path: "row \(x.line)", message: "the run \(x.run) is not in \(bName), which has \(rb.count) runs to this file's \(ra.count)")
        }
        if rb.count > ra.count {
            let y = rb[ra.count]
            throw ScenarioError(file: bName, path: "row \(y.line)", message: "the run \(y.run) is not in \(aName), which has \(ra.count) runs to this file's \(rb.count)")
        }
        return found
    }

    /// The run list of a `runs.csv` or fingerprint list, in file order.
    /// - Throws: `ScenarioError` naming the file, row and column: another kind of file (a
    ///   summary.csv, named as such), no `variant`, `strategy`, `replication` and
    ///   `fingerprint` columns, no rows, a replication or point that is not a count, a
    ///   fingerprint that is not 16 hexadecimal digits, a run twice.
    public static func rows(_ bytes: [UInt8], _ name: String) throws(ScenarioError) -> [Row] {
        var v = 0, s = 0, r = 0, f = 0, p: Int?
        var out: [Row] = [], seen: [String: Int] = [:]
        try CSVReader.read(bytes, file: name, header: { (h: CSVReader) throws(ScenarioError) in
            guard let vc = h.column("variant"), let sc = h.column("strategy"), let rc = h.column("replication"), let fc = h.column("fingerprint") else {
                if let kind = h.kind, !kind.hasPrefix("a runs.csv"), !kind.hasPrefix("a fingerprint") {
                    throw h.error(row: 1, "\(kind), not a run list: --fingerprints and fingerprints read a runs.csv or a fingerprint list")
                }
                throw h.error(row: 1, "not a runs.csv or fingerprint list: no variant, strategy, replication and fingerprint columns")
            }
            (v, s, r, f, p) = (vc, sc, rc, fc, h.column("point"))
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            let replication = try record.count(r)
            let fingerprint = try record.fingerprint(f)
            var point: String?
            if let p, !record.isEmpty(p) {
                _ = try record.count(p)
                point = record[p]
            }
            let row = Row(point: point, variant: record[v], strategy: record[s], replication: replication, fingerprint: fingerprint, line: record.row)
            if let earlier = seen.updateValue(row.line, forKey: row.run) {
                throw record.error(nil, "the run \(row.run) again (first in row \(earlier)); a run list has each run once")
            }
            out.append(row)
        })
        guard !out.isEmpty else {
            throw ScenarioError(file: name, path: "row 1", message: "a header and no runs: an empty list would pass any comparison")
        }
        return out
    }

    /// The fingerprint list of a `runs.csv`: `file,point,variant,strategy,replication,fingerprint`,
    /// one row per run in the file's order, `file` = `label` (the reference's name).
    /// - Throws: as `rows`.
    public static func list(_ runs: [UInt8], _ name: String, label: String) throws(ScenarioError) -> String {
        var out = CSV.record(["file", "point", "variant", "strategy", "replication", "fingerprint"])
        for r in try rows(runs, name) {
            out += CSV.record([label, r.point ?? "", r.variant, r.strategy, String(r.replication), r.fingerprint])
        }
        return out
    }
}
