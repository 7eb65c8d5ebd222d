import Foundation
import Testing
@testable import PushSim

/// A fleet sweep point's own parts (`p<i>.fleet.csv`, `p<i>.fleet-summary.csv`): checked
/// against the point's done record when the sweep is assembled, prefixed with the point's
/// axis values, and numbered by replication when a target half-width adds replications.
@Suite struct FleetSweepPartsTests {
    static func sweep(in folder: URL, replications: Int = 2) throws -> URL {
        try FleetSupport.wake(recipients: 60, workers: 1, batch: 50, replications: replications)
            .write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
        let sweep = folder.appendingPathComponent("sweep.json")
        try #"{"name": "wake-sweep", "base": "base.json", "axes": [{"name": "batch", "path": "fleet.sender.batch", "values": [10, 50]}]}"#
            .write(to: sweep, atomically: true, encoding: .utf8)
        return sweep
    }

    static let files = ["fleet.csv", "fleet-summary.csv", "summary.csv", "paired.csv", "runs.csv"]
    static func files(_ folder: URL) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: files.map { ($0, FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) ?? Data()) })
    }

    @Test("A fleet part changed in place (same size) is found at assembly and its point recomputed", arguments: ["fleet", "fleet-summary"])
    func damagedFleetPartIsRecomputed(part: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sweep = try Self.sweep(in: folder)
        let whole = folder.appendingPathComponent("whole"), damaged = folder.appendingPathComponent("damaged")
        let args = ["sweep", sweep.path, "--quiet", "--no-plot"]
        #expect(runCLI(args + ["--out", whole.path]).status == 0)
        try FileManager.default.copyItem(at: whole, to: damaged)
        let url = damaged.appendingPathComponent("points/p000001.\(part).csv")
        var bytes = [UInt8](try Data(contentsOf: url))
        let i = try #require(bytes.lastIndex { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        bytes[i] = bytes[i] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
        try Data(bytes).write(to: url)
        try FileManager.default.removeItem(at: damaged.appendingPathComponent("fleet.csv"))
        #expect(runCLI(args + ["--out", damaged.path]).status == 0)
        #expect(Self.files(damaged) == Self.files(whole))
        #expect(try Data(contentsOf: url) != Data(bytes), "the damaged part was rewritten")
    }

    @Test("A fleet sweep's fleet.csv rows carry their point's axis value")
    func fleetRowsCarryTheAxis() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(runCLI(["sweep", try Self.sweep(in: folder).path, "--quiet", "--no-plot", "--out", out.path]).status == 0)
        let rows = try FleetSupport.table(out, "fleet.csv")
        #expect(rows.map { $0["batch"] ?? "-" } == ["10", "10", "50", "50"])
    }

    /// A target half-width no point reaches: replications double from 1 to the cap of 4,
    /// so each point holds fleet replications 0, 1, 2 and 3, each once.
    @Test("Replications added for a target half-width continue the numbering of a fleet point's runs")
    func addedReplicationsContinue() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let r = runCLI(["sweep", try Self.sweep(in: folder, replications: 1).path, "--quiet", "--no-plot", "--out", out.path,
                        "--target-halfwidth", "0.000001", "--max-replications", "4"])
        #expect(r.status == 0, "\(r.err)")
        let rows = try FleetSupport.table(out, "fleet.csv")
        #expect(rows.map { $0["replication"] ?? "-" } == ["0", "1", "2", "3", "0", "1", "2", "3"])
    }

    /// SweepPoints.removeStalePoints removes "every point file that is not part of a done
    /// point of this plan", the fleet parts included (`pointIndex(ofFile:)` once did not
    /// know their names and left them behind).
    @Test("A plan change removes the old points' fleet parts with their other parts")
    func planChangeRemovesFleetParts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), points = out.appendingPathComponent("points")
        #expect(runCLI(["sweep", try Self.sweep(in: folder).path, "--quiet", "--no-plot", "--out", out.path]).status == 0)
        let one = folder.appendingPathComponent("one.json")
        try #"{"name": "wake-sweep", "base": "base.json", "axes": [{"name": "batch", "path": "fleet.sender.batch", "values": [20]}]}"#
            .write(to: one, atomically: true, encoding: .utf8)
        #expect(runCLI(["sweep", one.path, "--quiet", "--no-plot", "--out", out.path]).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: points.path).filter { $0.hasPrefix("p000001.") }
        #expect(!left.contains("p000001.summary.csv") && !left.contains("p000001.done"))
        #expect(left.isEmpty, "\(left.sorted())")
    }
}
