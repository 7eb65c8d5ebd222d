import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Temporary names of `AtomicFile`: `.<name>.<host>-<pid>-<nonce>-<n>.partial`, unique per
/// writer, and the removal of those that killed processes left behind.
extension AtomicFile {
    /// This process's part of a temporary name: 8 hex digits of the host name's FNV-1a,
    /// the process id, and a random nonce (a reused pid on another machine of a shared
    /// file system still differs).
    static let processTag: (host: String, hostName: String, pid: Int32, tag: String) = {
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count - 1) == 0
            ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : ""
        let hash = String(FNV1a64.hex(host.utf8).prefix(8))
        let pid = getpid()
        return (hash, host, pid, "\(hash)-\(pid)-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
    }()

    private static let counter = Atomic<Int>(0)
    private static let cleanedFolders = Mutex<Set<String>>([])

    /// A temporary name for `name` that no other writer (instance, process or host) uses.
    static func temporaryName(for name: String) -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        return ".\(name).\(processTag.tag)-\(n).partial"
    }

    /// Whether the partial file `name` belongs to no running writer: an older layout's
    /// `.<name>.partial`, or one of this host whose process is gone. Another host's is
    /// kept (its process cannot be checked from here), and so is this process's own.
    static func isStaleTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return false }
        let writer = name.dropLast(".partial".count).split(separator: ".").last.map(String.init) ?? ""
        let parts = writer.split(separator: "-")
        guard parts.count == 4, let pid = Int32(parts[1]) else { return true }
        guard parts[0] == processTag.host else { return false }
        if parts[0...2].joined(separator: "-") == processTag.tag { return false }   // this process's own
        if pid == processTag.pid { return true }   // an earlier process that had this pid
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the stale partial files in `folder`, the first time this process writes there.
    static func removeStaleTemporariesOnce(in folder: URL) {
        let path = folder.standardizedFileURL.path
        guard cleanedFolders.withLock({ $0.insert(path).inserted }) else { return }
        removeStaleTemporaries(in: folder)
    }

    /// Removes the stale partial files in `folder` (see `isStaleTemporary(_:)`); none
    /// while the folder holds a report set's commit journal (`ReportSet`), whose partial
    /// files are the new set until the journal is applied.
    public static func removeStaleTemporaries(in folder: URL) {
        guard !FileManager.default.fileExists(atPath: folder.appendingPathComponent(ReportSet.journalName).path) else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let journal = folder.appendingPathComponent(ReportSet.journalName).path
        for name in names where isStaleTemporary(name) {
            // Checked again before each removal: a writer without the folder's lock (`trace
            // --out`) may run this while another commits.
            guard !FileManager.default.fileExists(atPath: journal) else { return }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
