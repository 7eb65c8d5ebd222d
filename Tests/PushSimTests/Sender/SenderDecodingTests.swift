import Foundation
import Testing
@testable import PushSim

private let base = """
{"name": "t", "seed": 9, "replications": 2, "horizon": "60s",
 "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
 "strategies": ["hintPull"],
 "variants": [{"name": "a", "channel": {"kind": "lossy"}}, {"name": "b", VARIANT}]}
"""

/// The scenario with `top` added at the top level and variant b's keys `variant` (its
/// channel is `lossy` unless `variant` names one).
private func scenario(top: String = "", variant: String = "") throws -> Scenario {
    let b = variant.contains(#""channel""#) ? variant : #""channel": {"kind": "lossy"}"# + (variant.isEmpty ? "" : ", " + variant)
    var json = base.replacingOccurrences(of: "VARIANT", with: b)
    if !top.isEmpty { json = json.replacingOccurrences(of: #""strategies""#, with: top + #", "strategies""#) }
    return try Scenario.decode(Data(json.utf8), file: "t.json")
}

/// Sender, recipient and provider-answer decoding; how a variant's own sender and
/// recipient replace the scenario's.
@Suite("Sender decoding")
struct SenderDecodingTests {
    @Test("the default sender is perChange; a kind string or an object selects another, per scenario or variant")
    func senders() throws {
        let plain = try scenario()
        #expect(plain.sender is PerChange && plain.variants.allSatisfy { $0.sender == nil })
        let s = try scenario(top: #""sender": "coalesce""#,
                             variant: #""sender": {"kind": "outbox", "workers": 3, "lease": "90s", "supersedeKey": "order-{key}", "backoff": {"jitter": 0}}"#)
        #expect((s.sender as? Coalesce)?.window == .seconds(30))
        let o = try #require(s.variants[1].sender as? Outbox)
        #expect(o.workers == 3 && o.lease == .seconds(90) && o.period == .minutes(1) && o.maxAttempts == 5)
        #expect(o.supersedeKey == KeyPattern("order-{key}") && o.backoff.jitter == 0 && o.backoff.initial == .minutes(1))
        let sim = Simulation(scenario: s)
        #expect(sim.setup(variant: 0).sender is Coalesce && sim.setup(variant: 1).sender is Outbox)
        for kind in Registry.senders.map({ $0.kind }) {
            #expect(type(of: try scenario(top: #""sender": "\#(kind)""#).sender).kind == kind, "\(kind) has a shorthand")
        }
    }

    @Test("a variant's recipient replaces the scenario's and gets the scenario's clock")
    func recipients() throws {
        let s = try scenario(top: #""start": "2026-03-28T21:30:00Z", "recipient": {"timeZone": "Europe/Sarajevo", "quietHours": {"from": "22:00", "to": "07:00"}}"#,
                             variant: #""recipient": {"timeZone": "America/New_York", "otherDevices": [{"platform": "ios", "launches": ["10s"]}]}"#)
        #expect(s.start == 1_774_733_400)
        #expect(s.recipient.clock?.timeZone == "Europe/Sarajevo" && s.recipient.inQuietHours(.zero))
        let b = Simulation(scenario: s).setup(variant: 1).recipient
        #expect(b.timeZone == "America/New_York" && b.quietHours == nil && b.clock != nil && !b.inQuietHours(.zero))
        #expect(b.otherDevices.count == 1 && b.otherDevices[0].platform == .ios && b.otherDevices[0].launches == [.seconds(10)])
        #expect(try scenario(top: #""recipient": {"quietHours": {"from": "08:00", "to": "08:00"}}"#).recipient.quietHours == nil,
                "from == to is no window, and needs no start")
    }

    @Test("client registration and de-duplication")
    func client() throws {
        let s = try scenario(variant: #""client": {"registration": "tokenRefresh", "dedupe": true}"#)
        #expect(s.client.registration == .everyLaunch && !s.client.dedupe)
        #expect(s.variants[1].client?.registration == .tokenRefresh && s.variants[1].client?.dedupe == true)
    }

    @Test("error rates: a number or {rate, retryAfter}; the draw returns the Retry-After")
    func retryAfter() throws {
        let s = try scenario(variant: #""channel": {"kind": "fcm", "errors": {"UNAVAILABLE": {"rate": 1, "retryAfter": "30s"}}}"#)
        let fcm = try #require(s.variants[1].channel as? FCMChannel)
        let random = RandomStream(type: GeneratorType.named("mt19937")!, seed: 1)
        #expect(fcm.config.errors.draw(random) == Rejection(.unavailable, retryAfter: .seconds(30)))
        let plain = try scenario(variant: #""channel": {"kind": "apns", "errors": {"ServiceUnavailable": 1}}"#)
        #expect((plain.variants[1].channel as? APNsChannel)?.errors.draw(random) == Rejection(.apnsServiceUnavailable))
    }

    @Test("the ledger counts a rejection by code once, and an outcome recorded first is kept")
    func ledgerRejections() {
        var ledger = PushLedger()
        ledger.sent(1); ledger.sent(2); ledger.sent(3)
        ledger.reject(1, Rejection(.quotaExceeded, retryAfter: .minutes(1)))
        ledger.finish(2, .expired)
        ledger.reject(2, .apnsBadDeviceToken)
        ledger.reject(3, .apnsBadDeviceToken)
        #expect(ledger.outcome(1) == .rejected && ledger.outcome(2) == .expired && ledger.outcome(3) == .rejected)
        #expect(ledger.rejections[PushLedger.sendErrors.firstIndex(of: .quotaExceeded)!] == 1)
        #expect(ledger.rejections[PushLedger.sendErrors.firstIndex(of: .apnsBadDeviceToken)!] == 1, "push 2 had ended already")
    }

    @Test("message fates: accepted beats pending beats superseded beats expired; the rest is lost")
    func messageLedger() {
        var m = MessageLedger()
        for _ in 0..<6 { _ = m.open() }
        #expect(m.accept(1, device: 2) == false && m.accept(1, device: 2) == true && m.accept(1, device: 0) == false)
        m.settle(1, .expired)
        m.settle(2, .expired); m.settle(2, .superseded)
        m.settle(3, .superseded); m.settle(3, .pending)
        m.settle(4, .expired)
        #expect(m.arrive(6, device: 1) == false && m.arrive(6, device: 1) == true && m.arrive(6, device: 0) == false)
        var c = Counts()
        m.countFates(into: &c)
        #expect(c[.messages] == 6 && c[.messagesAccepted] == 1 && c[.messagesSuperseded] == 1 && c[.messagesPending] == 1
                && c[.messagesExpired] == 1 && c[.messagesLost] == 2)
    }
}
