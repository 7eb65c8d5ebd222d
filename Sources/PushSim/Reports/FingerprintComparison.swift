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
    }

    /// The first run whose fingerprints differ, or nil when every row agrees.
    /// - Throws: as `mismatches`.
    public static func firstMismatch(_ a: String, _ aName: String, _ b: String, _ bName: String) throws(ScenarioError) -> Mismatch? {
        try mismatches(a, aName, b, bName).first
    }

    /// Every run whose fingerprints differ, in row order (empty when every row agrees).
    /// - Throws: `ScenarioError` at `$` naming the file when it is not a run list (no
    ///   `variant`, `strategy`, `replication` and `fingerprint` columns), or when the two
    ///   lists name different runs or a different number of them.
    /// - Complexity: O(rows).
    public static func mismatches(_ a: String, _ aName: String, _ b: String, _ bName: String) throws(ScenarioError) -> [Mismatch] {
        let ra = try rows(a, aName), rb = try rows(b, bName)
        guard ra.count == rb.count else {
            throw ScenarioError(file: bName, path: "$", message: "\(rb.count) runs, but \(aName) has \(ra.count)")
        }
        var found: [Mismatch] = []
        for (i, (x, y)) in zip(ra, rb).enumerated() {
            guard (x.point, x.variant, x.strategy, x.replication) == (y.point, y.variant, y.strategy, y.replication) else {
                throw ScenarioError(file: bName, path: "$", message: "row \(i + 1) is another run than in \(aName)")
            }
            if x.fingerprint != y.fingerprint {
                found.append(Mismatch(row: i + 1, point: x.point, variant: x.variant, strategy: x.strategy, replication: x.replication,
                                      fingerprints: (x.fingerprint, y.fingerprint)))
            }
        }
        return found
    }

    /// The run list of a `runs.csv` or fingerprint list.
    /// - Throws: `ScenarioError` at `$` naming the file, as `mismatches`.
    public static func rows(_ text: String, _ name: String) throws(ScenarioError) -> [Row] {
        let rows = CSV.parse(text)
        guard let header = rows.first, let v = header.firstIndex(of: "variant"), let s = header.firstIndex(of: "strategy"),
              let r = header.firstIndex(of: "replication"), let f = header.firstIndex(of: "fingerprint") else {
            throw ScenarioError(file: name, path: "$", message: "not a runs.csv with a fingerprint column")
        }
        let p = header.firstIndex(of: "point")
        return try rows.dropFirst().map { row throws(ScenarioError) in
            guard row.count == header.count, let rep = Int(row[r]) else {
                throw ScenarioError(file: name, path: "$", message: "a row does not match the header")
            }
            let point = p.flatMap { row[$0].isEmpty ? nil : row[$0] }
            return Row(point: point, variant: row[v], strategy: row[s], replication: rep, fingerprint: row[f])
        }
    }

    /// The fingerprint list of a `runs.csv`: `file,point,variant,strategy,replication,fingerprint`,
    /// one row per run in the file's order, `file` = `label` (the reference's name).
    /// - Throws: as `rows`.
    public static func list(_ runs: String, _ name: String, label: String) throws(ScenarioError) -> String {
        var out = CSV.record(["file", "point", "variant", "strategy", "replication", "fingerprint"])
        for r in try rows(runs, name) {
            out += CSV.record([label, r.point ?? "", r.variant, r.strategy, String(r.replication), r.fingerprint])
        }
        return out
    }
}
