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
        check("apns-allHeld-backEarly", delivered: sent, arriving: at(m: 20), lost: 0, replaced: 0)
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

    /// A window D drawn per disconnect (uniform 0–30 min, stream `device.offlineDetection`):
    /// pushes at 11, 12, 13 min are in it when sent before 10 min + D. The first of the
    /// window is held and stored at the detection; a push sent after it replaces it in the
    /// slot (A1). So the 11-min push survives (2 lost) exactly when D ≥ 3 min (P = 0.9).
    @Test("A11: a drawn detection window, replication by replication")
    func a11DrawnWindow() throws {
        let s = Family.reseeded(try platformScenario("A11"))
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        var firstSurvives = 0
        for r in 0..<s.replications {
            let (o, log) = trace(s, "apns-drawn", replication: r)
            #expect(o[.delivered] == 1 && o[.lost] + o[.replacedInStorage] == 2, "replication \(r)")
            let survivor = log.arrivals.first?.sentAt
            #expect(survivor == at(m: 11) ? o[.lost] == 2 : survivor == at(m: 13), "replication \(r): \(String(describing: survivor))")
            if survivor == at(m: 11) { firstSurvives += 1 }
        }
        #expect(family.binomialAcceptance(n: s.replications, p: 0.9).contains(firstSurvives), "\(firstSurvives) of \(s.replications)")
    }

    /// At the detection the pushes held on the dead connection go into the slot together
    /// with those held for power, oldest first, so the slot keeps the newest (A1): a
    /// priority-5 background push held for power at 5 min loses to a priority-10 alert sent
    /// into the dead connection at 12 min (had the older one won, its handler would run).
    @Test("A11: at the detection the slot keeps the newest of the dead-connection and power-held pushes")
    func a11DetectionKeepsTheNewest() throws {
        let json = """
            {"name": "a11-order", "seed": 1, "replications": 1, "horizon": "2h",
             "server": {"keys": 1, "retainLast": 10, "changes": [
               {"count": 1, "start": "5m", "message": {"type": "data", "apnsPriority": 5, "ttl": "1d"}},
               {"count": 1, "start": "12m", "message": {"type": "alert", "apnsPriority": 10, "ttl": "1d"}}]},
             "device": {"platform": "ios", "offline": [{"from": "10m", "to": "60m"}], "offlineDetection": "15m"},
             "strategies": ["hintPull"],
             "variants": [{"name": "apns", "channel": {"kind": "apns", "powerDelay": "30m"}}]}
            """
        let s = try Scenario.decode(Data(json.utf8), file: "a11-order.json")
        let (o, log) = trace(s, "apns")
        #expect(o[.replacedInStorage] == 1 && o[.delivered] == 1 && o.counts[.notificationsDisplayed] == 1)
        #expect(log.arrivals.isEmpty, "the older background push must not survive: \(log.arrivals)")
    }
}
