import Foundation
import Synchronization
import Testing
@testable import PushSim

/// `AtomicFile`: writers of one file never share a temporary name, and the partial files
/// of killed writers are removed, those of live ones kept.
@Suite("AtomicFile")
struct AtomicFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func partials(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }.sorted()
    }

    @Test("two writers of one path, interleaved: both commit, the file is one writer's whole content, no partial left")
    func interleavedWriters() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("summary.csv")
        let a = try AtomicFile(url), b = try AtomicFile(url)
        let first = String(repeating: "a,1\n", count: 40_000), second = String(repeating: "b,22\n", count: 30_000)
        for i in stride(from: 0, to: 40_000, by: 10_000) {   // chunks past the 64 KiB buffer: both write to disk
            try a.write(String(repeating: "a,1\n", count: 10_000))
            if i < 30_000 { try b.write(String(repeating: "b,22\n", count: 10_000)) }
        }
        try a.commit()
        #expect(try String(contentsOf: url, encoding: .utf8) == first)
        try b.commit()
        #expect(try String(contentsOf: url, encoding: .utf8) == second, "the last rename wins")
        #expect(try Self.partials(dir).isEmpty)
    }

    @Test("many concurrent writers of one path all succeed; the file is exactly one of their contents")
    func concurrentWriters() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("runs.csv")
        let contents = (0..<8).map { w in (0..<5_000).map { "writer \(w) row \($0)\n" }.joined() }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: contents.count) { w in
            do { try AtomicFile.write(contents[w], to: url) } catch { failures.add(1, ordering: .relaxed) }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(contents.contains(try String(contentsOf: url, encoding: .utf8)))
        #expect(try Self.partials(dir).isEmpty)
    }

    @Test("stale partial files: an older layout's and a dead process's go, a live one's, another host's and this process's stay")
    func staleTemporaries() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let host = AtomicFile.processTag.host
        let names = [
            "old": ".runs.csv.partial",
            "dead": ".p000001.runs.csv.\(host)-2147483646-1f-0.partial",
            "reusedPid": ".p000002.runs.csv.\(host)-\(getpid())-0-0.partial",
            "live": ".p000003.runs.csv.\(host)-1-ab-3.partial",   // pid 1 runs as long as the machine does
            "otherHost": ".summary.csv.\(host == "00000000" ? "11111111" : "00000000")-2147483646-1f-0.partial",
            "own": AtomicFile.temporaryName(for: "paired.csv"),
            "unrelated": "p000004.summary.csv",
        ]
        for name in names.values { try Data("x".utf8).write(to: dir.appendingPathComponent(name)) }
        try AtomicFile.write("done\n", to: dir.appendingPathComponent("meta.json"))   // the first write here cleans
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        for key in ["old", "dead", "reusedPid"] { #expect(!left.contains(names[key]!), "\(key) should be removed") }
        for key in ["live", "otherHost", "own", "unrelated"] { #expect(left.contains(names[key]!), "\(key) should be kept") }
        #expect(AtomicFile.temporaryName(for: "x.csv") != AtomicFile.temporaryName(for: "x.csv"))
    }
}
