import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The reports of one run, sweep or merge, committed to their folder as one set: a reader
/// finds either the complete old set or the complete new one, never `runs.csv` of one run
/// beside `summary.csv` or `meta.json` of another.
///
/// Every file is written under its temporary name (`AtomicFile`) and synced; then the
/// commit journal `.pushsim.commit` (each file's temporary name, final name, CRC-32 and
/// size, and the files the set removes, e.g. the other runs formats' and the old
/// figures) is written and renamed into place: that rename is the commit. The temporary
/// files are then renamed to their names, the removals done, the folder synced and the
/// journal deleted. A writer killed before the journal's rename leaves the old set (and
/// partial files, removed later); one killed after it leaves a journal that the next
/// writer (`FolderLock`) or reader (`settle`) applies before anything else, giving the
/// new set. Only the folder's writer (the holder of its `FolderLock`) commits.
public final class ReportSet {
    /// `.pushsim.commit`.
    public static let journalName = ".pushsim.commit"

    /// The folder the set is written into.
    public let folder: URL
    private var files: [AtomicFile] = []
    private var runs: [RunsWriter] = []
    private var removals: Set<String> = []

    /// A set for `folder`; the caller holds its `FolderLock`.
    public init(folder: URL) { self.folder = folder }

    /// A new file `name` of the set (durable: synced before the commit).
    public func file(_ name: String) throws -> AtomicFile {
        let file = try AtomicFile(folder.appendingPathComponent(name))
        files.append(file)
        removals.remove(name)
        return file
    }

    /// Adds a file with `contents`.
    public func write(_ name: String, _ contents: String) throws { try file(name).write(contents) }

    /// The per-run rows file of `format` (nothing for `none`); the other formats' files
    /// are removed by the commit.
    public func runs(_ format: RunsFormat) throws -> RunsWriter {
        let writer = try RunsWriter(format, url: format.fileName.map { folder.appendingPathComponent($0) })
        runs.append(writer)
        for name in RunsFormat.allFileNames where name != format.fileName { remove(name) }
        return writer
    }

    /// The rows file of `report` (`messages`) in `format` (nothing for `none`); the other
    /// formats' files of that report are removed by the commit.
    public func rows(_ report: String, _ format: RunsFormat) throws -> RunsWriter {
        let writer = try RunsWriter(format, url: format.fileName(of: report).map { folder.appendingPathComponent($0) })
        runs.append(writer)
        for name in RunsFormat.allFileNames(of: report) where name != format.fileName(of: report) { remove(name) }
        return writer
    }

    /// Removes `name` from the folder at the commit (if it is not a file of the set).
    public func remove(_ name: String) {
        guard !files.contains(where: { $0.url.lastPathComponent == name }) else { return }
        removals.insert(name)
    }

    /// Commits the set (see the type's description).
    /// - Throws: file-system errors; before the journal's rename the old set is untouched.
    public func commit() throws {
        for writer in runs { try writer.finish() }
        let all = files + runs.compactMap(\.file)
        for file in all { try file.close() }
        FailPoint.reach("set.staged")
        let journal = Journal(files: all.map { .init(temporary: $0.temporaryURL.lastPathComponent, name: $0.url.lastPathComponent,
                                                     checksum: $0.checksum) },
                              removals: removals.sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(String(decoding: try encoder.encode(journal), as: UTF8.self) + "\n",
                             to: folder.appendingPathComponent(Self.journalName))
        // From here the temporary files belong to the journal: an error must not delete them.
        files.removeAll()
        runs.removeAll()
        FailPoint.reach("set.journal")
        try Self.apply(journal, in: folder)
    }

    /// Deletes the temporary files of a set that will not be committed.
    public func abandon() {
        for file in files { file.abandon() }
        for writer in runs { writer.abandon() }
        files.removeAll()
        runs.removeAll()
    }

    deinit { abandon() }

    /// A commit that cannot be carried out (a runtime failure: exit 1, not bad input).
    public struct CommitError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// What `.pushsim.commit` holds.
    struct Journal: Codable {
        struct Entry: Codable {
            var temporary: String
            var name: String
            var checksum: Checksum
        }
        var files: [Entry]
        var removals: [String]
    }

    /// Performs what the journal still has to do, then deletes it.
    static func apply(_ journal: Journal, in folder: URL) throws {
        for entry in journal.files {
            let temporary = folder.appendingPathComponent(entry.temporary).path
            let name = folder.appendingPathComponent(entry.name).path
            // A temporary that is gone was renamed by an earlier attempt (no cleanup removes
            // partial files while a journal is pending).
            if rename(temporary, name) != 0, errno != ENOENT {
                let reason = String(cString: strerror(errno))
                throw CommitError(message: "the commit journal \(folder.appendingPathComponent(journalName).path) cannot rename "
                    + "\(entry.temporary) to \(entry.name) (\(reason)); fix that and rerun, or remove the journal to keep the files as they are")
            }
            FailPoint.reach("set.rename")
        }
        for name in journal.removals { unlink(folder.appendingPathComponent(name).path) }
        syncFolder(folder)
        FailPoint.reach("set.applied")
        unlink(folder.appendingPathComponent(journalName).path)
    }

    /// Completes the commit a killed writer left in `folder` (a journal present), if any.
    /// The caller holds the folder's `FolderLock`. A journal that does not decode (only a
    /// power loss can make one) is dropped: its renames never started.
    static func recover(_ folder: URL) throws {
        let url = folder.appendingPathComponent(journalName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        guard let journal = try? JSONDecoder().decode(Journal.self, from: data) else { unlink(url.path); return }
        try apply(journal, in: folder)
    }

    /// Makes `folder` readable as one set: when a commit is pending there, waits for its
    /// writer to finish it (up to `timeout` seconds), or completes it when the writer was
    /// killed. Readers (`compare`, `merge`, `trace --point`) call it before reading.
    /// - Throws: `ScenarioError` when a live writer does not finish in time.
    public static func settle(_ folder: URL, timeout: Double = 30) throws {
        let journal = folder.appendingPathComponent(journalName).path
        let deadline = Date().addingTimeInterval(timeout)
        while FileManager.default.fileExists(atPath: journal) {
            if !FolderLock.isHeld(folder) {
                do {
                    try FolderLock(folder, purpose: "completing an interrupted commit").release()   // applies the journal
                    guard FileManager.default.fileExists(atPath: journal) else { return }
                    throw CommitError(message: "\(journal): this commit journal could not be applied; remove it to keep the files as they are")
                } catch let e as ScenarioError where e.message.hasPrefix(FolderLock.heldMessage) {
                    // A writer took the folder meanwhile: wait for it like any other.
                }
            }
            guard Date() < deadline else {
                throw ScenarioError(file: folder.path, path: "$", message:
                    "another pushsim is committing this folder's reports and has not finished in \(Int(timeout)) s; try again")
            }
            usleep(20_000)
        }
    }

    /// `fsync` of the folder itself, so that its renames survive a power loss.
    static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
