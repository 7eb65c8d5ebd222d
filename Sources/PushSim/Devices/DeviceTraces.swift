/// `device.trace`: the recorded timeline(s) a device follows instead of written periods
/// (`DeviceTrace`), from one file or a folder (`TraceFiles`; a folder's trace drawn from
/// the stream `device.trace`, or walked in order).
public struct DeviceTraces: Decodable, Sendable, Equatable {
    public let files: TraceFiles
    public let traces: [DeviceTrace]

    /// The index of the trace replication `replication` follows (`streams` are that replication's).
    public func index(replication: Int, streams: RandomStreams) -> Int {
        files.index(replication: replication, streams: streams, stream: StreamName.deviceTrace)
    }

    /// Decodes the files and reads them (recorded in the decoding's `SampleFile.Log`).
    /// - Throws: `DecodingError` at `file`, `folder` or `pick` (`TraceFiles`), or for a trace
    ///   that cannot be read, with its file, row and column.
    public init(from decoder: any Decoder) throws {
        files = try TraceFiles(from: decoder, what: "device trace")
        traces = try files.read(decoder) { (name, directory, log) throws(ScenarioError) in try DeviceTrace.read(name, relativeTo: directory, log: log) }
    }
}

extension DeviceTraces: ParamDeclaring {
    /// One declaration per key of `device.trace`.
    public static var params: [AnyParam] { TraceFiles.params("device trace") }
}
