import Foundation
import Synchronization

/// A file of observed samples: a CSV (docs/csv.md's dialect) whose one column, or the column
/// named, holds one finite number per row. Read by the `empirical` distribution's `file`
/// and by `pushsim fit`.
///
/// The first row is the header. A file of one column may have none: when its first row is
/// a number, that row is a sample too. Every other row must hold a finite decimal number in
/// the column (an empty field or a blank line is an error); other columns are not read.
public enum SampleFile {
    /// The `JSONDecoder.userInfo` key of the folder (`URL`) relative sample files are in:
    /// the scenario file's (`decodeStrictJSON`).
    public static let directoryKey = CodingUserInfoKey(rawValue: "PushSim.SampleFile.directory")!
    /// The `JSONDecoder.userInfo` key of the `Log` that decoding records the files it read in.
    static let logKey = CodingUserInfoKey(rawValue: "PushSim.SampleFile.log")!

    /// A file a scenario's distributions read: its name as the scenario gives it and the
    /// FNV-1a 64 checksum of its bytes (for `meta.json`'s `sample_files`).
    public struct Source: Sendable, Hashable, Comparable {
        public let file: String
        public let fnv1a64: String
        public static func < (a: Source, b: Source) -> Bool { (a.file, a.fnv1a64) < (b.file, b.fnv1a64) }
    }

    /// The files one decoding read, in no particular order (`sources` sorts them).
    /// Sendable (a decoder's `userInfo` holds it) through its lock.
    final class Log: Sendable {
        private let entries = Mutex<Set<Source>>([])
        func record(_ file: String, _ bytes: [UInt8]) {
            let s = Source(file: file, fnv1a64: FNV1a64.hex(bytes))
            entries.withLock { _ = $0.insert(s) }
        }
        /// Every file read, sorted by name, once each.
        var sources: [Source] { entries.withLock { $0.sorted() } }
    }


    /// The samples of `path`, in file order.
    /// - Parameters:
    ///   - path: the file as the user named it (in errors); relative paths are resolved
    ///     against `directory` when given, else the working directory.
    ///   - column: the header name of the column to read; nil for a file of one column.
    /// - Throws: `ScenarioError` naming the file and, for a bad row, `row N, column K (name)`:
    ///   an unreadable or empty file, no such column, more than one column and none named,
    ///   a field that is not a finite number, no samples at all.
    public static func read(_ path: String, column: String? = nil, relativeTo directory: URL? = nil) throws(ScenarioError) -> [Double] {
        try read(path, column: column, relativeTo: directory, log: nil)
    }

    /// `path` as a file URL: absolute as it is, relative from `directory` (a folder) when
    /// given, else from the working directory.
    static func resolve(_ path: String, in directory: URL?) -> URL {
        guard let directory, !path.hasPrefix("/") else { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory.path, isDirectory: true))
    }

    /// The bytes of a file a scenario reads (`path` relative to `directory`), recorded in
    /// `log` when given.
    /// - Throws: `ScenarioError` at `$` of `path`: "cannot read `what` (the resolved path): why".
    static func contents(_ path: String, relativeTo directory: URL?, what: String, log: Log?) throws(ScenarioError) -> [UInt8] {
        let url = resolve(path, in: directory)
        let bytes: [UInt8]
        do { bytes = [UInt8](try Data(contentsOf: url)) } catch {
            let resolved = url.path == path ? "" : " (\(url.standardized.path))"
            throw ScenarioError(file: path, path: "$", message: "cannot read \(what)\(resolved): \((error as NSError).localizedDescription)")
        }
        log?.record(path, bytes)
        return bytes
    }

    /// `read`, recording the file in `log` when given.
    static func read(_ path: String, column: String?, relativeTo directory: URL?, log: Log?) throws(ScenarioError) -> [Double] {
        let bytes = try contents(path, relativeTo: directory, what: "the samples", log: log)
        var index = 0
        var samples: [Double] = []
        try CSVReader.read(bytes, file: path, header: { (reader: CSVReader) throws(ScenarioError) in
            if let column {
                guard let c = reader.column(column) else {
                    throw ScenarioError(file: path, path: "row 1", message: "no column \"\(column)\"; the header has: \(reader.header.joined(separator: ", "))")
                }
                index = c
            } else {
                guard reader.header.count == 1 else {
                    throw ScenarioError(file: path, path: "row 1", message: "\(reader.header.count) columns (\(reader.header.joined(separator: ", "))); "
                                        + "name the one to read")
                }
                if let x = CSVRecord.decimal(reader.header[0]) { samples.append(x) }
            }
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            guard let x = try record.number(index) else { throw record.error(index, "an empty field; expected a finite decimal number") }
            samples.append(x)
        })
        guard !samples.isEmpty else { throw ScenarioError(file: path, path: "$", message: "no samples: the file has a header and no rows") }
        return samples
    }
}
