import CZlib
import Foundation

/// Which build of PushSim is running: the CRC-32 (zlib's `crc32`) and byte size of the
/// running executable (`/proc/self/exe` on Linux, else `CommandLine.arguments[0]`), as
/// `"crc32-<8 hex digits>-<size>"`; `"unknown"` when the file cannot be read.
///
/// A resumed sweep and `merge` compare it with the build that computed the saved points
/// (`points/plan.json`'s `build`): a rebuilt binary, even of the same version and commit
/// with uncommitted changes, refuses to mix its points with the old ones unless asked to.
/// Read once per process (a 10 MB release binary takes a few milliseconds).
public enum BuildIdentity {
    public static let current: String = {
        let path = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        guard let data = FileManager.default.contents(atPath: path) else { return "unknown" }
        let crc = data.withUnsafeBytes { raw -> UInt in
            var crc = crc32(0, nil, 0)
            var offset = 0
            while offset < raw.count {   // zlib's length is a uInt: feed at most 1 GiB at a time
                let n = min(raw.count - offset, 1 << 30)
                crc = crc32(crc, raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(n))
                offset += n
            }
            return crc
        }
        return String(format: "crc32-%08x-%d", UInt32(truncatingIfNeeded: crc), data.count)
    }()
}
