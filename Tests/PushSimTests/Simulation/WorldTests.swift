import Foundation
import Testing
@testable import PushSim

/// A one-variant scenario; `server`, `device` and `channel` are JSON object texts.
private func scenarioJSON(server: String, device: String = "{}", channel: String,
                          strategies: String = #"["applyPayload", "hintPull", "hintPullForegroundSync"]"#,
                          replications: Int = 1, horizon: String = "120s", seed: Int = 5) -> String {
    """
    {"name": "world-test", "seed": \(seed), "replications": \(replications), "horizon": "\(horizon)",
     "server": \(server), "strategies": \(strategies),
     "variants": [{"name": "v", "channel": \(channel), "device": \(device)}]}
    """
}

private func decode(_ json: String) throws -> Scenario { try Scenario.decode(Data(json.utf8), file: "world-test.json") }

/// Runs replication `replication` of strategy `strategy` (by name) in the first variant.
private func run(_ scenario: Scenario, _ strategy: String, replication: Int = 0) -> RunOutcome {
    let s = scenario.strategies.firstIndex { $0.name == strategy }!
    return Simulation(scenario: scenario).run(.init(variant: 0, strategy: s, replication: replication))
}

/// Test-only strategy: pulls at an app open only while the device is online, so the pull
/// count shows whether a foreground at a connectivity change's time ran before or after it.
private struct PullOnOnlineForeground: ParameterlessStrategy {
    static let kind = "test.pullOnOnlineForeground"
    static let summary = "pull at foreground when online (tests only)"
    init() {}
    let capabilities = StrategyCapabilities()
    mutating func handle(_ event: AppEvent, _ app: inout AppContext) { if case .foreground = event, app.online { app.pull() } }
}

@Suite("World")
struct WorldTests {
    // MARK: (a) order at equal times

    /// Changes at 2, 4, 6, 8, 10 s; offline [1 s, 10 s); app opened at 10 s. At 10 s the
    /// documented order is: the reconnect (keepLatest sends the stored 8 s push, scheduled
    /// for 10 s), then the server change (the device is online again, so its push goes
    /// straight through, also scheduled for 10 s), then the foreground, then the two
    /// deliveries scheduled during the run.
    @Test("equal times: connectivity, then server change, then foreground, then run-time deliveries")
    func equalTimeOrder() throws {
        let sc = try decode(scenarioJSON(
            server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 5, "start": "2s", "interval": "2s"}}"#,
            device: #"{"offline": [{"from": "1s", "to": "10s"}], "foreground": ["10s"]}"#,
            channel: #"{"kind": "keepLatest"}"#))

        // Connectivity before the change: the 2, 4, 6 s pushes are replaced in storage, the
        // 8 s push is delivered at the reconnect, and the 10 s push (at `to`) goes straight through.
        let hint = run(sc, "hintPull")
        #expect(hint.pushesSent == 5)
        #expect(hint[.replacedInStorage] == 3)
        #expect(hint[.delivered] == 2 && hint.counts[.copiesArrived] == 2)
        #expect(hint[.delayedDeviceOffline] == 1 && hint.deliveredNoDelay == 1)
        // The reconnect's delivery arrives after the 10 s change, so its pull already reaches
        // the head; the 10 s push is then not ahead of the cursor: one pull.
        #expect(hint.counts[.pulls] == 1 && hint.counts[.resets] == 0)
        #expect(hint.converged && hint.finalCursor == 5)
        #expect(hint.convergenceTime == .zero)
        // changes, connectivity, foreground, its session end (70 s), two deliveries
        #expect(hint.counts[.events] == 5 + 2 + 1 + 1 + 2)
        #expect(hint.counts[.appOpens] == 1)

        // Foreground before the deliveries: the foreground pull reaches the head, so neither
        // push that arrives after it at the same time is ahead of the cursor: one pull, not two.
        let sync = run(sc, "hintPullForegroundSync")
        #expect(sync.counts[.pulls] == 1)
        #expect(sync[.delivered] == 2 && sync.counts[.copiesArrived] == 2)
        #expect(sync.converged && sync.convergenceTime == .zero)

        // Both pushes arrive, the 8 s one first: the 10 s value is applied last.
        let payload = run(sc, "applyPayload")
        #expect(payload.counts[.payloadsApplied] == 2 && payload.converged)
        #expect(payload.convergenceTime == .zero && payload.finalCursor == 0)
    }

    /// Offline [2 s, 10 s) and a lossy channel that stores nothing: a change at exactly
    /// `from` finds the device offline and is dropped; one at exactly `to` finds it online.
    @Test("equal times: a change at the start of an offline period is dropped, one at its end is delivered")
    func changeAtPeriodBounds() throws {
        func outcome(changeAt start: String) throws -> RunOutcome {
            let sc = try decode(scenarioJSON(
                server: #"{"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "\#(start)"}}"#,
                device: #"{"offline": [{"from": "2s", "to": "10s"}]}"#,
                channel: #"{"kind": "lossy"}"#))
            return run(sc, "hintPull")
        }
        let atFrom = try outcome(changeAt: "2s")
        #expect(atFrom.pushesSent == 1 && atFrom[.droppedDeviceOffline] == 1)
        #expect(atFrom[.delivered] == 0 && atFrom.counts[.copiesArrived] == 0)
        #expect(atFrom.counts[.pulls] == 0 && !atFrom.converged && atFrom.finalCursor == 0)

        let atTo = try outcome(changeAt: "10s")
        #expect(atTo.pushesSent == 1 && atTo[.droppedDeviceOffline] == 0)
        #expect(atTo[.delivered] == 1 && atTo.counts[.copiesArrived] == 1)
        #expect(atTo.counts[.pulls] == 1 && atTo.converged && atTo.finalCursor == 1)
        #expect(atTo.convergenceTime == .zero)

        // Just inside and just outside the period, for contrast.
        #expect(try outcome(changeAt: "9999999us")[.droppedDeviceOffline] == 1)
        #expect(try outcome(changeAt: "1999999us")[.delivered] == 1)
    }

    @Test("equal times: a foreground runs after the connectivity change at the same time")
    func foregroundAfterConnectivity() throws {
        func pulls(foreground: String) throws -> Int {
            let sc = try decode(scenarioJSON(
                server: #"{"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1s"}}"#,
                device: #"{"offline": [{"from": "5s", "to": "10s"}], "foreground": ["\#(foreground)"]}"#,
                channel: #"{"kind": "keepLatest"}"#))
            let streams = RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0)
            let setup = Simulation(scenario: sc).setup(variant: 0)
            return Simulation.simulate(channel: sc.variants[0].channel, strategy: PullOnOnlineForeground(), setup: setup, streams: streams).counts[.pulls]
        }
        #expect(try pulls(foreground: "5s") == 0, "the app opens after the device went offline at 5 s")
        #expect(try pulls(foreground: "10s") == 1, "the app opens after the device came back at 10 s")
        #expect(try pulls(foreground: "7s") == 0 && pulls(foreground: "4s") == 1)
    }

    /// lossy with a constant 2 s delay; one change at 1 s, delivered at 3 s.
    @Test("a delivery at the time the device goes offline is dropped; at the time it reconnects, delivered")
    func deliveriesAfterTimelineEvents() throws {
        let server = #"{"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1s"}}"#
        let channel = #"{"kind": "lossy", "delay": "2s"}"#

        // Offline from 3 s: the timeline's connectivity event runs before the 3 s delivery.
        let goesOffline = try decode(scenarioJSON(server: server, device: #"{"offline": [{"from": "3s", "to": "5s"}]}"#, channel: channel))
        let dropped = run(goesOffline, "hintPull")
        #expect(dropped[.droppedDeviceOffline] == 1)
        #expect(dropped[.delivered] == 0 && dropped.counts[.copiesArrived] == 0)
        #expect(!dropped.converged && dropped.convergenceTime == nil)

        // Offline [2 s, 3 s): the 1 s change is sent online, and the 3 s reconnect runs
        // before the 3 s delivery.
        let reconnects = try decode(scenarioJSON(server: server, device: #"{"offline": [{"from": "2s", "to": "3s"}]}"#, channel: channel))
        let delivered = run(reconnects, "hintPull")
        #expect(delivered[.droppedDeviceOffline] == 0)
        #expect(delivered[.delivered] == 1 && delivered.counts[.copiesArrived] == 1)
        #expect(delivered.converged && delivered.convergenceTime == .seconds(2))
    }

    // MARK: (b) events or reset

    @Test("hintPull after a long outage: a long log converges through events, a short one through a reset")
    func eventsOrReset() throws {
        func outcome(retainLast: Int) throws -> RunOutcome {
            let sc = try decode(scenarioJSON(
                server: #"{"keys": 5, "retainLast": \#(retainLast), "changes": {"count": 30, "start": "1s", "interval": "1s"}}"#,
                device: #"{"offline": [{"from": "0s", "to": "40s"}]}"#,
                channel: #"{"kind": "keepLatest"}"#))
            return run(sc, "hintPull")
        }
        let long = try outcome(retainLast: 100)
        #expect(long.counts[.resets] == 0 && long.counts[.pulls] == 1)
        #expect(long.converged && long.finalCursor == 30 && long.convergenceTime == .seconds(10))

        let short = try outcome(retainLast: 1)
        #expect(short.counts[.resets] == 1 && short.counts[.pulls] == 1)
        #expect(short.converged && short.finalCursor == 30 && short.convergenceTime == .seconds(10))

        // Always online with a perfect channel, even a one-change log is enough: no reset.
        let online = try decode(scenarioJSON(
            server: #"{"keys": 5, "retainLast": 1, "changes": {"count": 30, "start": "1s", "interval": "1s"}}"#,
            channel: #"{"kind": "lossy"}"#))
        let o = run(online, "hintPull")
        #expect(o.counts[.resets] == 0 && o.counts[.pulls] == 30 && o.converged)
    }

    // MARK: (c) convergence time

    @Test("one change at 5 s over a 3 s lossless delay converges in exactly 3 s; never converged ⇒ nil")
    func convergenceTime() throws {
        let server = #"{"keys": 3, "retainLast": 10, "changes": {"count": 1, "start": "5s"}}"#
        let sc = try decode(scenarioJSON(server: server, channel: #"{"kind": "lossy", "loss": 0, "delay": "3s"}"#, replications: 5))
        for r in 0..<5 {
            let hint = run(sc, "hintPull", replication: r)
            #expect(hint.converged && hint.convergenceTime == .seconds(3) && hint.finalCursor == 1)
            #expect(run(sc, "applyPayload", replication: r).convergenceTime == .seconds(3))
        }

        let lost = try decode(scenarioJSON(server: server, channel: #"{"kind": "lossy", "loss": 1}"#, replications: 3))
        for r in 0..<3 {
            let o = run(lost, "hintPull", replication: r)
            #expect(!o.converged && o.convergenceTime == nil)
            #expect(o[.lost] == 1 && o[.delivered] == 0 && o.finalCursor == 0)
        }

        // Delivered after the horizon: not converged at the horizon either.
        let late = try decode(scenarioJSON(server: server, channel: #"{"kind": "lossy", "delay": "3s"}"#, horizon: "7s"))
        #expect(run(late, "hintPull").convergenceTime == nil)
    }

    // MARK: (d) payloads as truth

    /// Two changes to one key at 1 s and 2 s; each push is delayed 0 s or 5 s (a discrete
    /// distribution). The first push arrives last exactly when its delay is 5 s and the
    /// second's 0 s. The test predicts the two delays from the replication's `channel`
    /// stream (loss 0 and duplicate 0 draw nothing; one delay draw per push, in send order).
    @Test("applyPayload applies reordered pushes and ends wrong when the older value arrives last")
    func applyPayloadReordering() throws {
        let replications = 40
        let sc = try decode(scenarioJSON(
            server: #"{"keys": 1, "retainLast": 10, "changes": {"count": 2, "start": "1s", "interval": "1s"}}"#,
            channel: #"{"kind": "lossy", "delay": {"kind": "discrete", "weights": [1, 1], "values": [0, 5], "unit": "s"}}"#,
            replications: replications))
        let delay = try #require(sc.variants[0].channel as? LossyChannel).transport.delay
        var reorderedRuns = 0
        for r in 0..<replications {
            let stream = RandomStreams(generator: sc.generator, seed: sc.seed, replication: r).stream(StreamName.channel)
            let first = SimTime.zero + .seconds(1) + delay.sample(stream)
            let second = SimTime.zero + .seconds(2) + delay.sample(stream)
            let reordered = first > second

            let payload = run(sc, "applyPayload", replication: r)
            #expect(payload[.delivered] == 2 && payload.counts[.copiesArrived] == 2 && payload.counts[.payloadsApplied] == 2)
            #expect(payload.converged == !reordered, "replication \(r): arrivals \(first), \(second)")
            if reordered {
                reorderedRuns += 1
                #expect(payload.convergenceTime == nil)
            } else {
                #expect(payload.convergenceTime == second - (SimTime.zero + .seconds(2)))
            }
            #expect(payload.finalCursor == 0, "payloads never move the cursor")
            // hintPull pulls the whole log whatever the order.
            #expect(run(sc, "hintPull", replication: r).converged)
        }
        #expect(reorderedRuns > 0 && reorderedRuns < replications)
    }

    // MARK: (e) counters

    @Test("pushes sent equals the change count; a perfect always-online channel delivers every push")
    func counters() throws {
        let server = #"{"keys": 4, "retainLast": 5, "changes": {"count": 25, "start": "1s", "gap": {"kind": "exponential", "mean": 2, "unit": "s"}}}"#
        for channel in [#"{"kind": "lossy"}"#, #"{"kind": "keepLatest"}"#, #"{"kind": "overflow", "limit": 3}"#] {
            let sc = try decode(scenarioJSON(server: server, channel: channel, replications: 4, horizon: "1000s"))
            for r in 0..<4 {
                let o = run(sc, "hintPull", replication: r)
                #expect(o.pushesSent == 25)
                #expect(o[.delivered] == 25 && o.counts[.copiesArrived] == 25, "\(channel)")
                #expect(o.deliveredNoDelay == 25 && o.duplicates == 0)
                #expect(o.counts[.pulls] == 25 && o.counts[.resets] == 0 && o.converged)
                #expect(o.convergenceTime == .zero)
                #expect(o.counts[.events] == 50)
            }
        }

        // A lossy channel: every push sent is lost or delivered (once, or twice if duplicated).
        let sc = try decode(scenarioJSON(server: server, channel: #"{"kind": "lossy", "loss": 0.3, "duplicate": 0.2, "delay": "1s"}"#,
                                         replications: 20, horizon: "1000s"))
        var lost = 0, duplicated = 0
        for r in 0..<20 {
            let o = run(sc, "applyPayload", replication: r)
            #expect(o.pushesSent == 25)
            #expect(o[.delivered] + o[.lost] == o.pushesSent, "every push is lost or delivered")
            #expect(o.counts[.copiesArrived] == o.pushesSent - o[.lost] + o.duplicates)
            #expect(o.counts[.payloadsApplied] == o.counts[.copiesArrived])
            lost += o[.lost]; duplicated += o.duplicates
        }
        #expect(lost > 0 && duplicated > 0)
    }
}
