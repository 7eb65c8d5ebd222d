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
        var sum = Checksum()
        sum.update(data)
        return sum.text
    }()
}
