import Foundation

/// A recorded list of server changes (a change schedule's `trace`; docs/model.md,
/// Trace-driven devices): a CSV with `time_s` (seconds ≥ 0, rounded to the microsecond, in
/// time order) and optionally `key` (an integer ≥ 0); without `key`, each change's key is
/// drawn as a schedule of random keys draws it.
public struct ChangeTrace: Sendable, Equatable {
    public var times: [SimDuration] = []
    /// The keys, one per time, or nil when the file has no `key` column.
    public var keys: [Int32]?

    /// The keys the changes need the server to have (the largest key + 1; 1 when drawn).
    public var keysNeeded: Int { keys.map { Int($0.max() ?? 0) + 1 } ?? 1 }

    /// Reads the trace at `path` (relative to `directory`), recording it in `log`.
    /// - Throws: `ScenarioError` naming the file and `row N, column K (name)`: no `time_s`
    ///   column, a time that is not a number ≥ 0 or is earlier than the row before, a key
    ///   that is not a count or is above 999,999.
    static func read(_ path: String, relativeTo directory: URL?, log: SampleFile.Log? = nil) throws(ScenarioError) -> ChangeTrace {
        let bytes = try SampleFile.contents(path, relativeTo: directory, what: "the change trace", log: log)
        var trace = ChangeTrace()
        var (timeColumn, keyColumn): (Int, Int?) = (0, nil)
        try CSVReader.read(bytes, file: path, header: { (r: CSVReader) throws(ScenarioError) in
            guard let t = r.column("time_s") else {
                throw ScenarioError(file: path, path: "row 1", message: "a change trace needs the column time_s (and may have key); the header has: "
                                    + r.header.joined(separator: ", "))
            }
            (timeColumn, keyColumn) = (t, r.column("key"))
            if keyColumn != nil { trace.keys = [] }
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            guard let seconds = try record.number(timeColumn), seconds >= 0, seconds < 3.1e9 else {
                throw record.error(timeColumn, "expected a time in seconds from 0 to 3.1e9 (about 100 years), got \"\(record[timeColumn])\"")
            }
            let time = SimDuration(microseconds: Int64((seconds * 1_000_000).rounded()))
            guard time >= (trace.times.last ?? .zero) else {
                throw record.error(timeColumn, "\(record[timeColumn]) is earlier than the row before; changes must be in time order")
            }
            trace.times.append(time)
            if let k = keyColumn {
                let key = try record.count(k)
                guard key <= 999_999 else { throw record.error(k, "expected a key 0 … 999999, got \(key)") }
                trace.keys!.append(Int32(key))
            }
        })
        return trace
    }
}

/// A change schedule's `trace`: one recorded change list or a folder of them (`TraceFiles`;
/// a folder's drawn from the stream `server.trace`, or walked in order).
public struct ChangeTraces: Decodable, Sendable, Equatable {
    public let files: TraceFiles
    public let traces: [ChangeTrace]

    public init(from decoder: any Decoder) throws {
        files = try TraceFiles(from: decoder, what: "change trace")
        traces = try files.read(decoder) { (name, directory, log) throws(ScenarioError) in try ChangeTrace.read(name, relativeTo: directory, log: log) }
    }
}

extension ChangeTraces: ParamDeclaring {
    /// One declaration per key of a change schedule's `trace`.
    public static var params: [AnyParam] { TraceFiles.params("change trace") }
}
