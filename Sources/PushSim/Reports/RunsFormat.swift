import Foundation

/// How a run or sweep writes its per-run rows (`runs.csv`, docs/csv.md): plain CSV (the
/// default), gzip-compressed CSV (`runs.csv.gz`, read directly by pandas' `read_csv` and
/// R's `read.csv`), or not at all (`summary.csv` and, for sweeps, `paired.csv` only:
/// they are computed from the runs, not from the rows). Chosen with `--runs`.
public enum RunsFormat: String, CaseIterable, Sendable, Codable {
    case csv, gzip, none

    /// The file the rows go to (`nil` for `none`).
    public var fileName: String? { fileName(of: "runs") }

    /// The file `report`'s rows go to in this format (`messages.csv`, `messages.csv.gz`;
    /// `nil` for `none`).
    public func fileName(of report: String) -> String? {
        switch self {
        case .csv: "\(report).csv"
        case .gzip: "\(report).csv.gz"
        case .none: nil
        }
    }

    /// Whether rows are formatted at all (for `none` they are never built).
    public var writesRows: Bool { self != .none }

    /// The per-run files of every format, for clearing what another format left.
    static var allFileNames: [String] { allCases.compactMap(\.fileName) }

    /// `report`'s files of every format.
    static func allFileNames(of report: String) -> [String] { allCases.compactMap { $0.fileName(of: report) } }
}

/// The destination of one report's per-run rows in a `RunsFormat`: written atomically
/// (`AtomicFile`), compressed on the way for `gzip`, dropped for `none`.
public final class RunsWriter {
    public let format: RunsFormat
    /// The file the rows go to (nil for `none`).
    let file: AtomicFile?
    /// The gzip member being written (`gzip` only), opened by the first `write`.
    private var member: Gzip.Compressor?

    /// Opens `url` for `format`'s rows; nothing is opened for `none` (`url` may be nil).
    /// - Parameter durable: see `AtomicFile.init(_:durable:)`.
    /// - Throws: file-system errors (see `AtomicFile`).
    public init(_ format: RunsFormat, url: URL?, durable: Bool = true) throws {
        self.format = format
        file = try format.writesRows ? AtomicFile(url!, durable: durable) : nil
    }

    /// Appends bytes of rows (compressed for `gzip`).
    public func write(bytes: [UInt8]) throws {
        guard let file else { return }
        guard format == .gzip else { return try file.write(bytes: bytes) }
        if member == nil { member = Gzip.Compressor() }
        try member!.compress(bytes) { try file.write(bytes: $0) }
    }

    /// Appends the bytes of the file at `url` unchanged: a part in this format (for `gzip`
    /// one or more complete members, which may follow other members).
    /// - Returns: the checksum of the bytes appended (empty for `none`).
    @discardableResult
    public func appendRaw(contentsOf url: URL) throws -> Checksum {
        guard let file else { return Checksum() }
        try endMember()
        return try file.append(contentsOf: url)
    }

    /// Ends the stream (the last gzip member) without closing the file (`ReportSet` commits it).
    public func finish() throws { try endMember() }

    /// Ends the stream and renames the file into place.
    public func commit() throws {
        guard let file else { return }
        try endMember()
        try file.commit()
    }

    /// Deletes the partial file.
    public func abandon() { file?.abandon() }

    private func endMember() throws {
        guard let m = member, let file else { return }
        try m.finish { try file.write(bytes: $0) }
        member = nil
    }
}
