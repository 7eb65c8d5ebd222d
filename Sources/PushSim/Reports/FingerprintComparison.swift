/// Compares the `fingerprint` column of two `runs.csv` files row by row: the first run
/// whose events differ, for `make check-determinism` (which then traces that run).
public enum FingerprintComparison {
    /// The first run whose fingerprints differ.
    public struct Mismatch: Sendable, Equatable {
        /// 1-based data row.
        public var row: Int
        public var variant: String
        public var strategy: String
        public var replication: Int
        public var fingerprints: (String, String)

        public static func == (a: Mismatch, b: Mismatch) -> Bool {
            (a.row, a.variant, a.strategy, a.replication, a.fingerprints.0, a.fingerprints.1)
                == (b.row, b.variant, b.strategy, b.replication, b.fingerprints.0, b.fingerprints.1)
        }
    }

    /// The first run whose fingerprints differ, or nil when every row agrees.
    /// - Throws: `ScenarioError` at `$` naming the file when it is not a run `runs.csv`
    ///   (no `variant`, `strategy`, `replication` and `fingerprint` columns), or when the two
    ///   files list different runs or a different number of them.
    public static func firstMismatch(_ a: String, _ aName: String, _ b: String, _ bName: String) throws(ScenarioError) -> Mismatch? {
        let ra = try rows(a, aName), rb = try rows(b, bName)
        guard ra.count == rb.count else {
            throw ScenarioError(file: bName, path: "$", message: "\(rb.count) runs, but \(aName) has \(ra.count)")
        }
        for (i, (x, y)) in zip(ra, rb).enumerated() {
            guard x.run == y.run else { throw ScenarioError(file: bName, path: "$", message: "row \(i + 1) is another run than in \(aName)") }
            if x.fingerprint != y.fingerprint {
                return Mismatch(row: i + 1, variant: x.run.0, strategy: x.run.1, replication: x.run.2, fingerprints: (x.fingerprint, y.fingerprint))
            }
        }
        return nil
    }

    private static func rows(_ text: String, _ name: String) throws(ScenarioError) -> [(run: (String, String, Int), fingerprint: String)] {
        let rows = CSV.parse(text)
        guard let header = rows.first, let v = header.firstIndex(of: "variant"), let s = header.firstIndex(of: "strategy"),
              let r = header.firstIndex(of: "replication"), let f = header.firstIndex(of: "fingerprint") else {
            throw ScenarioError(file: name, path: "$", message: "not a runs.csv with a fingerprint column")
        }
        return try rows.dropFirst().map { row throws(ScenarioError) in
            guard row.count == header.count, let rep = Int(row[r]) else {
                throw ScenarioError(file: name, path: "$", message: "a row does not match the header")
            }
            return ((row[v], row[s], rep), row[f])
        }
    }
}
