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

    @Test("the example builds against this checkout; its list shows hintPullRetry; its sweep and its fleet write results where the retry helps; a package with a misspelled handler fails to build",
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
        try misspelledHandlers(scratch: scratch.appendingPathComponent("build"))
    }

    /// A package of one's own with a strategy whose handler is misspelled does not build
    /// (issue 35: a handler with a default body made every typo a silent no-op): a
    /// misspelled event case, a handler with the wrong argument label, the old
    /// one-method-per-event style, and `Param.bool` (a fix-it to `Param.boolean`). The same package spelled right builds, so the failures
    /// are the misspellings'. It builds in the example's scratch path (PushSim is already
    /// built there), so only the one small file compiles.
    private func misspelledHandlers(scratch: URL) throws {
        let body: [(name: String, code: String, error: String?)] = [
            ("right", "mutating func handle(_ event: AppEvent, _ app: inout AppContext) {\n switch event {\n case .foreground: app.pull()\n default: break\n }\n }", nil),
            ("caseTypo", "mutating func handle(_ event: AppEvent, _ app: inout AppContext) {\n switch event {\n case .foregound: app.pull()\n default: break\n }\n }",
             "type 'AppEvent' has no member 'foregound'"),
            ("labelTypo", "mutating func handle(_ event: AppEvent, app: inout AppContext) { app.pull() }",
             "has different argument labels from those required by protocol 'ClientStrategy'"),
            ("oldStyle", "mutating func onForeground(app: inout AppContext) { app.pull() }", "does not conform to protocol 'ClientStrategy'"),
            ("paramBool", "static let quick = Param.bool(\"quick\", default: true, doc: \"a flag\")\n mutating func handle(_ event: AppEvent, _ app: inout AppContext) {}",
             "has been renamed to 'boolean(_:default:doc:)'"),
        ]
        for (name, code, error) in body {
            let package = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: package) }
            let sources = package.appendingPathComponent("Sources/Typo")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Typo", dependencies: [.package(name: "PushSim", path: "\(repositoryRoot.path)")],
                targets: [.target(name: "Typo", dependencies: [.product(name: "PushSim", package: "PushSim")])])
            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try """
            import PushSim
            struct Typo: ParameterlessStrategy {
                static let kind = "typo", summary = "a strategy with a misspelled handler"
                let capabilities = StrategyCapabilities()
                init() {}
                \(code)
            }
            """.write(to: sources.appendingPathComponent("Typo.swift"), atomically: true, encoding: .utf8)
            let build = try Self.execute(Self.swift!, ["build", "--package-path", package.path, "--scratch-path", scratch.path])
            if let error {
                #expect(build.status != 0 && build.output.contains(error), "\(name): expected the build to fail with \(error):\n\(build.output)")
            } else {
                #expect(build.status == 0, "\(name): the package spelled right should build:\n\(build.output)")
            }
        }
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
