import Foundation

/// A file written under a temporary name in its destination folder and renamed into place
/// only when complete, so an interrupted run never leaves a truncated report and never
/// destroys the previous one. The temporary name is unique to the writer (host, process,
/// instance), so two processes writing the same file (two copies of one shard) never share
/// it; the last rename wins.
public final class AtomicFile {
    /// Where the file will be once committed.
    public let url: URL
    private let temporaryURL: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    /// Opens `<folder>/.<name>.<writer>.partial` for writing (`writer`: see
    /// `temporaryName(for:)`); the first write into a folder removes the partial files that
    /// killed writers of this host left there.
    /// - Throws: `CocoaError` when the folder is not writable.
    public init(_ url: URL) throws {
        self.url = url
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
    public func append(contentsOf url: URL) throws {
        try flush()
        let source = try FileHandle(forReadingFrom: url)
        defer { try? source.close() }
        while let chunk = try source.read(upToCount: 1 << 20), !chunk.isEmpty { try handle.write(contentsOf: chunk) }
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs, closes and renames the file into place (replacing any old one).
    public func commit() throws {
        try flush()
        try handle.synchronize()
        try handle.close()
        if rename(temporaryURL.path, url.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Closes and deletes the partial file.
    public func abandon() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporaryURL)
    }

    /// Writes `contents` to `url` atomically in one go.
    public static func write(_ contents: String, to url: URL) throws {
        let file = try AtomicFile(url)
        try file.write(contents)
        try file.commit()
    }
}
