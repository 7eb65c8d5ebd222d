import Foundation
import Testing
@testable import PushSim

/// Registration-token rules added by issue 13 (docs/platform-rules.md): A12, F14, F15.
@Suite("Platform rules: registration tokens (A12, F14, F15)")
struct PlatformTokenRuleTests {
    @Test("F15: with tokenRefresh a rotation is registered at once only while the app's process runs, else at its next start")
    func f15TokenRefreshNeedsARunningProcess() throws {
        let cs = try cells("F15")
        let running = cell(cs, "running", "hintPull"), dead = cell(cs, "notRunning", "hintPull")
        #expect(running.total("delivered") == 8 && rejectionCodes(running) == "")
        #expect(dead.total("delivered") == 4 && rejectionCodes(dead) == "UNREGISTERED=4")
        let started = cell(cs, "notRunning-pushStarts", "hintPull")
        #expect(started.total("delivered") == 9 && rejectionCodes(started) == "", "a push that starts the process registers the new token")
        let launch = cell(cs, "everyLaunch-running", "hintPull")
        #expect(launch.total("delivered") == 4 && rejectionCodes(launch) == "UNREGISTERED=4")
        let (o, log) = trace(try platformScenario("F15"), "notRunning")
        #expect(log.arrivals.map(\.time) == [at(m: 5), at(m: 10), at(m: 35), at(m: 40)])
        #expect(o.counts[.appOpens] == 1 && o.counts[.staleTokenSends] == 4, "the launch at 32 min registered the token")
    }

    @Test("A12: an uninstall is answered 410 / UNREGISTERED only unregisteredAfter after the device reported it")
    func a12LateUnregistration() throws {
        let s = Family.reseeded(try platformScenario("A12"))
        let family = Family(checks: 2)
        defer { #expect(family.done) }
        // APNs: 1 + floor(D / 6 h) pushes reach the device without the app, D ~ uniform 1-7 d,
        // so 5 ... 28, each with chance 1/24; then exactly one 410 and the token is deleted.
        var byCount = [Int](repeating: 0, count: 24)
        for r in 0..<s.replications {
            let o = s.outcome("apns", "hintPull", replication: r)
            let dropped = o[.droppedAppForceStopped]
            #expect((5...28).contains(dropped) && o.pushesSent == dropped + 1, "replication \(r): \(dropped) dropped of \(o.pushesSent)")
            #expect(rejections(o, .apnsUnregistered) == 1 && o.counts[.tokensDeleted] == 1 && o[.delivered] == 0)
            if (5...28).contains(dropped) { byCount[dropped - 5] += 1 }
        }
        #expect(family.uniform(byCount), "dropped-push counts \(byCount)")
        let early = byCount[0..<12].reduce(0, +)   // D < 4 d: P = (96 h - 24 h) / 144 h
        #expect(family.binomialAcceptance(n: s.replications, p: 0.5).contains(early), "\(early) of \(s.replications) with D < 4 d")
        // FCM on Android (unregisteredAfter 0): the second message is refused.
        let fcm = s.outcome("fcm-android", "hintPull", replication: 0)
        #expect(fcm[.droppedAppForceStopped] == 1 && fcm.pushesSent == 2 && rejections(fcm, .unregistered) == 1)
        // Offline: nothing is reported until the stored push reaches the device at 3 d.
        let off = s.outcome("apns-offline", "hintPull", replication: 0)
        #expect(off[.replacedInStorage] == 11 && rejections(off, .apnsUnregistered) == 1 && off[.droppedAppForceStopped] >= 5)
        #expect(off.pushesSent == 11 + off[.droppedAppForceStopped] + 1, "every push but the last is accepted")
    }

    @Test("F14: after a reinstall the old token delivers for oldTokenLifetime; a server holding both tokens gets duplicates")
    func f14OldTokenAfterReinstall() throws {
        let s = Family.reseeded(try platformScenario("F14"))
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let one = s.outcome("perDevice-6h", "hintPull", replication: 0)
        #expect(one[.delivered] == 63 && one[.rejected] == 0 && one.counts[.duplicatesDisplayed] == 0)
        #expect(one.counts[.staleTokenSends] == 2, "1h30m and 2h00m go to the old token, which still delivers")
        let both = s.outcome("perToken-6h", "hintPull", replication: 0)
        #expect(both.counts[.duplicatesDisplayed] == 10 && both[.delivered] == 73)
        #expect(rejections(both, .unregistered) == 1 && both.counts[.tokensDeleted] == 1 && both.pushesSent == 74)
        let dedupe = s.outcome("perToken-6h-dedupe", "hintPull", replication: 0)
        #expect(dedupe.counts[.duplicatesSuppressed] == 10 && dedupe.counts[.duplicatesDisplayed] == 0)
        let reported = s.outcome("reported", "hintPull", replication: 0)
        #expect(reported[.droppedAppForceStopped] == 1 && rejections(reported, .unregistered) == 1)
        #expect(reported.counts[.duplicatesDisplayed] == 0 && reported[.delivered] == 61, "a reported uninstall kills the old token")
        // Default lifetime D ~ uniform 0-24 h: at least 22 duplicates exactly when D > 11h35m.
        var late = 0
        for r in 0..<s.replications {
            let dup = s.outcome("perToken-default", "hintPull", replication: r).counts[.duplicatesDisplayed]
            #expect(dup <= 46, "replication \(r): \(dup) duplicates, more than the 24 h window allows")
            if dup >= 22 { late += 1 }
        }
        #expect(family.binomialAcceptance(n: s.replications, p: 745.0 / 1440).contains(late), "\(late) of \(s.replications)")
    }

    /// perToken: the app registers a new token (5m30s) while the outbox's request to the
    /// rotated one (5 min, answer after 1 min) is under way; the UNREGISTERED answer at 6 min
    /// deletes the old token from where it now is (the device's previous registration), so
    /// the 10-min message goes to the new token only.
    @Test("F14: with perToken a token error deletes the token the request went to, wherever the server now keeps it")
    func f14DeletesAMovedToken() throws {
        let json = """
            {"name": "f14-moved", "seed": 1, "replications": 1, "horizon": "30m",
             "server": {"keys": 1, "retainLast": 10, "changes": [{"count": 1, "start": "5m"}, {"count": 1, "start": "10m"}]},
             "message": {"type": "data", "priority": "high"},
             "sender": {"kind": "outbox", "answerLatency": "1m"},
             "recipient": {"tokenStore": "perToken"},
             "device": {"platform": "android", "charging": [{"from": "0s", "to": "1d"}], "tokenRotations": ["1m"],
                        "app": {"sessions": [{"at": "5m30s", "length": "1m"}]}},
             "strategies": ["hintPull"], "variants": [{"name": "fcm", "channel": {"kind": "fcm"}}]}
            """
        let o = try Scenario.decode(Data(json.utf8), file: "f14-moved.json").outcome("fcm", "hintPull", replication: 0)
        #expect(o.pushesSent == 2 && rejections(o, .unregistered) == 1 && o.counts[.tokensDeleted] == 1 && o[.delivered] == 1)
    }
}
