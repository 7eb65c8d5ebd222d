import Foundation
@testable import PushSim
@testable import PushSimCommand

/// The repository root (tests run from it under `swift test`; resolved from this file otherwise).
let repositoryRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func scenarioURL(_ relative: String) -> URL { repositoryRoot.appendingPathComponent(relative) }

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
