import Foundation
import Testing
@testable import PushSim

/// The repository root, found from this file's path (Tests/PushSimTests/Scenario/…).
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let studyPath = root.appendingPathComponent("Scenarios/push-hint-study.json").path

/// A valid scenario; tests replace fragments of it.
private let valid = """
{"name": "t", "seed": 9, "replications": 2, "horizon": "60s",
 "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
 "strategies": ["hintPull"],
 "variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.2}}]}
"""

private func decode(_ json: String) throws(ScenarioError) -> Scenario {
    try Scenario.decode(Data(json.utf8), file: "t.json")
}

/// The error decoding `json` throws, or nil if it decodes.
private func failure(_ json: String) -> ScenarioError? {
    do { _ = try decode(json); return nil } catch { return error }
}

@Suite("Scenario decoding")
struct ScenarioDecodingTests {
    @Test("the study file decodes: 3 variants, 3 strategies, the documented setup")
    func studyFile() throws {
        let (scenario, bytes) = try Scenario.load(path: studyPath)
        #expect(!bytes.isEmpty)
        #expect(scenario.name == "push-hint-study")
        #expect(scenario.variants.map(\.name) == ["lossy", "keepLatest", "overflow"])
        #expect(scenario.strategies.map(\.name) == ["applyPayload", "hintPull", "hintPullForegroundSync"])
        #expect(scenario.replications == 1000 && scenario.seed == 1 && scenario.horizon == .seconds(120))
        #expect(scenario.generator == .philox4x32_10, "the study runs under the default generator")
        #expect(scenario.server.keys == 5 && scenario.server.retainLast == 8)
        // One change schedule: 30 changes, every second from 1 s, with the default message.
        #expect(scenario.server.changes.count == 1)
        let changes = try #require(scenario.server.changes.first)
        #expect(changes.count == 30 && changes.start == .seconds(1) && changes.interval == .seconds(1) && changes.gap == nil)
        #expect(changes.message == nil && scenario.message == .default)
        #expect(scenario.device.app.foreground == [.seconds(60)] && scenario.device.offline.isEmpty)
        #expect(scenario.device.platform == .generic && scenario.device.connectivity == nil)

        let lossy = try #require(scenario.variants[0].channel as? LossyChannel)
        #expect(lossy.transport.loss == 0.3 && lossy.transport.duplicate == 0.1)
        #expect(lossy.transport.delay == DurationDistribution(.uniformInt(min: 0, max: 4), unit: "s"))
        #expect(scenario.variants[1].channel is KeepLatestChannel)
        let overflow = try #require(scenario.variants[2].channel as? OverflowChannel)
        #expect(!overflow.deletedSignal)
        // The limit and storeAfterDiscard live in the channel's private store.
        let store = try #require(Mirror(reflecting: overflow).descendant("store") as? OverflowStore)
        #expect(store.limit == 20 && !store.storeAfterDiscard)
        for v in 1...2 {
            let device = try #require(scenario.variants[v].device)
            #expect(device.offline == [Period(from: .zero, to: .seconds(40))])
            #expect(device.app.foreground == [.seconds(60)])
        }
    }

    @Test("a strategy is a kind string or an object with \"kind\" and an optional \"name\"")
    func strategyForms() throws {
        let sc = try decode(valid.replacingOccurrences(of: #"["hintPull"]"#, with:
            #"["hintPull", {"kind": "hintPull", "name": "hint-2"}, {"kind": "applyPayload"}, "hintPullForegroundSync"]"#))
        #expect(sc.strategies.map(\.name) == ["hintPull", "hint-2", "applyPayload", "hintPullForegroundSync"])
        #expect(sc.strategies[0].prototype is HintPull)
        #expect(sc.strategies[1].prototype is HintPull)
        #expect(sc.strategies[2].prototype is ApplyPayload)
        #expect(sc.strategies[3].prototype is HintPullForegroundSync)

        let unknownKey = failure(valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"[{"kind": "hintPull", "nmae": "x"}]"#))
        #expect(unknownKey?.path == "$.strategies[0].nmae")
        let duplicate = failure(valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["hintPull", {"kind": "hintPull"}]"#))
        #expect(duplicate?.path == "$.strategies[1]")
        #expect(duplicate?.message.contains("duplicate name \"hintPull\"") == true)
    }

    @Test("duplicate variant names are rejected at $.variants[1]")
    func duplicateVariants() throws {
        let twice = valid.replacingOccurrences(of: #""variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.2}}]"#, with:
            #""variants": [{"name": "a", "channel": {"kind": "lossy"}}, {"name": "a", "channel": {"kind": "keepLatest"}}]"#)
        #expect(twice != valid)
        let error = try #require(failure(twice))
        #expect(error.file == "t.json")
        #expect(error.path == "$.variants[1]")
        #expect(error.message.contains("duplicate name \"a\""))
        #expect(error.description.hasPrefix("t.json: $.variants[1]: "))
    }

    @Test("overlapping or unsorted offline periods are rejected at the later period")
    func overlappingOffline() throws {
        func device(_ periods: String) -> String {
            valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"offline": \#(periods)}, "strategies""#)
        }
        #expect(failure(device(#"[{"from": "0s", "to": "10s"}, {"from": "10s", "to": "20s"}]"#)) == nil, "touching periods are fine")
        let overlap = try #require(failure(device(#"[{"from": "0s", "to": "10s"}, {"from": "5s", "to": "20s"}]"#)))
        #expect(overlap.path == "$.device.offline[1]")
        #expect(overlap.message.contains("must not overlap"))
        let unsorted = try #require(failure(device(#"[{"from": "0s", "to": "5s"}, {"from": "30s", "to": "40s"}, {"from": "10s", "to": "20s"}]"#)))
        #expect(unsorted.path == "$.device.offline[2]")
        let backwards = try #require(failure(device(#"[{"from": "10s", "to": "10s"}]"#)))
        #expect(backwards.path == "$.device.offline[0].to")
    }

    @Test("a variant without a channel is rejected")
    func variantWithoutChannel() throws {
        let error = try #require(failure(valid.replacingOccurrences(of: #", "channel": {"kind": "lossy", "loss": 0.2}"#, with: "")))
        #expect(error.path == "$.variants[0].channel")
        #expect(error.message.contains("channel"))
    }

    @Test("an unknown generator is rejected, listing the valid ones")
    func unknownGenerator() throws {
        let error = try #require(failure(valid.replacingOccurrences(of: #""seed": 9"#, with: #""seed": 9, "generator": "mt19938""#)))
        #expect(error.path == "$.generator")
        #expect(error.message.contains("\"mt19938\""))
        for name in ["mt19937", "taus2", "ranlxd2"] { #expect(error.message.contains(name), "\(name) not listed") }
    }

    /// runs.csv rows of the study's lossy variant for the first `replications` replications.
    private static func lossyRows(_ scenario: Scenario, replications: Int) -> String {
        let simulation = Simulation(scenario: scenario)
        var text = ""
        for s in scenario.strategies.indices {
            for r in 0..<replications {
                let o = simulation.run(.init(variant: 0, strategy: s, replication: r))
                text += RunsTable.record(variant: scenario.variants[0].name, strategy: scenario.strategies[s].name,
                                         replication: r, seed: scenario.seed, outcome: o)
            }
        }
        return text
    }

    @Test("generators \"taus2\" and \"mt19937\" are accepted and give other (but reproducible) lossy outcomes than the default")
    func otherGenerators() throws {
        let text = try String(contentsOfFile: studyPath, encoding: .utf8)
        #expect(!text.contains("\"generator\""))
        func named(_ g: String) throws -> Scenario {
            try decode(text.replacingOccurrences(of: #""seed": 1,"#, with: #""seed": 1, "generator": "\#(g)","#))
        }
        let implicit = try decode(text), philox = try named("philox4x32-10"), mt = try named("mt19937"), taus = try named("taus2")
        // The default, when "generator" is absent, is philox4x32-10.
        #expect(implicit.generator == .philox4x32_10 && philox.generator == .philox4x32_10)
        #expect(taus.generator.name == "taus2" && mt.generator == .mt19937)
        let rows = [implicit, philox, mt, taus].map { Self.lossyRows($0, replications: 30) }
        #expect(rows[0] == rows[1])
        #expect(rows[2] != rows[0] && rows[3] != rows[0] && rows[3] != rows[2])
        #expect(rows[3] == Self.lossyRows(taus, replications: 30))
    }
}
