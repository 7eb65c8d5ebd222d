import Foundation

/// The files of a recorded input (`device.trace`, a change schedule's `trace`): `{"file":
/// F}`, one file every replication follows; or `{"folder": D, "pick": "draw" | "inOrder"}`,
/// every `.csv` file of D sorted by name, replication r following the one drawn uniformly
/// from a named stream (`draw`, the default: the same replication gets the same file in
/// every cell, so common random numbers hold) or file r mod n (`inOrder`). Relative paths
/// are found from the scenario file's folder.
public struct TraceFiles: Sendable, Equatable {
    public enum Pick: String, Sendable, CaseIterable { case draw, inOrder }

    /// The files (as the scenario gives the file, or the folder's files), in order.
    public let names: [String]
    public let pick: Pick
    /// Whether they came from a folder (errors name `folder`, else `file`).
    public let fromFolder: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case file, folder, pick }

    /// Decodes the keys (see the type).
    /// - Throws: `DecodingError`: neither or both of `file` and `folder`, `pick` with a file,
    ///   an unknown pick, a folder with no `.csv` file.
    init(from decoder: any Decoder, what: String) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let file = try c.decodeOptional(String.self, forKey: .file), folder = try c.decodeOptional(String.self, forKey: .folder)
        switch (file, folder) {
        case (nil, nil): throw decoder.invalid("a \(what) needs \"file\" (one trace) or \"folder\" (a trace per replication)")
        case (.some, .some): throw c.invalid(.folder, "give \"file\" or \"folder\", not both")
        case let (file?, nil):
            if c.contains(.pick) { throw c.invalid(.pick, "\"pick\" chooses among a folder's traces; this is one file") }
            (names, pick, fromFolder) = ([file], .draw, false)
        case let (nil, folder?):
            pick = try c.decodeEnum(.pick, default: .draw)
            let url = SampleFile.resolve(folder, in: decoder.userInfo[SampleFile.directoryKey] as? URL)
            let listed: [String]
            do { listed = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch {
                throw c.invalid(.folder, "cannot read the folder \(url.standardized.path): \((error as NSError).localizedDescription)")
            }
            let csv = listed.filter { $0.hasSuffix(".csv") }.sorted()
            guard !csv.isEmpty else { throw c.invalid(.folder, "no .csv file in \(url.standardized.path)") }
            (names, fromFolder) = (csv.map { (folder.hasSuffix("/") ? folder : folder + "/") + $0 }, true)
        }
    }

    /// Reads each file with `read` (its errors rethrown at `file` or `folder`).
    func read<T>(_ decoder: any Decoder, _ read: (String, URL?, SampleFile.Log?) throws(ScenarioError) -> T) throws -> [T] {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let directory = decoder.userInfo[SampleFile.directoryKey] as? URL, log = decoder.userInfo[SampleFile.logKey] as? SampleFile.Log
        var out: [T] = []
        for name in names {
            do { out.append(try read(name, directory, log)) } catch { throw c.invalid(fromFolder ? .folder : .file, error.description) }
        }
        return out
    }

    /// The index of the file replication `replication` follows among `count` (`draw`
    /// takes one uniform integer from the stream `stream` of `streams`, that replication's).
    func index(replication: Int, streams: RandomStreams, stream: String) -> Int {
        guard names.count > 1 else { return 0 }
        switch pick {
        case .draw: return streams.stream(stream).uniformInt(below: names.count)
        case .inOrder: return replication % names.count
        }
    }

    /// The parameter declarations of the keys, for `what` ("device trace", "change trace").
    static func params(_ what: String) -> [AnyParam] {
        AnyParam.keyed(CodingKeys.self) { key in
            let n = key.stringValue
            switch key {
            // Either one (decoding checks that exactly one is given).
            case .file: return .value(n, type: "non-empty string", default: .null, doc: "one \(what) (CSV) every replication follows (not with folder)",
                                      schema: .object(["type": "string", "minLength": 1]))
            case .folder: return .value(n, type: "non-empty string", default: .null,
                                        doc: "a folder of \(what)s (its .csv files, by name), one per replication (not with file)",
                                        schema: .object(["type": "string", "minLength": 1]))
            case .pick: return Param.enumeration(n, default: Pick.draw, doc: "which of a folder's traces a replication follows: drawn or in order").any
            }
        }
    }
}
