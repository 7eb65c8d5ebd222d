import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `pushsim fit`: the table best first, JSON a scenario accepts, and exit 2 naming the
/// sample file's bad row.
@Suite struct FitCommandTests {
    /// 2,000 draws of gamma(2.5, 1.5) from a named stream, as a CSV with a header.
    static func gammaSamples(in folder: URL) throws -> URL {
        let s = RandomStreams(generator: .default, seed: 11, replication: 0).stream("fit command")
        let d = Distribution.gamma(shape: 2.5, scale: 1.5)
        let text = "delay_s\n" + (0..<2_000).map { _ in String(d.sample(s)) }.joined(separator: "\n") + "\n"
        let url = folder.appendingPathComponent("delays.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("gamma samples: gamma ranks first, and every JSON line decodes as a duration distribution in the unit given")
    func ranksAndPrintsJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.gammaSamples(in: folder)
        let r = runCLI(["fit", file.path, "--unit", "s"])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        let firstRow = try #require(lines.firstIndex { $0.hasPrefix("----") }).advanced(by: 1)
        #expect(lines[firstRow].hasPrefix("   1  gamma "), "\(lines[firstRow])")
        let json = lines.filter { $0.hasPrefix("  {") }
        #expect(json.count == 6)   // five families and the empirical one
        for line in json.dropLast() {
            let d = try decodeStrictJSON(DurationDistribution.self, Data(line.utf8), file: "line")
            #expect(d.unit == "s")
        }
        let empirical = try #require(json.last?.split(separator: "   ").first)
        let back = try decodeStrictJSON(DurationDistribution.self, Data(empirical.utf8), file: folder.appendingPathComponent("x.json").path)
        guard case let .empirical(t) = back.distribution else { Issue.record("not empirical: \(empirical)"); return }
        #expect(t.samples.count == 2_000)
    }

    @Test("a report is fitted by cell, its empty fields left out and counted; no empirical line for it")
    func report() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("runs.csv")
        try ("variant,strategy,t_s\n" + (1...30).map { "a,x,\(Double($0) / 7)" }.joined(separator: "\n") + "\na,x,\nb,x,99\n")
            .write(to: url, atomically: true, encoding: .utf8)
        let r = runCLI(["fit", url.path, "--column", "t_s", "--variant", "a", "--strategy", "x"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("30 samples from \(url.path) (column t_s) (1 empty fields left out): min 0.142857"), "\(r.out)")
        #expect(!r.out.contains("\"empirical\""))
        #expect(runCLI(["fit", url.path, "--column", "t_s"]).err.contains("2 cells (a / x, b / x)"))
        let plain = dir.appendingPathComponent("plain.csv")
        try "x\n1\n2\n3\n".write(to: plain, atomically: true, encoding: .utf8)
        #expect(runCLI(["fit", plain.path, "--variant", "a"]).err.contains("--variant and --strategy choose a cell of a report"))
    }

    @Test("bad input: exit 2 naming the file's row and column, or the usage")
    func badInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.csv")
        try "x\n1\n2\nNaN\n".write(to: bad, atomically: true, encoding: .utf8)
        let r = runCLI(["fit", bad.path])
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.err.contains("bad.csv: row 4, column 1 (x):"), "\(r.err)")
        let one = folder.appendingPathComponent("one.csv")
        try "x\n1\n".write(to: one, atomically: true, encoding: .utf8)
        #expect(runCLI(["fit", one.path]).err.contains("at least two"))
        #expect(runCLI(["fit", one.path, "--unit", "sec"]).err.contains("unknown unit \"sec\""))
        #expect(runCLI(["fit"]).status == 2)
        #expect(runCLI(["fit", one.path, "--column", "y"]).err.contains("no column \"y\""))
    }
}
