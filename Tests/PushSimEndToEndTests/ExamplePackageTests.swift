import Foundation
import Testing
import PushSim

/// Builds Examples/custom-strategy, an outside package that adds the `hintPullRetry`
/// strategy, with `swift build` into a temporary scratch path (the checkout stays clean),
/// then runs its `list`, its sweep and a fleet with the stock command line it ships.
@Suite("Example package")
struct ExamplePackageTests {
    /// `swift` found on PATH, or nil (the test is then skipped).
    static let swift: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static let example = repositoryRoot.appendingPathComponent("Examples/custom-strategy")

    @Test("the example builds against this checkout; its list shows hintPullRetry; its sweep and its fleet write results where the retry helps",
          .enabled(if: swift != nil, "`swift` is not on PATH, so the example package cannot be built"),
          .timeLimit(.minutes(30)))
    func buildListSweep() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = ["--package-path", Self.example.path, "--scratch-path", scratch.appendingPathComponent("build").path]
        let build = try Self.execute(Self.swift!, ["build", "--product", "pushsim-custom"] + package)
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        let binPath = try Self.execute(Self.swift!, ["build", "--show-bin-path"] + package).output
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last.map(String.init) ?? ""
        let binary = URL(fileURLWithPath: binPath).appendingPathComponent("pushsim-custom").path

        let list = try Self.execute(binary, ["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("  hintPullRetry\n      hintPull plus a retry `delay` after a failed pull"))
        #expect(list.output.contains("      delay: duration, default \"30s\": wait after a failed pull"), "the example declares its parameters once, as the built-ins do")
        let schema = try Self.execute(binary, ["schema"])
        #expect(schema.status == 0 && schema.output.contains("\"strategy.hintPullRetry\""), "the schema covers the registered kind")

        let out = scratch.appendingPathComponent("pull-failure")
        let sweepFile = Self.example.appendingPathComponent("Scenarios/pull-failure.json").path
        let sweep = try Self.execute(binary, ["sweep", sweepFile, "--out", out.path, "--jobs", "2", "--no-plot"])
        #expect(sweep.status == 0 && sweep.output.hasPrefix("pull-failure: 4 points → \(out.path)/\n\npoint  pullFailure  variant"), "\(sweep.output)")
        #expect(sweep.output.contains(" hintPullRetry ") && sweep.output.hasSuffix("summary.csv has every column with its 95% interval.\n"),
                "the summary table, a row per point and strategy, and its key; no plots with --no-plot: \(sweep.output)")
        for file in ["runs.csv", "summary.csv", "paired.csv", "meta.json", "plot.gp"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "no \(file)")
        }
        let rows = CSV.parse(try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        let column = { (name: String) in header.firstIndex(of: name)! }
        func cell(_ pullFailure: String, _ strategy: String) throws -> [String] {
            try #require(rows.first { $0[column("pullFailure")] == pullFailure && $0[column("strategy")] == strategy })
        }
        #expect(rows.count == 1 + 4 * 2)
        // With half the pulls failing, the retry's 95% interval lies wholly above hintPull's.
        let retry = try cell("0.5", "hintPullRetry"), plain = try cell("0.5", "hintPull")
        #expect(Double(retry[column("convergence_rate_ci_low")])! > Double(plain[column("convergence_rate_ci_high")])!)
        let runs = try String(contentsOf: out.appendingPathComponent("runs.csv"), encoding: .utf8)
        #expect(runs.split(whereSeparator: \.isNewline).count == 1 + 4 * 2 * 100)
        try fleetRuns(binary, in: scratch)
    }

    /// The outside strategy in a fleet (Scenarios/fleet-retry.json): 4 replications of
    /// 1,000 recipients sharing one server whose pulls fail half the time, hintPull against
    /// hintPullRetry. Both strategies run every fleet replication, and the retry's 95%
    /// interval of the converged fraction (over the replications) lies wholly above
    /// hintPull's: the one comparison made, so the family-wise error is the interval's 5%.
    private func fleetRuns(_ binary: String, in scratch: URL) throws {
        let out = scratch.appendingPathComponent("fleet-retry")
        let file = Self.example.appendingPathComponent("Scenarios/fleet-retry.json").path
        let run = try Self.execute(binary, ["run", file, "--out", out.path, "--jobs", "2", "--no-plot", "--quiet"])
        try #require(run.status == 0, "\(run.output)")
        let fleet = CSV.parse(try String(contentsOf: out.appendingPathComponent("fleet.csv"), encoding: .utf8))
        let strategy = try #require(fleet.first?.firstIndex(of: "strategy"))
        let recipients = try #require(fleet.first?.firstIndex(of: "recipients"))
        #expect(fleet.count == 1 + 2 * 4)
        #expect(fleet.dropFirst().filter { $0[strategy] == "hintPullRetry" }.count == 4)
        #expect(fleet.dropFirst().allSatisfy { Double($0[recipients]) == 1000 })
        let summary = CSV.parse(try String(contentsOf: out.appendingPathComponent("fleet-summary.csv"), encoding: .utf8))
        let header = try #require(summary.first)
        let column = { (name: String) in header.firstIndex(of: name)! }
        func converged(_ name: String) throws -> (low: Double, high: Double) {
            let row = try #require(summary.first { $0[column("strategy")] == name && $0[column("measure")] == "converged_fraction" })
            #expect(row[column("replications")] == "4")
            return (Double(row[column("ci95_low")])!, Double(row[column("ci95_high")])!)
        }
        #expect(try converged("hintPullRetry").low > converged("hintPull").high)
    }

    /// Runs `executable` with `arguments` (CI set, so no progress line) and returns its exit
    /// status and its standard output and error together.
    static func execute(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "1", "PUSHSIM_COMMIT": "test"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
