import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The point files of a sweep under `points/`: per point `i`, its parts `p<i>.runs.csv`
/// (`.runs.csv.gz`; none for `--runs none`), `p<i>.summary.csv` and `p<i>.paired.csv`
/// (with `--messages`, `p<i>.messages.csv` or `.messages.csv.gz`; a fleet's `p<i>.fleet.csv`
/// and `p<i>.fleet-summary.csv`), then its done record `p<i>.done`, written last: the plan's fingerprint and each part's
/// CRC-32 and size (`Checksum`). A point is done when its record names this plan and every
/// part has the recorded size; the CRC-32s are checked whenever the parts are read
/// (assembly, merge). So a point of another plan (left by a plan change that was
/// interrupted, or copied in), a truncated part, or a part without a record is never
/// taken for a finished one. Parts are not synced to the device: a power loss costs the
/// points whose bytes did not reach it, which their records then fail to match.
extension SweepManifest {
    /// What `p<i>.done` holds.
    struct DoneRecord: Codable, Equatable {
        /// `SweepManifest.fingerprint` of the plan that computed the point.
        var plan: String
        /// Part name (`runs`, `summary`, `paired`, `messages`, …) → checksum of its file.
        var parts: [String: Checksum]
    }

    /// The file of part `part` of `point` in `folder`: `p<6 digits>.<part>.csv`, with `.gz`
    /// for a rows part (`runs`, `messages`) whose format is `gzip`.
    func partURL(_ point: Int, _ part: String, in folder: URL) -> URL {
        let gzip = (part == "runs" && runsFormat == .gzip) || (part == "messages" && messagesFormat == .gzip)
        let gz = gzip ? ".gz" : ""
        return folder.appendingPathComponent(String(format: "p%06d.%@.csv", point, part) + gz)
    }

    func doneURL(_ point: Int, in folder: URL) -> URL {
        folder.appendingPathComponent(String(format: "p%06d.done", point))
    }

    /// The parts of a point: `runs` (unless the format is `none`), `summary`, `paired`, a
    /// fleet's `fleet` and `fleet-summary`, and `messages` with `--messages` csv or gzip.
    var parts: [String] {
        (runsFormat.writesRows ? ["runs"] : []) + ["summary", "paired"] + (fleetHeader != nil ? ["fleet", "fleet-summary"] : [])
            + (messagesFormat?.writesRows == true ? ["messages"] : [])
    }

    /// The done record of `point`, if it names this plan and its parts have their sizes.
    func doneRecord(_ point: Int, in folder: URL) -> DoneRecord? {
        if case let .done(record) = state(point, in: folder) { return record }
        return nil
    }

    /// Where a point stands in a folder.
    enum PointState {
        /// No record of this plan (none, an unreadable one, or another plan's).
        case absent
        case done(DoneRecord)
        /// A record of this plan whose parts are missing or have other sizes.
        case damaged
    }

    func state(_ point: Int, in folder: URL) -> PointState {
        guard let data = FileManager.default.contents(atPath: doneURL(point, in: folder).path),
              let record = try? JSONDecoder().decode(DoneRecord.self, from: data),
              record.plan == fingerprint, Set(record.parts.keys) == Set(parts) else { return .absent }
        for (part, sum) in record.parts {
            var info = stat()
            guard stat(partURL(point, part, in: folder).path, &info) == 0, Int(info.st_size) == sum.size else { return .damaged }
        }
        return .done(record)
    }

    /// The points of this plan that are done in `folder` (one record read per point).
    func donePoints(in folder: URL) -> Set<Int> {
        Set((0..<pointCount).filter { doneRecord($0, in: folder) != nil })
    }

    func writeDoneRecord(_ record: DoneRecord, _ point: Int, in folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n", to: doneURL(point, in: folder), durable: false)
    }

    /// Removes from `folder` every point file that is not part of a done point of this
    /// plan (`done`): parts and records of other plans, of unfinished points, of indices
    /// past this plan's, and partial files of dead writers. Other files and folders stay.
    /// The caller holds the results folder's lock, so no live writer owns these files.
    func removeStalePoints(in folder: URL, done: Set<Int>) throws {
        AtomicFile.removeStaleTemporaries(in: folder)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            guard let index = Self.pointIndex(ofFile: name), !done.contains(index) else { continue }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            FailPoint.reach("points.remove")
        }
    }

    /// The point index of a point file's name (`p000012.summary.csv`, `p000012.done`, a
    /// fleet point's `p000012.fleet.csv` and `p000012.fleet-summary.csv`, the messages part
    /// `p000012.messages.csv(.gz)`, …), nil for any other name.
    static func pointIndex(ofFile name: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count > 8, bytes[0] == UInt8(ascii: "p"), bytes[7] == UInt8(ascii: "."),
              bytes[1...6].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let rest = String(decoding: bytes[8...], as: UTF8.self)
        guard ["done", "runs.csv", "runs.csv.gz", "summary.csv", "paired.csv", "fleet.csv", "fleet-summary.csv",
                "messages.csv", "messages.csv.gz"].contains(rest) else { return nil }
        return Int(String(decoding: bytes[1...6], as: UTF8.self))
    }

    /// Computes point `point` into its parts (runs and messages streamed, unless their
    /// format is `none`), then its done record.
    func compute(_ point: SweepPlan.Point, axes: [Axis], options: SweepRunner.Options, into folder: URL, progress: (Int) -> Void) throws {
        let runs = try RunsWriter(runsFormat, url: partURL(point.index, "runs", in: folder), durable: false)
        defer { runs.abandon() }
        let messages = try RunsWriter(messagesFormat ?? .none, url: partURL(point.index, "messages", in: folder), durable: false)
        defer { messages.abandon() }
        let result = try PointResult.compute(point, axes: axes, jobs: options.jobs, targetHalfwidth: options.targetHalfwidth,
                                             cap: options.maxReplications, runs: runs, messages: messages, progress: progress)
        var record = DoneRecord(plan: fingerprint, parts: [:])
        try runs.commit()
        if let file = runs.file { record.parts["runs"] = file.checksum }
        FailPoint.reach("point.part")
        try messages.commit()
        if let file = messages.file {
            record.parts["messages"] = file.checksum
            FailPoint.reach("point.part")
        }
        record.parts["summary"] = try AtomicFile.write(result.summaryRows(), to: partURL(point.index, "summary", in: folder), durable: false)
        FailPoint.reach("point.part")
        record.parts["paired"] = try AtomicFile.write(result.pairedRows(), to: partURL(point.index, "paired", in: folder), durable: false)
        FailPoint.reach("point.part")
        if fleetHeader != nil {
            for (part, rows) in [("fleet", result.fleetRows), ("fleet-summary", result.fleetSummaryRows())] {
                record.parts[part] = try AtomicFile.write(String(decoding: rows, as: UTF8.self), to: partURL(point.index, part, in: folder), durable: false)
                FailPoint.reach("point.part")
            }
        }
        try writeDoneRecord(record, point.index, in: folder)
        FailPoint.reach("point.done")
    }

    /// Copies done point `point` of another folder (`source`, same plan) into `folder`,
    /// checking every part against its record as it is copied; the record is written last.
    /// - Returns: false (nothing kept) when a part does not match its record.
    func copyPoint(_ point: Int, record: DoneRecord, from source: URL, into folder: URL) throws -> Bool {
        for part in parts {
            let file = try AtomicFile(partURL(point, part, in: folder), durable: false)
            defer { file.abandon() }
            guard try file.append(contentsOf: partURL(point, part, in: source)) == record.parts[part] else { return false }
            try file.commit()
            FailPoint.reach("merge.copy")
        }
        try writeDoneRecord(record, point, in: folder)
        return true
    }
}
