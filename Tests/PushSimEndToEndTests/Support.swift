import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The repository root (tests run from it under `swift test`; resolved from this file otherwise).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func scenarioURL(_ relative: String) -> URL { repositoryRoot.appendingPathComponent(relative) }

/// How many times longer a wall-clock limit of a test may be: `PUSHSIM_TEST_TIME_SCALE`
/// (at least 1; `make sanitize` sets it, as a sanitized build runs many times slower), else 1.
/// For limits that catch hangs or quadratic costs, not for measurements.
let wallClockScale: Double = max(1, ProcessInfo.processInfo.environment["PUSHSIM_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1)

/// The sanitizer the tests are built with (`make sanitize`): "address", "thread" or nil,
/// found by its runtime's entry point. The `pushsim` built beside them has the same.
let sanitizer: String? = [("__asan_init", "address"), ("__tsan_init", "thread")]
    .first { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0.0) != nil }?.1

/// The sanitizer runtimes' options of this process (`ASAN_OPTIONS`, `TSAN_OPTIONS`, …, and
/// `SWIFT_BACKTRACE`; `make sanitize` sets them), for the `pushsim` processes tests start
/// with an environment of their own: a sanitized binary then runs under the tests' options
/// (no leak check, stop at the first error, no Swift backtracer to outlive a crash) rather
/// than the runtime's defaults.
let sanitizerOptions: [String: String] = ProcessInfo.processInfo.environment.filter {
    $0.key.hasSuffix("SAN_OPTIONS") || $0.key == "SWIFT_BACKTRACE"
}

/// A fresh empty folder under the system temporary directory.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs every replication of `scenario` in memory and returns the cell summaries.
func summarize(_ scenario: Scenario, jobs: Int = 2) -> [CellSummary] {
    let simulation = Simulation(scenario: scenario)
    var cells: [CellSummary] = []
    for v in scenario.variants { for s in scenario.strategies { cells.append(CellSummary(variant: v.name, strategy: s.name)) } }
    ParallelRunner.run(count: simulation.runCount, jobs: jobs, body: { simulation.run(simulation.runID(at: $0)) }) { first, outcomes in
        for (k, o) in outcomes.enumerated() {
            let id = simulation.runID(at: first + k)
            cells[id.variant * scenario.strategies.count + id.strategy].add(o)
        }
    }
    return cells
}

func cell(_ cells: [CellSummary], _ variant: String, _ strategy: String) -> CellSummary {
    cells.first { $0.variant == variant && $0.strategy == strategy }!
}

/// Runs the CLI in-process over `registry`; returns (status, stdout, stderr).
func runCLI(_ args: [String], registry: PluginRegistry = .builtIn) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let status = Command.main(args, registry: registry, out: { out += $0 }, err: { err += $0 },
                              environment: ["CI": "1", "PUSHSIM_COMMIT": "test"])
    return (status, out, err)
}

/// Runs a configured `process` to its end with stdout and stderr captured together.
/// - Returns: the exit status and the combined output.
func runCaptured(_ process: Process) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// The lines of the runs.csv of `pushsim run SCENARIO` into a new folder of `dir`.
func runsLines(_ scenario: String, in dir: URL) throws -> [String] {
    let out = dir.appendingPathComponent(UUID().uuidString)
    let r = runCLI(["run", scenario, "--out", out.path, "--quiet", "--no-plot"])
    try #require(r.status == 0, "\(r.err)")
    return try String(contentsOf: out.appendingPathComponent("runs.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
}
