import Foundation
import Testing
@testable import PushSim

/// Issue 15, items 2 and 3: one writer per results folder, and its reports committed as
/// one set: a reader finds the old complete set or the new one, whatever is killed when.
@Suite("Report sets: one writer, atomic commits")
struct ReportSetTests {
    /// Reference sets: the study at 30 replications with seed 1 (old) and seed 2 (new).
    static func references(_ dir: URL) throws -> (old: [String: Data], new: [String: Data], oldFolder: URL) {
        let old = dir.appendingPathComponent("old"), new = dir.appendingPathComponent("new")
        #expect(runCLI(["run", Reliability.study, "--out", old.path, "--replications", "30", "--seed", "1", "--quiet", "--no-plot"]).status == 0)
        #expect(runCLI(["run", Reliability.study, "--out", new.path, "--replications", "30", "--seed", "2", "--quiet", "--no-plot"]).status == 0)
        return (Reliability.reports(old), Reliability.reports(new), old)
    }

    @Test("killed at each step of a commit: before the journal the old set is whole; after it, the next reader completes the new set",
          arguments: ["set.staged:1", "set.journal:1", "set.rename:1", "set.rename:3", "set.rename:5", "set.applied:1"])
    func killedCommit(failPoint: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (old, new, oldFolder) = try Self.references(dir)
        let folder = dir.appendingPathComponent("target")
        try Reliability.copy(oldFolder, to: folder)
        let killed = try Reliability.child(["run", Reliability.study, "--out", folder.path, "--replications", "30", "--seed", "2", "--no-plot"],
                                           failPoint: failPoint)
        #expect(killed.killed, "\(failPoint): \(killed)")
        let journal = FileManager.default.fileExists(atPath: folder.appendingPathComponent(ReportSet.journalName).path)
        #expect(journal == (failPoint != "set.staged:1"), "a journal exactly once the commit point is passed")
        if !journal { #expect(Reliability.reports(folder) == old, "the old set is untouched") }
        try ReportSet.settle(folder)   // what every reading command does first
        #expect(Reliability.reports(folder) == (journal ? new : old))
        // The next writer removes what the killed one left.
        #expect(runCLI(["run", Reliability.study, "--out", folder.path, "--replications", "30", "--seed", "2", "--quiet", "--no-plot"]).status == 0)
        #expect(Reliability.reports(folder) == new)
        #expect(Reliability.names(in: folder, suffix: ".partial").isEmpty && !FileManager.default.fileExists(atPath: folder.appendingPathComponent(ReportSet.journalName).path))
    }

    @Test("compare completes a killed commit before it reads")
    func compareSettles() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, new, oldFolder) = try Self.references(dir)
        let folder = dir.appendingPathComponent("target")
        try Reliability.copy(oldFolder, to: folder)
        #expect(try Reliability.child(["run", Reliability.study, "--out", folder.path, "--replications", "30", "--seed", "2", "--no-plot"],
                                      failPoint: "set.rename:2").killed)
        let r = runCLI(["compare", dir.appendingPathComponent("new/summary.csv").path, folder.appendingPathComponent("summary.csv").path])
        #expect(r.status == 0, "\(r)")
        #expect(Reliability.reports(folder) == new)
    }

    @Test("two runs into one folder at once: the second is refused (exit 2, naming the holder) or runs after; the set is one run's")
    func concurrentRuns() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (old, new, _) = try Self.references(dir)
        let folder = dir.appendingPathComponent("both")
        for _ in 0..<3 {
            let children = (1...2).map { seed -> Process in
                let p = Process()
                p.executableURL = Reliability.binary
                p.arguments = ["run", Reliability.study, "--out", folder.path, "--replications", "30", "--seed", "\(seed)", "--no-plot"]
                p.environment = ProcessInfo.processInfo.environment.merging(["CI": "1", "PUSHSIM_COMMIT": "test"]) { $1 }
                p.standardOutput = FileHandle.nullDevice
                p.standardError = Pipe()
                return p
            }
            for p in children { try p.run() }
            let errors = children.map { String(decoding: ($0.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            for p in children { p.waitUntilExit() }
            let statuses = children.map(\.terminationStatus)
            #expect(statuses.contains(0), "\(statuses) \(errors)")
            for (s, e) in zip(statuses, errors) where s != 0 {
                #expect(s == 2 && e.contains("another pushsim is writing into this folder") && e.contains(folder.path), "\(e)")
            }
            let set = Reliability.reports(folder)
            #expect(set == old || set == new, "one run's complete set")
        }
    }

    @Test("a second writer is refused while the folder is held, and may write once it is released")
    func lockRefusesSecondWriter() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("held")
        let lock = try FolderLock(folder, purpose: "a test holding the folder")
        let r = try Reliability.child(["run", Reliability.study, "--out", folder.path, "--replications", "5", "--no-plot"])
        #expect(r.status == 2 && r.err.contains("a test holding the folder") && r.err.contains("pid \(getpid())"), "\(r)")
        #expect(Reliability.reports(folder).isEmpty, "nothing written")
        lock.release()
        #expect(try Reliability.child(["run", Reliability.study, "--out", folder.path, "--replications", "5", "--no-plot"]).status == 0)
    }

    @Test("a new set removes the figures of the old one; gnuplot draws into a hidden folder, then renames")
    func figuresFollowTheSet() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("f")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in GnuplotFigure.figureFiles { try Data("old".utf8).write(to: folder.appendingPathComponent(name)) }
        #expect(runCLI(["run", Reliability.study, "--out", folder.path, "--replications", "5", "--no-plot"]).status == 0)
        #expect(GnuplotFigure.figureFiles.allSatisfy { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".figures") }.isEmpty)
    }
}

extension ReportSetTests {
    @Test("the next writer removes the hidden figure folder of a killed one (its gnuplot killed while drawing)")
    func staleFigureFolderIsRemoved() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("f"), stale = folder.appendingPathComponent(".figures-999999-1234")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: stale.appendingPathComponent("rate.png"))
        #expect(runCLI(["run", Reliability.study, "--out", folder.path, "--replications", "5", "--no-plot"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }
}

extension ReportSetTests {
    @Test("a commit whose rename fails keeps its temporary files for the journal; once the cause is gone, the next command completes the new set")
    func failedRenameKeepsTheJournalWhole() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, new, oldFolder) = try Self.references(dir)
        let folder = dir.appendingPathComponent("target")
        try Reliability.copy(oldFolder, to: folder)
        let blocker = folder.appendingPathComponent("summary.csv")
        try FileManager.default.removeItem(at: blocker)
        try FileManager.default.createDirectory(at: blocker.appendingPathComponent("x"), withIntermediateDirectories: true)   // rename onto a non-empty folder fails
        let r = runCLI(["run", Reliability.study, "--out", folder.path, "--replications", "30", "--seed", "2", "--quiet", "--no-plot"])
        #expect(r.status == 1 && r.err.contains(ReportSet.journalName), "\(r)")
        try FileManager.default.removeItem(at: blocker)
        try ReportSet.settle(folder)
        #expect(Reliability.reports(folder) == new)
    }
}
