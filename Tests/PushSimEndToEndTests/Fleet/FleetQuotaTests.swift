import Foundation
import Testing
@testable import PushSim

/// The providers' quotas. Counts are certain here: every send of a minute is counted
/// against the minute's quota in event order, and the answers past it are the documented
/// ones (F8/F9: 429 QUOTA_EXCEEDED with its retry delay; A9: 429 TooManyRequests).
@Suite struct FleetQuotaTests {
    static func storm(recipients: Int, quota: Int, sender: String) -> String {
        """
        {"name": "storm", "seed": 9, "replications": 1, "horizon": "30m",
         "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1m"}},
         "device": {"platform": "android"},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "fcm"}}],
         "fleet": {"population": {"count": \(recipients)}, "quotas": {"fcmProject": {"perMinute": \(quota)}}\(sender)}}
        """
    }

    /// One push per recipient at 1 min, sent at once (perChange, no retries): exactly the
    /// quota's worth is accepted, the rest refused, and only those recipients converge.
    @Test func projectQuotaAcceptsExactlyItsLimit() throws {
        let r = try FleetSupport.run(Self.storm(recipients: 1000, quota: 300, sender: ""), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["pushes_accepted"] == "300.000000")
        #expect(fleet["pushes_rejected_quota"] == "700.000000")
        #expect(fleet["converged_fraction"] == "0.300000")
        let minute1 = try FleetSupport.table(r.out, "timeline.csv")[1]
        #expect(minute1["pushes_sent"] == "1000" && minute1["pushes_rejected_quota"] == "700")
    }

    /// A shared outbox that honours the 60 s retry delay gets every row through, one quota a
    /// minute; one that retries on its 10 s backoff alone (no jitter: certain) spends its
    /// five attempts inside the same minutes and leaves recipients without their push.
    @Test func honouringTheRetryDelayBeatsIgnoringIt() throws {
        func outbox(_ honour: Bool) -> String {
            #", "sender": {"kind": "outbox", "workers": 1, "batch": 1000, "period": "10s", "maxAttempts": 5, "#
                + #""backoff": {"initial": "10s", "max": "10s", "jitter": 0}, "honourRetryAfter": \#(honour)}"#
        }
        let honour = try FleetSupport.run(Self.storm(recipients: 1000, quota: 300, sender: outbox(true)), ["--runs", "none"])
        let ignore = try FleetSupport.run(Self.storm(recipients: 1000, quota: 300, sender: outbox(false)), ["--runs", "none"])
        #expect(honour.status == 0 && ignore.status == 0, "\(honour.err) \(ignore.err)")
        let h = try FleetSupport.table(honour.out, "fleet.csv")[0], i = try FleetSupport.table(ignore.out, "fleet.csv")[0]
        #expect(h["converged_fraction"] == "1.000000")
        #expect(h["pushes_accepted"] == "1000.000000")
        #expect(Double(i["converged_fraction"]!)! < 1)
        #expect(Double(i["pushes_rejected_quota"]!)! > Double(h["pushes_rejected_quota"]!)!)
        // Honouring: 300 a minute, so the last rows go out in the fourth minute of the storm.
        let minutes = try FleetSupport.table(honour.out, "timeline.csv")
        #expect((1...4).map { Int(minutes[$0]["pushes_accepted"]!)! } == [300, 300, 300, 100])
    }

    /// APNs per device: 5 pushes to one iOS device in a minute against a limit of 3.
    @Test func apnsDeviceLimit() throws {
        let json = """
        {"name": "apns", "seed": 2, "replications": 1, "horizon": "5m",
         "server": {"keys": 1, "retainLast": 10, "changes": {"count": 5, "start": "1m", "interval": "5s"}},
         "device": {"platform": "ios"},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "apns"}}],
         "fleet": {"population": {"count": 4}, "quotas": {"apnsDevice": {"perMinute": 3}}}}
        """
        let r = try FleetSupport.run(json, ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["pushes_sent"] == "20.000000")
        #expect(fleet["pushes_rejected_quota"] == "8.000000")
    }
}
