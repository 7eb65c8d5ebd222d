import Foundation
import Testing
@testable import PushSim

/// `"generator": "mt19937"` draws what the previous release drew: the run fingerprints of
/// the study and the field cases under mt19937 equal the ones committed in
/// Snapshots/mt19937/ (the fingerprint baselines of the last release whose default was
/// mt19937, replications 0–99).
@Suite struct MT19937CompatibilityTests {
    /// "variant/strategy/replication fingerprint" per run of a fingerprint list or runs.csv
    /// (columns found by name), for replications below `below`.
    static func runs(_ csv: String, below: Int) throws -> [String] {
        let rows = CSV.parse(csv)
        let header = rows[0]
        let v = try #require(header.firstIndex(of: "variant")), s = try #require(header.firstIndex(of: "strategy"))
        let r = try #require(header.firstIndex(of: "replication")), f = try #require(header.firstIndex(of: "fingerprint"))
        return rows.dropFirst().filter { Int($0[r])! < below }.map { "\($0[v])/\($0[s])/\($0[r]) \($0[f])" }.sorted()
    }

    @Test("mt19937 reproduces the previous release's run fingerprints", arguments: [
        "push-hint-study", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10",
    ])
    func previousFingerprints(_ name: String) throws {
        let source = name == "push-hint-study" ? "Scenarios/push-hint-study.json" : "Scenarios/cases/\(name).json"
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL(source))) as? [String: Any])
        #expect(json["generator"] == nil, "the reference runs under the default generator")
        json["generator"] = "mt19937"
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        let out = folder.appendingPathComponent("out")
        let replications = min(100, json["replications"] as? Int ?? 100)
        let r = runCLI(["run", file.path, "--out", out.path, "--replications", "\(replications)", "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let expected = try Self.runs(String(contentsOf: scenarioURL("Tests/PushSimEndToEndTests/Snapshots/mt19937/\(name).csv"),
                                            encoding: .utf8), below: replications)
        let seen = try Self.runs(String(contentsOf: out.appendingPathComponent("runs.csv"), encoding: .utf8), below: replications)
        #expect(!expected.isEmpty && seen == expected, "\(zip(seen, expected).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "counts differ")")
    }
}
