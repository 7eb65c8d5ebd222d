import Foundation
import Testing
@testable import PushSim

/// Test-only strategy: on each push, a timer `delay` later; on the timer, a pull. What it
/// measures is whether the network is there at that instant (e.g. a Doze exemption).
struct PullAfter: ClientStrategy {
    static var kind: String { "test.pullAfter" }
    static var summary: String { "pulls a fixed time after each push" }
    static var parameters: [ParameterDoc] { [] }
    var delay: SimDuration
    init(delay: SimDuration) { self.delay = delay }
    init(from decoder: any Decoder) throws { throw decoder.invalid("test.pullAfter is not decodable") }
    let capabilities = StrategyCapabilities()
    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push: app.setTimer(after: delay, tag: 1)
        case .timer: app.pull()
        default: break
        }
    }
}

/// Boundaries and single clauses of documented rules that the first mutation round showed
/// unpinned: each test fails if the rule's number or clause is changed.
@Suite("Platform rules: boundaries and clauses")
struct RuleBoundaryTests {
    @Test("A4: an apns-expiration 0 push to an offline device never enters the slot, so the stored one survives")
    func a4ZeroLifetimeNeverDisplacesTheStoredPush() throws {
        let s = try patchedScenario("Scenarios/platform/A4.json") {
            $0["server"] = json(#"{"keys": 1, "retainLast": 10, "changes": [ {"count": 1, "start": "1m", "message": {"type": "alert", "apnsPriority": 10, "expiration": "1d"}}, {"count": 1, "start": "2m"}]}"#)
        }
        let (o, log) = trace(s, "expiration0")
        #expect(log.ids == [1] && log.arrivals.map(\.time) == [at(m: 10)])
        #expect(o[.expired] == 1 && o[.replacedInStorage] == 0 && o[.delivered] == 1)
    }

    @Test("Outbox: a quiet-hours deferral uses no attempt (maxAttempts 1 still sends at the wake time)")
    func quietHoursDeferralIsNotAnAttempt() throws {
        let s = try patchedScenario("Scenarios/outbox/quiet-hours.json") {
            $0["variants"] = json(#"[{"name": "once", "channel": {"kind": "lossy"}, "sender": {"kind": "outbox", "maxAttempts": 1}}]"#)
        }
        let (o, log, outbox) = traceOutbox(s, "once")
        #expect(outbox.deferrals.count == 1)
        #expect(outbox.sends.map(\.attempt) == [1])
        #expect(log.pushes.map(\.at) == [at(h: 10)])
        #expect(o.converged && o.counts[.messagesLost] == 0)
    }

    @Test("F8: the per-minute window is (now − 60 s, now]: the 241st message is refused 1 ms before the first leaves it, admitted at 60 s",
          arguments: [("2m", 0), ("1m59s999ms", 1)])
    func f8MinuteWindowBoundary(last: String, refused: Int) throws {
        let s = try patchedScenario("Scenarios/platform/F8.json") {
            $0["server"] = json(#"{"keys": 1, "retainLast": 10, "changes": [ {"count": 240, "start": "1m", "interval": "100ms"}, {"count": 1, "start": "\#(last)"}]}"#)
        }
        let o = trace(s, "perMinute").outcome
        #expect(o.rejections.reduce(0, +) == refused)
        #expect(o[.delivered] == 241 - refused)
    }

    @Test("I5 and D6: a pull ending exactly at the handler deadline (iOS 30 s, Android 10 s) succeeds; 1 ms later it fails",
          arguments: [("I5", "pull20s", "30s", true), ("I5", "pull20s", "30s1ms", false),
                      ("D6", "pull8s", "10s", true), ("D6", "pull8s", "10s1ms", false)])
    func handlerDeadlineBoundary(rule: String, variant: String, latency: String, succeeds: Bool) throws {
        let s = try patchedScenario("Scenarios/platform/\(rule).json") { $0["client"] = json(#"{"pullLatency": "\#(latency)"}"#) }
        let o = trace(s, variant).outcome
        #expect(o.counts[.pulls] == 1)
        #expect(o.counts[.pullFailures] == (succeeds ? 0 : 1))
        #expect(o.converged == succeeds)
    }

    @Test("F6: a high-priority message's Doze exemption lasts exactly 5 min by default",
          arguments: [("4m59s", 0), ("5m", 1)])
    func f6ExemptionLength(delay: String, failures: Int) throws {
        let s = try patchedScenario("Scenarios/platform/F6.json") {
            $0["server"] = json(#"{"keys": 1, "retainLast": 100, "changes": [{"count": 1, "start": "100m", "message": {"type": "data", "priority": "high"}}]}"#)
        }
        let (o, log) = record(s, "exemption5m", replication: 0, strategy: PullAfter(delay: try SimDuration(parsing: delay)))
        #expect(log.arrivals.map(\.time) == [at(m: 100)], "deep idle from 1h04m30s: the pull falls inside it")
        #expect(o.counts[.pulls] == 1 && o.counts[.pullFailures] == failures)
    }

    @Test("F2: deletedMessages never reaches a force-stopped app")
    func f2DeletedSignalSkipsForceStoppedApp() throws {
        let s = try patchedScenario("Scenarios/platform/F2.json") {
            $0["device"] = json(#"{"platform": "android", "charging": [{"from": "0s", "to": "1d"}], "offline": [{"from": "0s", "to": "60m"}], "app": {"forceQuit": ["30s"]}}"#)
        }
        let (o, log) = trace(s, "deletedSignal")
        #expect(log.deleted.isEmpty && o.counts[.deletedSignals] == 0)
        #expect(o[.droppedTooManyPendingMessages] == 110)
    }

    @Test("F2: deletedMessages waits while Doze restricts the network and goes at the first maintenance window")
    func f2DeletedSignalWaitsForDoze() throws {
        let s = try patchedScenario("Scenarios/platform/F2.json") {
            $0["horizon"] = "3h"
            $0["device"] = json(#"{"platform": "android", "offline": [{"from": "0s", "to": "70m"}]}"#)
        }
        let (_, log) = trace(s, "deletedSignal")
        #expect(log.deleted == [at(h: 2, m: 4, s: 30)], "reconnected at 70 min inside deep idle (1h04m30s–2h04m30s)")
    }

    @Test("Pulls: a pull requested while one is in flight runs when the first completes")
    func followUpPullIsKept() throws {
        let s = try Scenario.decode(Data("""
            {"name": "follow-up", "seed": 5, "replications": 1, "horizon": "10m",
             "server": {"keys": 1, "retainLast": 10, "changes": [{"count": 1, "start": "1m"}, {"count": 1, "start": "1m5s"}]},
             "client": {"pullLatency": "10s"}, "device": {"app": {"initialState": "foreground"}},
             "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}]}
            """.utf8), file: "follow-up.json")
        let (o, log) = trace(s, "v")
        #expect(log.arrivals.map(\.time) == [at(m: 1), at(m: 1, s: 5)])
        #expect(o.counts[.pulls] == 2, "the second push asked during the first pull; it is pulled after")
        #expect(o.converged)
    }
}
