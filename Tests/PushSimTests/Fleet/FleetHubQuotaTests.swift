import Foundation
import Testing
@testable import PushSim

/// `fleet.quotas` counted per calendar minute of simulated time ([k min, (k + 1) min)):
/// FCM's per project (F8: past it 429 QUOTA_EXCEEDED with its retryAfter), APNs' per iOS
/// device (A9: 429 TooManyRequests). The limits and the minute are from docs/model.md
/// (Fleets); the hub is asked directly, at instants a microsecond either side of a
/// minute's edge.
@Suite struct FleetHubQuotaTests {
    static func hub(_ quotas: String) throws -> FleetHub {
        let scenario = try minimalScenario(channel: #"{"kind": "fcm"}"#, horizon: "10m",
                                           more: #", "fleet": {"population": {"count": 4}, "quotas": \#(quotas)}"#)
        return FleetHub(spec: scenario.fleet!, horizon: SimTime(microseconds: 600_000_000), topicTemplate: nil)
    }
    static func at(_ us: Int64) -> SimTime { SimTime(microseconds: us) }
    static let apns = #"{"apnsDevice": {"perMinute": 3, "retryAfter": "30s"}}"#
    static let fcm = #"{"fcmProject": {"perMinute": 2}}"#

    @Test("APNs per device: 3 a minute pass, the 4th in the same minute gets 429 TooManyRequests with its retryAfter")
    func apnsLimitWithinAMinute() throws {
        let hub = try Self.hub(Self.apns)
        for t: Int64 in [0, 1, 2] { #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(t)) == nil) }
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(3)) == .rejected(.apnsTooManyRequests, retryAfter: .seconds(30)))
    }

    @Test("APNs per device: a send at 59.999999 s still counts in minute 0 (refused), one at 60.000000 s starts minute 1 (accepted)")
    func apnsMinuteEdge() throws {
        let hub = try Self.hub(Self.apns)
        for t: Int64 in [0, 1, 2] { _ = hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(t)) }
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(59_999_999)) != nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(60_000_000)) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(60_000_001)) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(60_000_002)) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(119_999_999)) != nil, "minute 1 full after 3")
    }

    @Test("APNs per device: each device of a recipient, and each recipient, has its own quota")
    func apnsQuotaPerDevice() throws {
        let hub = try Self.hub(Self.apns)
        for t: Int64 in [0, 1, 2] { _ = hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(t)) }
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(10)) != nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 1, at: Self.at(10)) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 1, device: 0, at: Self.at(10)) == nil)
    }

    @Test("FCM per project: 2 a minute across all recipients; the 3rd gets QUOTA_EXCEEDED with the default 60 s retryAfter")
    func fcmProjectLimitIsShared() throws {
        let hub = try Self.hub(Self.fcm)
        #expect(hub.quotaRefusal(platform: .android, recipient: 0, device: 0, at: Self.at(0)) == nil)
        #expect(hub.quotaRefusal(platform: .android, recipient: 1, device: 0, at: Self.at(1)) == nil)
        #expect(hub.quotaRefusal(platform: .android, recipient: 2, device: 0, at: Self.at(2)) == .rejected(.quotaExceeded, retryAfter: .seconds(60)))
    }

    @Test("FCM per project: a request at 59.999999 s is refused, one at 60.000000 s is in a new minute and accepted")
    func fcmMinuteEdge() throws {
        let hub = try Self.hub(Self.fcm)
        _ = hub.quotaRefusal(platform: .android, recipient: 0, device: 0, at: Self.at(0))
        _ = hub.quotaRefusal(platform: .android, recipient: 1, device: 0, at: Self.at(1))
        #expect(hub.quotaRefusal(platform: .android, recipient: 2, device: 0, at: Self.at(59_999_999)) != nil)
        #expect(hub.quotaRefusal(platform: .android, recipient: 2, device: 0, at: Self.at(60_000_000)) == nil)
    }

    @Test("no APNs quota applies to Android sends, no FCM project quota to iOS sends")
    func quotasArePerPlatform() throws {
        let hub = try Self.hub(Self.fcm)
        for t: Int64 in 0..<10 { #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: Self.at(t)) == nil) }
    }
}
