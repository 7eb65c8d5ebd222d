import Foundation
@testable import PushSim

/// Fleet scenarios for the tests, as JSON text, and the fleet files of a run read back.
enum FleetSupport {
    /// A fleet file of `folder` as rows of named cells (header first).
    static func table(_ folder: URL, _ name: String) throws -> [[String: String]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let rows = CSV.parse(text)
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// Runs `json` (written to a file in a fresh folder) with `args`; returns the folder of
    /// its reports and the command's result.
    static func run(_ json: String, _ args: [String] = [], name: String = "fleet.json") throws -> (out: URL, status: Int32, err: String) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent(name)
        try json.write(to: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let r = runCLI(["run", file.path, "--out", out.path, "--no-plot", "--quiet"] + args)
        return (out, r.status, r.err)
    }

    /// The wake scenario: `recipients` in Europe/Berlin with quiet hours 22:00-07:00, one
    /// change each during the night, one shared outbox (`workers` × `batch` rows a minute).
    static func wake(recipients: Int, workers: Int, batch: Int, replications: Int = 1, stagger: Bool = false) -> String {
        """
        {"name": "wake", "seed": 5, "replications": \(replications), "horizon": "13h", "start": "2026-03-02T20:00:00Z",
         "recipient": {"timeZone": "Europe/Berlin", "quietHours": {"from": "22:00", "to": "07:00"}},
         "server": {"keys": 1, "retainLast": 4, "changes": {"count": 1, "start": "2h", "stages": [{"name": "night", "after": {"kind": "uniform", "min": 0, "max": 7, "unit": "h"}}]}},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
         "fleet": {"population": {"count": \(recipients)},
                   "sender": {"kind": "outbox", "workers": \(workers), "batch": \(batch), "period": "1m", "stagger": \(stagger)}}}
        """
    }
}
