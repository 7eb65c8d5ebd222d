import Foundation
import Testing
@testable import PushSim

/// Test-only channel: push i (1-based) arrives `delays[i − 1]` after it is sent, in
/// `copies[i − 1]` copies (default 1); nothing is drawn, stored or lost.
private struct ScriptedChannel: PushChannel {
    static let kind = "test.scripted"
    static let summary = "scripted delays (tests only)"
    static let parameters: [ParameterDoc] = []
    var delays: [SimDuration]
    var copies: [Int] = []

    init(delays: [SimDuration], copies: [Int] = []) { self.delays = delays; self.copies = copies }
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = ChannelCapabilities()
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {}

    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        let i = Int(push.id) - 1
        for copy in 0..<(i < copies.count ? copies[i] : 1) { cx.deliver(push, at: cx.now + delays[i], copy: Int8(copy)) }
        return .accepted(messageID: push.id)
    }
}

/// A one-variant scenario around `server` and `device` (JSON object texts).
private func scenario(server: String, device: String = "{}", message: String = "{}", client: String = "{}",
                      channel: String = #"{"kind": "lossy"}"#, strategies: String = #"["applyPayload"]"#) throws -> Scenario {
    let json = """
    {"name": "user-view", "seed": 3, "replications": 1, "horizon": "120s", "server": \(server), "client": \(client),
     "message": \(message), "strategies": \(strategies), "variants": [{"name": "v", "channel": \(channel), "device": \(device)}]}
    """
    return try Scenario.decode(Data(json.utf8), file: "user-view.json")
}

/// Runs `strategy` through `channel` on the scenario's only variant.
private func run<S: ClientStrategy>(_ sc: Scenario, _ channel: ScriptedChannel, _ strategy: S) -> RunOutcome {
    Simulation.simulate(channel: channel, strategy: strategy, setup: Simulation(scenario: sc).setup(variant: 0),
                        streams: RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0))
}

/// Two changes of key 0 at 1 s and 2 s.
private let twoChanges = #"{"keys": 1, "retainLast": 10, "changes": {"count": 2, "start": "1s", "interval": "1s", "notify": true}}"#
/// The first push arrives after 5 s, the second after 1 s: reordered.
private let reordered = ScriptedChannel(delays: [.seconds(5), .seconds(1)])

@Suite("User view in the world")
struct UserViewTests {
    @Test("one change delivered after exactly 3 s: freshness 3 s, stale screen 3 s, cost as scripted")
    func threeSeconds() throws {
        let sc = try scenario(server: #"{"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "10s"}}"#,
                              device: #"{"app": {"initialState": "foreground"}}"#, message: #"{"size": 100}"#,
                              client: #"{"responseSize": 400, "changeSize": 50}"#,
                              channel: #"{"kind": "lossy", "delay": "3s"}"#, strategies: #"["applyPayload", "hintPull"]"#)
        for s in 0..<2 {
            let o = Simulation(scenario: sc).run(.init(variant: 0, strategy: s, replication: 0))
            let e = o.experience
            #expect(e.changes == 1 && e.reflected == 1)
            #expect(e.freshnessP50 == .seconds(3) && e.freshnessP95 == .seconds(3) && e.freshnessMax == .seconds(3))
            #expect(e.foreground == .seconds(120) && e.staleScreen == .seconds(3))
            #expect(e.regressions == 0 && o.counts[.bytesPushed] == 100)
            #expect(o.counts[.deviceWakeups] == 0, "a generic device is always awake")
            if s == 1 {
                #expect(o.counts[.serverRequests] == 1 && o.counts[.bytesPulled] == 450)
            }
        }
    }

    @Test("a regression planted by reordering two deliveries is counted once; a puller has none")
    func plantedRegression() throws {
        let sc = try scenario(server: twoChanges)
        let payload = run(sc, reordered, ApplyPayload())
        #expect(payload.experience.regressions == 1)
        #expect(!payload.converged)
        // change 1 (1 s) and change 2 (2 s) are both reflected when value 2 arrives at 3 s.
        #expect(payload.experience.freshnessMax == .seconds(2) && payload.experience.freshnessP50 == .microseconds(1_500_000))
        let pull = run(sc, reordered, HintPull())
        #expect(pull.experience.regressions == 0 && pull.converged)
        #expect(pull.counts[.serverRequests] == 1, "the late push is behind the cursor")
    }

    @Test("OS-drawn notifications: the late one is stale by the time since it was superseded; a duplicate copy; wake-ups")
    func osNotifications() throws {
        let sc = try scenario(server: twoChanges, device: #"{"platform": "android"}"#, message: #"{"type": "notification"}"#)
        let o = run(sc, ScriptedChannel(delays: [.seconds(5), .seconds(1)], copies: [1, 2]), ApplyPayload())
        let e = o.experience
        #expect(o.counts[.notificationsDisplayed] == 3 && e.notificationsShown == 3)
        #expect(e.notificationsStale == 1 && e.notificationStalenessMax == .seconds(4), "value 1 shown at 6 s, superseded at 2 s")
        #expect(e.notificationsDuplicate == 1 && e.notificationsNeverDisplayed == 0)
        #expect(o.counts[.deviceWakeups] == 3, "screen off: every copy wakes the device")
        #expect(e.foreground == .zero && e.staleScreenFraction == nil)
    }

    @Test("app-posted notifications: refetch shows the fetched state (a duplicate, never stale); payload shows the late value")
    func appNotifications() throws {
        let sc = try scenario(server: twoChanges, device: #"{"platform": "android"}"#)
        let refetch = run(sc, reordered, RefetchNotify())
        #expect(refetch.counts[.localNotifications] == 2 && refetch.experience.notificationsStale == 0)
        #expect(refetch.experience.notificationsDuplicate == 1, "both refetches show change 2")
        #expect(refetch.experience.notificationsNeverDisplayed == 1, "change 1 was never shown")
        #expect(refetch.counts[.serverRequests] == 2 && refetch.converged)
        let payload = run(sc, reordered, ApplyPayloadNotify())
        #expect(payload.counts[.localNotifications] == 2 && payload.experience.notificationsStale == 1)
        #expect(payload.experience.notificationStalenessMax == .seconds(4) && payload.experience.regressions == 1)
        #expect(payload.experience.notificationsNeverDisplayed == 0)
    }

    @Test("no app-posted notification in the foreground or without permission")
    func notShown() throws {
        for device in [#"{"platform": "android", "app": {"initialState": "foreground"}}"#,
                       #"{"platform": "android", "notifications": "denied"}"#] {
            let sc = try scenario(server: twoChanges, device: device)
            for o in [run(sc, reordered, RefetchNotify()), run(sc, reordered, ApplyPayloadNotify())] {
                #expect(o.counts[.localNotifications] == 0 && o.experience.notificationsShown == 0)
                #expect(o.experience.notificationsNeverDisplayed == 2)
            }
        }
    }

    @Test("refetchNotifyPoll fetches at the open, then polls every 15–20 s while in the foreground")
    func pollGaps() throws {
        let sc = try scenario(server: #"{"keys": 1, "retainLast": 10, "changes": {"count": 0}}"#,
                              device: #"{"app": {"sessions": [{"at": "10s", "length": "100s"}]}}"#,
                              strategies: #"["refetchNotifyPoll"]"#)
        let (outcome, trace) = Simulation(scenario: sc).trace(.init(variant: 0, strategy: 0, replication: 0))
        let pulls = trace.records.filter { $0.kind == .pull }.map(\.time)
        #expect(pulls.first == .zero + .seconds(10))
        let gaps = zip(pulls, pulls.dropFirst()).map { $1 - $0 }
        #expect(gaps.count >= 4 && gaps.allSatisfy { $0 >= .seconds(15) && $0 < .seconds(20) }, "\(gaps)")
        #expect(pulls.last! <= .zero + .seconds(110), "no poll after the session ends")
        #expect(outcome.counts[.serverRequests] == pulls.count)
    }
}
