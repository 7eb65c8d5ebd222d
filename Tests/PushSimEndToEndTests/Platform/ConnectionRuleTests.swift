import Foundation
import Testing
@testable import PushSim

/// Provider connection rules added by issue 13 (docs/platform-rules.md): A11.
@Suite("Platform rules: provider connection (A11)")
struct PlatformConnectionRuleTests {
    /// Pushes at 11, 12, 13 min; the device silently offline 10–60 min, noticed at 25 min.
    @Test("A11: before the timeout is noticed pushes go to a dead connection: first held, all held, or lost")
    func a11DeadConnection() throws {
        let s = try platformScenario("A11")
        let sent = [at(m: 11), at(m: 12), at(m: 13)]
        func check(_ variant: String, delivered: [SimTime], arriving: SimTime, lost: Int, replaced: Int,
                   sourceLocation: SourceLocation = #_sourceLocation) {
            let (o, log) = trace(s, variant)
            #expect(log.arrivals.map(\.sentAt).sorted() == delivered, "\(variant): which pushes arrive (in any order)", sourceLocation: sourceLocation)
            #expect(log.arrivals.allSatisfy { $0.at == arriving }, "\(variant): arrival times \(log.arrivals.map(\.at))", sourceLocation: sourceLocation)
            #expect(o[.lost] == lost && o[.replacedInStorage] == replaced && o[.delivered] == delivered.count,
                    "\(variant)", sourceLocation: sourceLocation)
        }
        check("apns-firstHeld", delivered: [sent[0]], arriving: at(m: 60), lost: 2, replaced: 0)
        check("apns-allHeld", delivered: [sent[2]], arriving: at(m: 60), lost: 0, replaced: 2)
        check("apns-lost", delivered: [], arriving: at(m: 60), lost: 3, replaced: 0)
        check("apns-noWindow", delivered: [sent[2]], arriving: at(m: 60), lost: 0, replaced: 2)
        check("apns-backEarly", delivered: [sent[0]], arriving: at(m: 20), lost: 2, replaced: 0)
        check("fcm-android", delivered: sent, arriving: at(m: 60), lost: 0, replaced: 0)
        check("fcm-android-firstHeld", delivered: [sent[0]], arriving: at(m: 60), lost: 2, replaced: 0)
    }

    /// The held push goes into the slot when the timeout is noticed, not at the disconnect:
    /// a push sent after the detection replaces it (A1); one sent before it, or at its very
    /// instant (timeline events run before run-time ones, docs/model.md), is lost.
    @Test("A11: the timeout is noticed exactly offlineDetection after the disconnect")
    func a11DetectionInstant() throws {
        for (extra, survivor) in [(at(m: 24, s: 59), at(m: 11)), (at(m: 25), at(m: 11)), (at(m: 25, s: 1), at(m: 25, s: 1))] {
            let json = """
                {"name": "a11-edge", "seed": 1, "replications": 1, "horizon": "2h",
                 "server": {"keys": 1, "retainLast": 10, "changes": [{"count": 1, "start": "11m"},
                   {"count": 1, "start": "\((extra - SimTime.zero).microseconds)us"}]},
                 "message": {"type": "alert", "priority": "high", "apnsPriority": 10, "ttl": "1d"},
                 "device": {"platform": "ios", "offline": [{"from": "10m", "to": "60m"}], "offlineDetection": "15m",
                            "app": {"initialState": "foreground"}},
                 "strategies": ["hintPull"], "variants": [{"name": "apns", "channel": {"kind": "apns"}}]}
                """
            let s = try Scenario.decode(Data(json.utf8), file: "a11-edge.json")
            let (_, log) = trace(s, "apns")
            #expect(log.arrivals.map(\.sentAt) == [survivor], "second push at \(extra)")
        }
    }
}
