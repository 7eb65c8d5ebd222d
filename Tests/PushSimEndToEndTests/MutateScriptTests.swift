import Foundation
import Testing
import PushSim

/// `scripts/mutate.py` (`make mutate`) tells a kill from a survivor honestly: run on a tiny
/// package (Tests/Fixtures/MutateFixture) whose list holds one mutant of each kind, and on
/// this repository's own list without building.
@Suite struct MutateScriptTests {
    static let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/MutateFixture")

    /// Runs `python3 scripts/mutate.py args` with `environment` added; the status and output.
    static func mutate(_ args: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/mutate.py").path] + args
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["CI": "1"]) { $1 }) { $1 }
        return try runCaptured(process)
    }

    /// The command lines (from /proc) of running processes that mention `text`.
    static func processes(mentioning text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { $0.allSatisfy(\.isNumber) }.compactMap { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline"),
                  let line = String(data: data, encoding: .utf8)?.replacingOccurrences(of: "\0", with: " "),
                  line.contains(text) else { return nil }
            let state = (try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8))?.components(separatedBy: ") ").last?.first
            return state == "Z" ? nil : line   // a zombie holds no CPU; its parent reaps it
        }
    }

    @Test("a fixture test failing unmutated stops the runner (exit 2, naming the test, no CSV); unmutated, an equivalent mutant survives, a real one is killed by its filter's test, a crash is killed in its test, a hang is killed by the time limit, a mutant only tests outside the filter catch is flagged",
          .enabled(if: ExamplePackageTests.swift != nil, "`swift` is not on PATH"), .timeLimit(.minutes(20)))
    func fixtureVerdicts() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let work = scratch.appendingPathComponent("work"), out = scratch.appendingPathComponent("out")
        let args = ["--project", Self.fixture.path, "--list", Self.fixture.appendingPathComponent("mutations.json").path,
                    "--work", work.path, "--out", out.path]

        let refused = try Self.mutate(args, environment: ["MUTATE_FIXTURE_FAIL": "1"])
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.output.contains("the unmutated copy does not pass its own suite (ArithTests.EnvironmentTests/notAskedToFail())"),
                "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "no report when the baseline fails")

        let r = try Self.mutate(args)
        #expect(r.status == 1, "a survivor and a kill outside the filter make the run fail: \(r.output)")
        let rows = CSV.parse(try String(contentsOf: out.appendingPathComponent("mutations.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        #expect(header == ["id", "target", "kind", "file", "result", "killed_by", "failing_tests", "filter", "seconds", "what"])
        var verdict: [String: (result: String, by: String, failing: String)] = [:]
        for row in rows.dropFirst() where row.count == header.count { verdict[row[0]] = (row[4], row[5], row[6]) }
        #expect(verdict.count == 5)
        #expect(verdict["equivalent-renamed-local"]?.result == "survived")
        #expect(verdict["equivalent-renamed-local"]?.by == "")
        #expect(verdict["clamp-ignores-upper-bound"]?.result == "killed")
        // Both tests that reach the upper bound fail; the first by name is named.
        #expect(verdict["clamp-ignores-upper-bound"]?.by == "ArithTests.ClampTests/above()")
        #expect(verdict["clamp-ignores-upper-bound"]?.failing == "2")
        #expect(verdict["clamp-empty-range-check-too-strict"]?.result == "killed")
        #expect(verdict["clamp-empty-range-check-too-strict"]?.by == "crash in \"a one-value range holds only that value\"")
        #expect(verdict["leap-century-rule-dropped"]?.result == "killed-outside-filter")
        #expect(verdict["leap-century-rule-dropped"]?.by == "ArithTests.LeapTests/gregorian()")
        #expect(verdict["clamp-loops-forever"]?.result == "killed")
        #expect(verdict["clamp-loops-forever"]?.by == "timeout after 20 s", "its entry's own time limit")
        #expect(r.output.contains("3 of 5 mutants killed by their filters; 1 killed only outside their filter"), "\(r.output)")
        // No process of the hung run is left behind (the test bundle runs in a process group
        // of its own).
        #expect(Self.processes(mentioning: work.path).isEmpty, "left running: \(Self.processes(mentioning: work.path))")
        // The copy is left unmutated.
        let source = try String(contentsOf: work.appendingPathComponent("Sources/Arith/Arith.swift"), encoding: .utf8)
        #expect(source == (try String(contentsOf: Self.fixture.appendingPathComponent("Sources/Arith/Arith.swift"), encoding: .utf8)))
    }

    /// The digest the baseline of `work` was taken for (`.mutate-baseline.json`).
    static func baselineDigest(_ work: URL) throws -> String {
        let data = try Data(contentsOf: work.appendingPathComponent(".mutate-baseline.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["digest"] as? String)
    }

    @Test("the unmutated baseline is reused while the package is unchanged and taken again when it changes (a removed file leaves the copy too); a mutant that does not compile stops the run (exit 2, naming it, no CSV)",
          .enabled(if: ExamplePackageTests.swift != nil, "`swift` is not on PATH"), .timeLimit(.minutes(20)))
    func baselineReuseAndCompileErrors() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let project = scratch.appendingPathComponent("project"), work = scratch.appendingPathComponent("work")
        try FileManager.default.copyItem(at: Self.fixture, to: project)
        func mutate(_ extra: [String], out: String = "out") throws -> (status: Int32, output: String) {
            try Self.mutate(["--project", project.path, "--list", project.appendingPathComponent("mutations.json").path,
                             "--work", work.path, "--out", scratch.appendingPathComponent(out).path, "--no-whole-suite"] + extra)
        }
        let first = try mutate(["--only", "equivalent-renamed-local"])
        #expect(first.status == 1 && first.output.contains("0 of 1 mutants killed"), "\(first.output)")
        let taken = try Self.baselineDigest(work)
        let stamp = work.appendingPathComponent(".mutate-baseline.json")
        let written = try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date

        let again = try mutate(["--only", "clamp-ignores-upper-bound"])
        #expect(again.status == 0 && again.output.contains("1 of 1 mutants killed"), "\(again.output)")
        #expect(try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date == written,
                "an unchanged package reuses its baseline")

        try FileManager.default.removeItem(at: project.appendingPathComponent("Tests/ArithTests/LeapTests.swift"))
        let changed = try mutate(["--only", "clamp-ignores-upper-bound"])
        #expect(changed.status == 0, "\(changed.output)")
        #expect(try Self.baselineDigest(work) != taken, "a changed package takes its baseline again")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("Tests/ArithTests/LeapTests.swift").path),
                "a file the package no longer has leaves the copy")

        let list = scratch.appendingPathComponent("broken.json")
        try Data(#"[{"id": "does-not-compile", "target": "clamp", "kind": "model", "what": "w", "file": "Sources/Arith/Arith.swift", "find": "return min(raised, high)", "replace": "return min(raised, high) +", "tests": "ClampTests"}]"#.utf8).write(to: list)
        let broken = try Self.mutate(["--project", project.path, "--list", list.path, "--work", work.path,
                                      "--out", scratch.appendingPathComponent("broken-out").path])
        #expect(broken.status == 2 && broken.output.contains("does-not-compile: the mutant does not compile"), "\(broken.output)")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("broken-out").path), "no report")
        let source = try String(contentsOf: work.appendingPathComponent("Sources/Arith/Arith.swift"), encoding: .utf8)
        #expect(source.contains("return min(raised, high)\n"), "the copy is left unmutated after the error")
    }

    /// Not while `make mutate` runs the suite on a mutant: the mutated file no longer holds
    /// that mutant's `find` text.
    @Test("this repository's list: every find text occurs once in its file, every kind and filter is well formed, every model source file has a mutant or a stated exemption",
          .enabled(if: ProcessInfo.processInfo.environment["PUSHSIM_MUTANT"] == nil, "a mutated copy: its list no longer matches its sources"))
    func repositoryListChecks() throws {
        let r = try Self.mutate(["--check"])
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.hasSuffix(" mutations, every one found once in its file\n"), "\(r.output)")
    }

    @Test("a find text that is not in its file, and a model file without a mutant, are errors of the list (exit 2, naming the entry or file)")
    func listErrors() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.json")
        let entry = #"{"id": "x", "target": "t", "kind": "model", "what": "w", "file": "Sources/Arith/Arith.swift", "find": "FIND", "replace": "r", "tests": "ClampTests"}"#
        try Data("[\(entry.replacingOccurrences(of: "FIND", with: "no such text"))]".utf8).write(to: list)
        let missing = try Self.mutate(["--project", Self.fixture.path, "--list", list.path, "--check"])
        #expect(missing.status == 2 && missing.output.contains("[0].find (x): found 0 times in Sources/Arith/Arith.swift"), "\(missing.output)")

        try Data("[\(entry.replacingOccurrences(of: "FIND", with: "raised"))]".utf8).write(to: list)
        let twice = try Self.mutate(["--project", Self.fixture.path, "--list", list.path, "--check"])
        #expect(twice.status == 2 && twice.output.contains("found 2 times"), "\(twice.output)")

        let coverage = dir.appendingPathComponent("coverage.json")
        try Data(#"{"model": ["Sources", "Tests"], "exempt": {"Tests/ArithTests/LeapTests.swift": "a test", "Tests/ArithTests/ClampTests.swift": ""}}"#.utf8).write(to: coverage)
        let uncovered = try Self.mutate(["--project", Self.fixture.path, "--list", Self.fixture.appendingPathComponent("mutations.json").path,
                                         "--coverage", coverage.path, "--check"])
        #expect(uncovered.status == 2, "\(uncovered.output)")
        #expect(uncovered.output.contains("Tests/ArithTests/EnvironmentTests.swift has no mutant"), "\(uncovered.output)")
        #expect(uncovered.output.contains("Tests/ArithTests/ClampTests.swift: an exemption needs its reason"), "\(uncovered.output)")
        #expect(!uncovered.output.contains("Sources/Arith/Arith.swift"), "a mutated file is covered: \(uncovered.output)")
    }
}
