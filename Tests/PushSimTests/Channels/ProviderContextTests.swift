import Foundation
import Testing
@testable import PushSim

/// A channel written to the letter of the `PushChannel` doc: every push arrives `delay`
/// after it is sent, through `ProviderContext.deliver`, nothing else. (The old channel API
/// trapped the run for such a channel: it also had to record the push in the ledger.)
private struct FixedDelayChannel: PushChannel {
    static let kind = "test.fixedDelay"
    static let summary = "every push arrives after a fixed delay (tests only)"
    static let parameters: [ParameterDoc] = []
    var delay = SimDuration.seconds(2)
    init() {}
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = ChannelCapabilities()
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        cx.deliver(push, at: cx.now + delay)
        return .accepted(messageID: push.id)
    }
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {}
}

/// Refuses every other push (even ids) with a retryable error and a Retry-After.
private struct HalfRefusingChannel: PushChannel {
    static let kind = "test.halfRefusing"
    static let summary = "refuses even push ids (tests only)"
    static let parameters: [ParameterDoc] = []
    init() {}
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = ChannelCapabilities()
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if push.id % 2 == 0 { return .rejected(.unavailable, retryAfter: .seconds(30)) }
        cx.deliver(push, at: cx.now)
        return .accepted(messageID: push.id)
    }
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {}
}

/// Sets one timer in its own slot and one through an embedded instance's slot; records
/// which slot and tag each timer came back with.
private struct NestingChannel: PushChannel {
    static let kind = "test.nesting"
    static let summary = "timers in two slots (tests only)"
    static let parameters: [ParameterDoc] = []
    var fired: [(slot: UInt8, tag: Int32)] = []
    init() {}
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = ChannelCapabilities()
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        cx.setTimer(at: cx.now + .seconds(1), tag: 7)
        cx.nested(3) { inner in
            #expect(inner.slot == 3)
            inner.setTimer(at: inner.now + .seconds(2), tag: 7)
        }
        #expect(cx.slot == 0, "the outer slot is restored after nested")
        return .accepted(messageID: push.id)
    }
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {
        if case let .timer(tag) = event { fired.append((cx.timerSlot, tag)) }
    }
}

private func studyRun<C: PushChannel>(_ channel: C) throws -> RunOutcome {
    let json = """
    {"name": "cx", "seed": 5, "replications": 1, "horizon": "60s",
     "server": {"keys": 1, "retainLast": 100, "changes": {"count": 4, "start": "1s", "interval": "1s"}},
     "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}]}
    """
    let sc = try Scenario.decode(Data(json.utf8), file: "cx.json")
    return Simulation.simulate(channel: channel, strategy: HintPull(), setup: Simulation(scenario: sc).setup(variant: 0),
                               streams: RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0))
}

@Suite("ProviderContext: the one way a channel acts")
struct ProviderContextTests {
    @Test("a channel that only calls deliver runs: every push recorded, delivered, the client converges")
    func deliverRecordsAndSchedules() throws {
        let o = try studyRun(FixedDelayChannel())
        #expect(o.pushesSent == 4 && o[.delivered] == 4 && o.counts[.copiesArrived] == 4)
        #expect(o.converged && o.convergenceTime == .seconds(2), "the last change (4 s) reaches the client 2 s later")
    }

    @Test("the answer is send's return value: refusals are counted as rejected with their code, never delivered")
    func answerIsTheReturnValue() throws {
        let o = try studyRun(HalfRefusingChannel())
        #expect(o.pushesSent == 4 && o[.rejected] == 2 && o[.delivered] == 2)
        #expect(o.rejections[PushLedger.sendErrors.firstIndex(of: .unavailable)!] == 2)
    }

    @Test("timers are stamped with the calling instance's slot and come back with it")
    func timersAreNamespacedBySlot() {
        var channel = NestingChannel()
        var queue = EventQueue<WorldEvent>(), ledger = PushLedger()
        let random = RandomStream(type: .mt19937, seed: 1)
        ledger.sent(1)
        let push = Push(id: 1, cursor: 1, change: Change(sequence: 1, key: 0, value: 1), sentAt: .zero)
        _ = ProviderContext.with(&channel, queue: &queue, ledger: &ledger, now: .zero, device: DeviceView(), random: random,
                                 order: random, deviceIndex: 0) { c, cx in c.send(push, &cx) }
        while let event = queue.next(until: .distantFuture) {
            guard case let .channelTimer(slot, tag) = event else { Issue.record("unexpected \(event)"); continue }
            let now = queue.now
            ProviderContext.with(&channel, queue: &queue, ledger: &ledger, now: now, device: DeviceView(), random: random,
                                 order: random, deviceIndex: 0, timerSlot: slot) { c, cx in c.handle(.timer(tag: tag), &cx) }
        }
        #expect(channel.fired.map(\.slot) == [0, 3] && channel.fired.map(\.tag) == [7, 7])
    }

    @Test("a channel cannot end a push as rejected or delivered by itself")
    func finishRefusesRejectedAndDelivered() async {
        await #expect(processExitsWith: .failure) { finishInContext(.rejected) }
        await #expect(processExitsWith: .failure) { finishInContext(.delivered) }
    }
}

/// `ProviderContext.finish(1, outcome)` on a fresh queue and ledger.
private func finishInContext(_ outcome: PushOutcome) {
    var channel = 0, queue = EventQueue<WorldEvent>(), ledger = PushLedger()
    ledger.sent(1)
    let r = RandomStream(type: .mt19937, seed: 1)
    _ = ProviderContext.with(&channel, queue: &queue, ledger: &ledger, now: .zero, device: DeviceView(), random: r, order: r,
                         deviceIndex: 0) { _, cx in cx.finish(1, outcome) }
}
