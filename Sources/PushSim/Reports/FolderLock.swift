import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The writer's lock of a results folder: an exclusive `flock(2)` on `<folder>/.pushsim.lock`,
/// held by the one process that runs, sweeps or merges into the folder, from before its
/// first file until its last. A second writer is refused at once (its error names the
/// holder: host, process id and command), so two runs never interleave their reports and
/// two copies of one shard never compute into one folder. The kernel drops the lock when
/// the holder exits or is killed, so a killed run never leaves the folder locked.
///
/// Taking the lock first completes a report set that a killed writer was committing
/// (`ReportSet.recover`), then removes the temporary files killed writers left.
/// Within one process the lock is counted: a command holding it may call a library
/// function that takes it again. The file stays (removing it would let two writers lock
/// two different files); its text names the last holder. On a file system without
/// `flock` (some network mounts answer ENOLCK) the folder is used unlocked.
public final class FolderLock {
    /// The locked folder (standardized path).
    public let folder: URL
    private let key: String

    private struct Held { var fd: Int32; var count: Int }
    private static let held = Mutex<[String: Held]>([:])

    /// Locks `folder` (created if missing) for writing.
    /// - Parameter purpose: what the holder does, recorded in the lock file for a refused
    ///   writer's message (e.g. `pushsim run Scenarios/x.json`).
    /// - Throws: `ScenarioError` at `$` of the folder when another process holds it;
    ///   file-system errors when the folder cannot be created.
    public init(_ folder: URL, purpose: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder.standardizedFileURL
        key = self.folder.path
        let path = self.folder.appendingPathComponent(Self.fileName).path
        try Self.held.withLock { (held: inout [String: Held]) throws in
            if var mine = held[key] { mine.count += 1; held[key] = mine; return }
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let failure = errno
                if failure == EWOULDBLOCK {
                    // The holder writes its text just after it takes the lock: a contender
                    // that comes in between finds the file empty, so it looks again for up
                    // to a second before it calls the holder unknown.
                    var holder = Self.holder(fd)
                    for _ in 0..<100 where holder.isEmpty { usleep(10_000); holder = Self.holder(fd) }
                    close(fd)
                    throw ScenarioError(file: self.folder.path, path: "$", message:
                        Self.heldMessage + " (\(holder.isEmpty ? "holder unknown" : holder)); "
                        + "wait for it to finish, or write into another --out")
                }
                guard failure == ENOLCK || failure == EOPNOTSUPP || failure == ENOSYS else {
                    close(fd)
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
                }
            }
            let text = "host \(AtomicFile.processTag.hostName), pid \(getpid()): \(purpose)\n"
            _ = ftruncate(fd, 0)
            _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
            held[key] = Held(fd: fd, count: 1)
        }
        do {
            try ReportSet.recover(self.folder)
        } catch {
            release()
            throw error
        }
        AtomicFile.removeStaleTemporaries(in: self.folder)
        Self.removeStaleFigureFolders(in: self.folder)
    }

    /// Removes the `.figures-<pid>-<nonce>` folders (where gnuplot draws before the figures
    /// are renamed into place) of other processes: figures are drawn under the lock, so a
    /// folder that is not this process's was left by a killed writer.
    static func removeStaleFigureFolders(in folder: URL) {
        let mine = ".figures-\(getpid())-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(".figures-") && !name.hasPrefix(mine) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    deinit { release() }

    private var released = false

    /// Drops this hold (the flock goes with the process's last hold of the folder).
    public func release() {
        guard !released else { return }
        released = true
        Self.held.withLock { held in
            guard var mine = held[key] else { return }
            mine.count -= 1
            if mine.count == 0 { close(mine.fd); held[key] = nil } else { held[key] = mine }
        }
    }

    /// Whether some process (this one included) holds the lock of `folder` now.
    public static func isHeld(_ folder: URL) -> Bool {
        let path = folder.standardizedFileURL.appendingPathComponent(fileName).path
        if held.withLock({ $0[folder.standardizedFileURL.path] != nil }) { return true }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 { flock(fd, LOCK_UN); return false }
        return errno == EWOULDBLOCK
    }

    /// `.pushsim.lock`.
    public static let fileName = ".pushsim.lock"

    /// How the refusal of a second writer begins.
    public static let heldMessage = "another pushsim is writing into this folder"

    private static func holder(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return "" }
        return String(decoding: buffer.prefix(n), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
