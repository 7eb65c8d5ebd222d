import Foundation

/// `device.trace`: the recorded timeline(s) a device follows instead of fixed periods
/// (`DeviceTrace`). `{"file": F}`: one trace, every replication. `{"folder": D, "pick":
/// "draw" | "inOrder"}`: every `.csv` file of D, sorted by name; replication r follows
/// the file drawn uniformly from the stream `device.trace` (`draw`, the default: the same
/// replication gets the same file in every cell, so common random numbers hold), or file
/// r mod n (`inOrder`). Relative paths are found from the scenario file's folder.
public struct DeviceTraces: Decodable, Sendable, Equatable {
    public enum Pick: String, Sendable, CaseIterable { case draw, inOrder }

    /// The traces' file names (as the scenario gives the file, or the folder's files), in order.
    public let names: [String]
    public let traces: [DeviceTrace]
    public let pick: Pick

    /// The index of the trace replication `replication` follows (`streams` are that
    /// replication's; `draw` takes one uniform integer from `device.trace`).
    public func index(replication: Int, streams: RandomStreams) -> Int {
        guard traces.count > 1 else { return 0 }
        switch pick {
        case .draw: return streams.stream(StreamName.deviceTrace).uniformInt(below: traces.count)
        case .inOrder: return replication % traces.count
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case file, folder, pick }

    /// Decodes and reads the traces (files recorded in the decoding's `SampleFile.Log`).
    /// - Throws: `DecodingError` at `file`, `folder` or `pick`: neither or both given, an
    ///   unknown pick, a folder with no `.csv` file, a trace that cannot be read (the message
    ///   names its file, row and column).
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let directory = decoder.userInfo[SampleFile.directoryKey] as? URL
        let log = decoder.userInfo[SampleFile.logKey] as? SampleFile.Log
        let file = try c.decodeOptional(String.self, forKey: .file), folder = try c.decodeOptional(String.self, forKey: .folder)
        switch (file, folder) {
        case (nil, nil): throw decoder.invalid("a device trace needs \"file\" (one trace) or \"folder\" (a trace per replication)")
        case (.some, .some): throw c.invalid(.folder, "give \"file\" or \"folder\", not both")
        case let (file?, nil):
            if c.contains(.pick) { throw c.invalid(.pick, "\"pick\" chooses among a folder's traces; this is one file") }
            names = [file]
            pick = .draw
        case let (nil, folder?):
            pick = try c.decodeEnum(.pick, default: .draw)
            let url = SampleFile.resolve(folder, in: directory)
            let listed = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let csv = listed.filter { $0.hasSuffix(".csv") }.sorted()
            guard !csv.isEmpty else { throw c.invalid(.folder, "no .csv file in \(url.standardized.path)") }
            names = csv.map { (folder.hasSuffix("/") ? folder : folder + "/") + $0 }
        }
        var traces: [DeviceTrace] = []
        for name in names {
            do {
                traces.append(try DeviceTrace.read(name, relativeTo: directory, log: log))
            } catch {
                throw c.invalid(file == nil ? .folder : .file, error.description)
            }
        }
        self.traces = traces
    }
}

extension DeviceTraces: ParamDeclaring {
    /// One declaration per key of `device.trace`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        // Either one (decoding checks that exactly one is given).
        case .file: return .value(n, type: "non-empty string", default: .null, doc: "one device trace (CSV: time_s, event) every replication follows (not with folder)",
                                  schema: .object(["type": "string", "minLength": 1]))
        case .folder: return .value(n, type: "non-empty string", default: .null, doc: "a folder of device traces (its .csv files, by name), one per replication (not with file)",
                                    schema: .object(["type": "string", "minLength": 1]))
        case .pick: return Param.enumeration(n, default: Pick.draw, doc: "which of a folder's traces a replication follows: drawn (stream device.trace) or in order").any
        }
    }
}
