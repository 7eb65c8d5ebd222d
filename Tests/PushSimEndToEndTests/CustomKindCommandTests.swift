import Foundation
import Testing
@testable import PushSim

/// A stand-in for the example package's `hintPullRetry` (Examples/custom-strategy), so the
/// example's scenario files run in-process: hintPull plus a retry `delay` after a failed pull.
private struct StandInHintPullRetry: ClientStrategy {
    static let kind = "hintPullRetry"
    static let summary = "stand-in: hintPull plus a retry `delay` after a failed pull"
    static let parameters = [ParameterDoc("delay", "duration", "30s", "wait before the retry")]
    var delay = SimDuration.seconds(30)

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, name, delay, retries }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        delay = try decoder.container(keyedBy: CodingKeys.self).decodeDurationIfPresent(.delay) ?? .seconds(30)
    }

    let capabilities = StrategyCapabilities()

    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case let .push(push): if push.cursor > app.cursor { app.pull() }
        case .pullFailed: app.setTimer(after: delay, tag: 0)
        case .timer: app.pull()
        default: break
        }
    }
}

/// Every stock command over a registry with one added strategy kind, in-process.
@Suite("Commands with an added kind")
struct CustomKindCommandTests {
    static let registry = try! PluginRegistry.builtIn.adding(strategies: [StandInHintPullRetry.self])
    static let study = scenarioURL("Examples/custom-strategy/Scenarios/retry-study.json").path
    static let sweep = scenarioURL("Examples/custom-strategy/Scenarios/pull-failure.json").path

    @Test("the stock registry rejects the kind (exit 2, naming it); with the kind, list and validate accept it")
    func listAndValidate() {
        let stock = runCLI(["validate", Self.study])
        #expect(stock.status == 2 && stock.err.contains(#"$.strategies[1].kind: unknown strategy kind "hintPullRetry""#))
        #expect(runCLI(["validate", Self.sweep]).status == 2)
        let list = runCLI(["list"], registry: Self.registry)
        #expect(list.status == 0 && list.out.contains("  hintPullRetry\n      stand-in:") && list.out.contains("      delay: duration, default 30s"))
        #expect(list.out.hasPrefix(runCLI(["list"]).out.components(separatedBy: "  hintPullRetry")[0].components(separatedBy: "\nSENDERS")[0]))
        #expect(runCLI(["validate", Self.study], registry: Self.registry).out.contains("ok (2 variants × 2 strategies × 200 replications)\n  estimate: "))
        #expect(runCLI(["validate", Self.sweep], registry: Self.registry).out.contains("ok (sweep: 4 points)\n  estimate: "))
    }

    @Test("run and trace compute the added strategy")
    func runAndTrace() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = runCLI(["run", Self.study, "--out", dir.path, "--jobs", "2", "--replications", "50", "--quiet"], registry: Self.registry)
        #expect(run.status == 0, "\(run.err)")
        let summary = try String(contentsOf: dir.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(summary.contains("\nkeepLatest,hintPullRetry,50,"))
        let trace = runCLI(["trace", Self.study, "--strategy", "hintPullRetry", "--variant", "keepLatest", "--format", "text"], registry: Self.registry)
        #expect(trace.status == 0 && trace.out.hasPrefix("retry-study: variant keepLatest, strategy hintPullRetry, replication 0"))
    }

    @Test("sweep in two shards, merge, compare and fingerprints give what one sweep gives")
    func sweepShardsMergeCompare() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let base = ["sweep", Self.sweep, "--replications", "20", "--jobs", "2", "--quiet"]
        #expect(runCLI(base + ["--out", path("one")], registry: Self.registry).out.hasPrefix("pull-failure: 4 points → "))
        #expect(runCLI(base + ["--out", path("a"), "--shard", "1/2"], registry: Self.registry).status == 0)
        #expect(runCLI(base + ["--out", path("b"), "--shard", "2/2"], registry: Self.registry).status == 0)
        #expect(runCLI(["merge", path("a"), path("b"), "--out", path("merged")], registry: Self.registry).status == 0)
        for file in ["runs.csv", "summary.csv", "paired.csv"] {
            #expect(FileManager.default.contents(atPath: path("one/\(file)")) == FileManager.default.contents(atPath: path("merged/\(file)")), "\(file)")
        }
        let summary = try String(contentsOfFile: path("one/summary.csv"), encoding: .utf8)
        #expect(summary.split(whereSeparator: \.isNewline).filter { $0.contains(",keepLatest,hintPullRetry,20,") }.count == 4)
        #expect(runCLI(["compare", path("one/summary.csv"), path("merged/summary.csv")], registry: Self.registry).status == 0)
        #expect(runCLI(["compare", path("one/runs.csv"), path("merged/runs.csv"), "--fingerprints"], registry: Self.registry).status == 0)
        let list = runCLI(["fingerprints", path("merged/runs.csv")], registry: Self.registry)
        #expect(list.status == 0 && list.out.contains("hintPullRetry"))
    }
}
