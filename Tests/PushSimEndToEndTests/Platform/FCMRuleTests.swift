import Foundation
import Testing
@testable import PushSim

/// FCM rules F1–F5 and F12 (docs/platform-rules.md): message kinds, storage while offline,
/// lifetime, order, Apple devices. F6–F10 are in FCMDeliveryRuleTests.
@Suite("Platform rules: FCM messages and storage (F1–F5, F12)")
struct PlatformFCMRuleTests {
    @Test("F1: notification drawn by the OS, data to the handler, both to the tray and to the app on tap", arguments: [
        ("notification", 3, 0), ("data", 0, 3), ("both", 3, 0), ("bothTapped", 3, 3), ("notificationForeground", 0, 3),
    ])
    func f1MessageKinds(variant: String, displayed: Int, handled: Int) throws {
        let (o, log) = trace(try platformScenario("F1"), variant)
        #expect(o[.delivered] == 3)
        #expect(o.counts[.notificationsDisplayed] == displayed)
        #expect(o.counts[.handlerRuns] == handled && log.arrivals.count == handled)
        if variant == "bothTapped" {
            #expect(o.counts[.taps] == 3)
            #expect(log.arrivals.map(\.time) == [at(m: 1, s: 10), at(m: 6, s: 10), at(m: 11, s: 10)])
        }
    }

    @Test("F2: 110 non-collapsible while offline: all discarded, one deletedMessages at reconnect")
    func f2OverflowDiscardsAll() throws {
        let s = try platformScenario("F2")
        let cs = summarize(s)
        for strategy in ["hintPull", "hintPullDeletedSync"] {
            let on = cell(cs, "deletedSignal", strategy), off = cell(cs, "noDeletedSignal", strategy)
            for c in [on, off] {
                #expect(c.total("delivered") == 0)
                #expect(c.total("dropped_too_many_pending_messages") == 110)
            }
            #expect(on.mean("deleted_signals") == 1 && off.mean("deleted_signals") == 0)
            #expect(off.converged == 0, "no signal (disputed reading): nothing tells the app")
        }
        #expect(cell(cs, "deletedSignal", "hintPull").converged == 0)
        #expect(cell(cs, "deletedSignal", "hintPullDeletedSync").converged == 1)
        #expect(cell(cs, "deletedSignal", "hintPullDeletedSync").mean("resets") == 1)
        #expect(trace(s, "deletedSignal").log.deleted == [at(m: 60)])

        let hundred = trace(s, "exactly100")
        #expect(hundred.outcome[.delivered] == 100 && hundred.outcome[.delayedDeviceOffline] == 100)
        // All at one instant: in no promised order (F5).
        #expect(hundred.log.deleted.isEmpty && hundred.log.idsByTime == Array(1...100))
        #expect(hundred.log.arrivals.allSatisfy { $0.time == at(m: 60) })

        let again = trace(s, "storeAfterDiscard")
        #expect(again.outcome[.droppedTooManyPendingMessages] == 101)
        #expect(again.log.idsByTime == Array(102...110))
        #expect(again.log.arrivals.allSatisfy { $0.time == at(m: 60) })
    }

    @Test("F3: newest per collapse key, at most 4 keys pending; which key goes is random")
    func f3CollapseKeys() throws {
        let s = try platformScenario("F3")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        for r in 0..<s.replications {
            let (o, log) = trace(s, "sixKeysThreeEach", replication: r)
            #expect(log.ids.count == 4, "run \(r)")
            #expect(log.ids.allSatisfy { (13...18).contains($0) }, "run \(r): \(log.ids) must each be the newest of its key")
            #expect(log.arrivals.allSatisfy { $0.time == at(m: 60) })
            #expect(o[.collapsed] + o[.droppedTooManyPendingMessages] == 14)
        }
        // Five keys, one message each: the one dropped is uniform over the five (chi-square, GSL).
        var dropped = [Int](repeating: 0, count: 5)
        for r in 0..<s.replications {
            let (o, log) = trace(s, "fiveKeysOnce", replication: r)
            #expect(o[.delivered] == 4 && o[.droppedTooManyPendingMessages] == 1)
            if let missing = (1...5).first(where: { !log.ids.contains(Int64($0)) }) { dropped[missing - 1] += 1 }
        }
        #expect(dropped.reduce(0, +) == s.replications)
        #expect(family.uniform(dropped), "dropped per key \(dropped)")
        // Notification messages collapse under the package name.
        let (o, log) = trace(s, "notificationDefaultKey")
        #expect(log.ids == [3] && log.arrivals.map(\.time) == [at(m: 60)])
        #expect(o[.collapsed] == 2)
    }

    @Test("F4: TTL: expiry while stored, 0 = now or never, 28 days by default", arguments: [
        ("ttl1h-back2h", nil), ("ttl3h-back2h", at(h: 2)), ("ttl0-offline", nil), ("ttl0-online", at(m: 1)),
        ("noTtl-back27d", at(d: 27)), ("noTtl-back29d", nil),
        ("ttl0-normal-doze", nil), ("ttl1h-normal-doze", at(h: 2, m: 4, s: 30)),
    ] as [(String, SimTime?)])
    func f4Lifetime(variant: String, arrival: SimTime?) throws {
        let (o, log) = trace(try platformScenario("F4"), variant)
        #expect(o[.expired] == (arrival == nil ? 1 : 0))
        #expect(log.arrivals.map(\.time) == (arrival.map { [$0] } ?? []))
    }

    @Test("F4: TTL 0 is exempt from collapsible throttling; a TTL above 28 days is refused")
    func f4ZeroTTLUnthrottledAndRange() throws {
        let (o, log) = trace(try platformScenario("F4"), "ttl0-collapsible")
        #expect(o[.delivered] == 25 && o.deliveredNoDelay == 25)
        #expect(log.arrivals.allSatisfy { $0.time == $0.sentAt })
        let json = #"{"type": "data", "ttl": "29d"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MessageTemplate.self, from: Data(json.utf8)) }
        let max = #"{"type": "data", "ttl": "2419200s"}"#
        #expect(try JSONDecoder().decode(MessageTemplate.self, from: Data(max.utf8)).lifetime == .days(28))
    }

    @Test("F5: no order guarantee; transport delays reorder with the analytic probability 0.405")
    func f5Reordering() throws {
        let s = try platformScenario("F5")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let cs = summarize(s)
        let payload = cell(cs, "uniformDelay", "applyPayload")
        let range = family.binomialAcceptance(n: s.replications, p: 0.595)
        #expect(range.contains(payload.converged), "\(payload.converged) in order, acceptance range \(range)")
        #expect(cell(cs, "uniformDelay", "hintPull").converged == s.replications)
    }

    @Test("F16: the copies not acknowledged when the link dropped arrive again at reconnect; none without redeliverUnacked")
    func f16RedeliveryAtReconnect() throws {
        let cs = try cells("F16")
        let off = cell(cs, "off", "hintPull"), on = cell(cs, "redelivery", "hintPull"), dedupe = cell(cs, "redelivery-dedupe", "hintPull")
        #expect(off.total("duplicates") == 0 && off.mean("copies_arrived") == 30)
        // 15-19 min: after the heartbeat at 15 min acknowledged 11-14 and the 10th copy 1-10.
        #expect(on.total("duplicates") == 5 && on.mean("copies_arrived") == 35 && on.total("duplicates_displayed") == 5)
        #expect(on.total("delivered") == 30 && on.total("delayed_device_offline") == 5)
        #expect(dedupe.total("duplicates") == 5 && dedupe.total("duplicates_suppressed") == 5 && dedupe.mean("handler_runs") == 30)
    }

    @Test("F16: a copy handed at t is acknowledged by the ackAfter-th copy or the first heartbeat after t; a drop keeps the rest for the reconnect")
    func f16UnackedCopies() {
        func push(_ id: Int64) -> Push { Push(id: id, cursor: id, change: Change(sequence: id, key: 0, value: id), sentAt: .zero) }
        let beat = SimDuration.minutes(15)
        var u = UnackedCopies()
        for m in 1...14 { u.handed(push(Int64(m)), at: .zero + .minutes(Int64(m)), ackAfter: 10, heartbeat: beat) }
        u.linkDown(at: .zero + .minutes(14), heartbeat: beat)
        #expect(u.takeWaiting().isEmpty, "not while the link is down")
        u.linkUp()
        #expect(u.takeWaiting().map(\.id) == [11, 12, 13, 14], "the 10th copy acknowledged 1-10")
        #expect(u.takeWaiting().isEmpty, "sent again once")
        for m in 16...17 { u.handed(push(Int64(m)), at: .zero + .minutes(Int64(m)), ackAfter: 10, heartbeat: beat) }
        u.linkDown(at: .zero + .minutes(31), heartbeat: beat)
        u.linkUp()
        #expect(u.takeWaiting().isEmpty, "the heartbeat at 30 min acknowledged them")
    }

    @Test("F12: to Apple devices FCM hands over to APNs: one slot, no 100-message limit, no deletedMessages")
    func f12ApplePath() throws {
        let s = try platformScenario("F12")
        let cs = summarize(s)
        for variant in ["ios", "ios-randomRetention"] {
            let c = cell(cs, variant, "hintPull")
            #expect(c.total("delivered") == 1 && c.total("replaced_in_storage") == 109)
            #expect(c.total("dropped_too_many_pending_messages") == 0 && c.mean("deleted_signals") == 0)
        }
        #expect(cell(cs, "ios", "applyPayload").converged == 1, "retention latest: the newest survived")
        let (_, log) = trace(s, "ios")
        #expect(log.ids == [110] && log.arrivals.map(\.time) == [at(m: 60)])
        let android = cell(cs, "android", "hintPull")
        #expect(android.total("delivered") == 0 && android.total("dropped_too_many_pending_messages") == 110)
        #expect(android.mean("deleted_signals") == 1)
    }
}
