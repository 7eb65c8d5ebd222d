import Foundation

/// A file written under a temporary name in its destination folder and renamed into place
/// only when complete, so an interrupted run never leaves a truncated report and never
/// destroys the previous one. The temporary name is unique to the writer (host, process,
/// instance), so two processes writing the same file (two copies of one shard) never share
/// it; the last rename wins.
public final class AtomicFile {
    /// Where the file will be once committed.
    public let url: URL
    /// Where the bytes are until the file is committed.
    public let temporaryURL: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Whether `close` syncs the bytes to the device (`fsync`) before the rename.
    private let durable: Bool
    private var closed = false
    /// The CRC-32 and size of everything written so far.
    public private(set) var checksum = Checksum()

    /// Opens `<folder>/.<name>.<writer>.partial` for writing (`writer`: see
    /// `temporaryName(for:)`); the first write into a folder removes the partial files that
    /// killed writers of this host left there.
    /// - Parameter durable: sync the bytes to the device before the rename (default). A
    ///   file whose checksum is recorded elsewhere and checked before use (a sweep point's
    ///   part, `SweepPoints`) may skip it: a power loss then costs a recomputation.
    /// - Throws: `CocoaError` when the folder is not writable.
    public init(_ url: URL, durable: Bool = true) throws {
        self.url = url
        self.durable = durable
        let folder = url.deletingLastPathComponent()
        Self.removeStaleTemporariesOnce(in: folder)
        temporaryURL = folder.appendingPathComponent(Self.temporaryName(for: url.lastPathComponent))
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporaryURL.path])
        }
        handle = try FileHandle(forWritingTo: temporaryURL)
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends text (buffered; flushed every 64 KiB and at commit).
    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Appends bytes (buffered like `write(_:)`).
    public func write(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Appends the bytes of the file at `url`, 1 MiB at a time.
    /// - Returns: the checksum of the bytes appended (to check a copy against a recorded one).
    @discardableResult
    public func append(contentsOf url: URL) throws -> Checksum {
        try flush()
        let source = try FileHandle(forReadingFrom: url)
        defer { try? source.close() }
        var copied = Checksum()
        while let chunk = try source.read(upToCount: 1 << 20), !chunk.isEmpty {
            copied.update(chunk)
            checksum.update(chunk)
            try handle.write(contentsOf: chunk)
        }
        return copied
    }

    private func flush() throws {
        checksum.update(buffer)
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs (when durable) and closes the file under its temporary name, for a
    /// caller that renames it itself (`ReportSet`). Idempotent.
    public func close() throws {
        guard !closed else { return }
        try flush()
        if durable { try handle.synchronize() }
        try handle.close()
        closed = true
    }

    /// Closes the file (`close()`) and renames it into place (replacing any old one).
    public func commit() throws {
        try close()
        if rename(temporaryURL.path, url.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Closes and deletes the partial file (nothing, once committed).
    public func abandon() {
        if !closed { try? handle.close(); closed = true }
        unlink(temporaryURL.path)
    }

    /// Writes `contents` to `url` atomically in one go.
    /// - Returns: the checksum of what was written.
    @discardableResult
    public static func write(_ contents: String, to url: URL, durable: Bool = true) throws -> Checksum {
        let file = try AtomicFile(url, durable: durable)
        defer { file.abandon() }
        try file.write(contents)
        try file.commit()
        return file.checksum
    }
}
