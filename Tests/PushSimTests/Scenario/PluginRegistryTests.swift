import Foundation
import Testing
@testable import PushSim

/// A strategy from "another package": hintPull plus one pull `delay` after a failed pull.
private struct RetryOnce: ClientStrategy {
    static let kind = "retryOnce"
    static let summary = "hintPull plus one pull `delay` after a failed pull"
    static let parameters = [ParameterDoc("delay", "duration", "10s", "wait before the retry")]
    var delay = SimDuration.seconds(10)

    enum CodingKeys: String, CodingKey, CaseIterable { case kind, name, delay }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        delay = try c.decodeDurationIfPresent(.delay) ?? .seconds(10)
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

/// A second type claiming a built-in kind.
private struct FakeHintPull: ParameterlessStrategy {
    static let kind = "hintPull"
    static let summary = "a second hintPull"
    let capabilities = StrategyCapabilities()
    init() {}
    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {}
}

private func scenarioJSON(strategies: String) -> Data {
    Data("""
    {"name": "t", "seed": 9, "replications": 2, "horizon": "60s",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
     "strategies": \(strategies),
     "variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.2}}]}
    """.utf8)
}

@Suite("Plug-in registry")
struct PluginRegistryTests {
    @Test("builtIn is Registry's lists, in order")
    func builtInIsTheBuiltInLists() {
        let r = PluginRegistry.builtIn
        #expect(r.channels.map { $0.kind } == Registry.channels.map { $0.kind })
        #expect(r.strategies.map { $0.kind } == Registry.strategies.map { $0.kind })
        #expect(r.senders.map { $0.kind } == Registry.senders.map { $0.kind })
        #expect(r.strategy(kind: "hintPull") == HintPull.self)
        #expect(r.strategy(kind: "retryOnce") == nil)
        #expect(r.channel(kind: "lossy") == LossyChannel.self && r.sender(kind: "outbox") == Outbox.self)
    }

    @Test("an added kind comes after the built-ins; a duplicate kind is rejected in every family")
    func addAndRejectDuplicates() throws {
        var r = PluginRegistry.builtIn
        try r.add(strategy: RetryOnce.self)
        #expect(r.strategies.map { $0.kind } == Registry.strategies.map { $0.kind } + ["retryOnce"])
        #expect(throws: PluginRegistry.DuplicateKind(family: "strategy", kind: "retryOnce")) { try r.add(strategy: RetryOnce.self) }
        #expect(throws: PluginRegistry.DuplicateKind(family: "strategy", kind: "hintPull")) { try r.add(strategy: FakeHintPull.self) }
        #expect(throws: PluginRegistry.DuplicateKind(family: "channel", kind: "lossy")) { try r.add(channel: LossyChannel.self) }
        #expect(throws: PluginRegistry.DuplicateKind(family: "sender", kind: "perChange")) { try r.add(sender: PerChange.self) }
        #expect(throws: PluginRegistry.DuplicateKind.self) { _ = try PluginRegistry(strategies: [HintPull.self, HintPull.self]) }
        #expect(throws: PluginRegistry.DuplicateKind.self) { _ = try PluginRegistry.builtIn.adding(strategies: [RetryOnce.self, RetryOnce.self]) }
        #expect("\(PluginRegistry.DuplicateKind(family: "strategy", kind: "hintPull"))" == #"the strategy kind "hintPull" is already registered"#)
        let small = try PluginRegistry(channels: [LossyChannel.self], strategies: [RetryOnce.self])
        #expect(small.channels.count == 1 && small.strategies.count == 1 && small.senders.isEmpty)
    }

    @Test("a scenario decoded with a registry finds its kinds, as a string or an object with parameters")
    func decodesAddedKinds() throws {
        let r = try PluginRegistry.builtIn.adding(strategies: [RetryOnce.self])
        let s = try Scenario.decode(scenarioJSON(strategies: #"["hintPull", "retryOnce", {"kind": "retryOnce", "name": "slow", "delay": "40s"}]"#),
                                    file: "t.json", registry: r)
        #expect(s.strategies.map(\.name) == ["hintPull", "retryOnce", "slow"])
        #expect((s.strategies[1].prototype as? RetryOnce)?.delay == .seconds(10))
        #expect((s.strategies[2].prototype as? RetryOnce)?.delay == .seconds(40))
        let bad = #"[{"kind": "retryOnce", "delai": "4s"}]"#
        #expect(throws: ScenarioError.self) { try Scenario.decode(scenarioJSON(strategies: bad), file: "t.json", registry: r) }
    }

    @Test("without the registry the kind is unknown; with it, the error lists the added kind")
    func unknownKindErrors() throws {
        let json = scenarioJSON(strategies: #"["retryTwice"]"#)
        let r = try PluginRegistry.builtIn.adding(strategies: [RetryOnce.self])
        do { _ = try Scenario.decode(scenarioJSON(strategies: #"["retryOnce"]"#), file: "t.json"); Issue.record("decoded") } catch {
            #expect(error.path == "$.strategies[0]" && error.message.hasPrefix(#"unknown strategy kind "retryOnce""#))
        }
        do { _ = try Scenario.decode(json, file: "t.json", registry: r) } catch {
            #expect(error.message.hasSuffix("refetchNotifyPoll, applyBatch, retryOnce"))
            return
        }
        Issue.record("decoded an unknown kind")
    }

    @Test("a plain JSONDecoder uses the registry in its userInfo, else builtIn")
    func userInfo() throws {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(StrategySpec.self, from: Data(#""retryOnce""#.utf8)) }
        decoder.userInfo[PluginRegistry.userInfoKey] = try PluginRegistry.builtIn.adding(strategies: [RetryOnce.self])
        #expect(try decoder.decode(StrategySpec.self, from: Data(#""retryOnce""#.utf8)).name == "retryOnce")
        #expect(try decoder.decode(StrategySpec.self, from: Data(#"{"kind": "polling", "interval": "5s"}"#.utf8)).name == "polling")
    }

    @Test("a sweep plan built in code runs like a loaded one; its point scenarios can be changed")
    func sweepPlanInCode() throws {
        let r = try PluginRegistry.builtIn.adding(strategies: [RetryOnce.self])
        let base = try Scenario.decode(scenarioJSON(strategies: #"["hintPull", "retryOnce"]"#), file: "t.json", registry: r)
        let axis = Axis(name: "replications", path: try JSONPath("replications"), values: [.number(2), .number(3)])
        var plan = SweepPlan(spec: SweepSpec(name: "code", axes: [axis]), file: "code",
                             points: [SweepPlan.Point(index: 0, values: [.number(2)], scenario: base),
                                      SweepPlan.Point(index: 1, values: [.number(3)], scenario: base)],
                             fingerprint: "code-1")
        plan.points[1].scenario.replications = 3
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-registry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SweepRunner.run(plan, into: folder, options: .init()) == .complete(points: 2))
        let runs = try String(contentsOf: folder.appendingPathComponent("runs.csv"), encoding: .utf8)
        #expect(runs.split(whereSeparator: \.isNewline).count == 1 + 2 * 2 + 2 * 3)
        #expect(runs.contains(",retryOnce,"))
    }
}
