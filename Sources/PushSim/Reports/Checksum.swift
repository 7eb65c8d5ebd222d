import CZlib
import Foundation

/// A running CRC-32 (zlib's `crc32`, the checksum of gzip and PNG) and byte count of a
/// stream: what the done record of a sweep point and the commit journal of a report set
/// store to tell a complete file from a truncated or foreign one.
public struct Checksum: Equatable, Sendable, Codable {
    /// The CRC-32 of the bytes so far (0 for none).
    public private(set) var crc: UInt32 = 0
    /// How many bytes so far.
    public private(set) var size: Int = 0

    public init() {}

    /// Adds `bytes` (any length: zlib's length argument is fed at most 1 GiB at a time).
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var value = UInt(crc), offset = 0
        while offset < bytes.count {
            let n = min(bytes.count - offset, 1 << 30)
            value = crc32(value, base.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        crc = UInt32(truncatingIfNeeded: value)
        size += bytes.count
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }
    public mutating func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

    /// The checksum of the file at `url`, read 1 MiB at a time; nil when it cannot be read.
    public static func of(file url: URL) -> Checksum? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var sum = Checksum()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { sum.update(chunk) }
        } catch { return nil }
        return sum
    }

    /// `crc32-<8 hex digits>-<size>`.
    public var text: String { String(format: "crc32-%08x-%d", crc, size) }
}
