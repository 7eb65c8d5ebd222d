import Foundation
import Testing
@testable import PushSim

/// Topic messages and pull jitter: one provider request fans out to every recipient at the
/// fan-out rate, every app pulls; jitter spreads the pulls over [0, pullJitter).
@Suite struct FleetTopicTests {
    static func broadcast(jitter: String, capacity: Int = 100_000) -> String {
        """
        {"name": "topic", "seed": 4, "replications": 1, "horizon": "10m",
         "server": {"keys": 1, "retainLast": 10, "changes": {"count": 0, "start": "1h"}},
         "client": {"pullJitter": "\(jitter)"},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
         "fleet": {"population": {"count": 3000},
                   "server": {"capacity": \(capacity), "service": "0s"},
                   "topic": {"changes": {"count": 1, "start": "1m30s"}, "fanOutRate": 100}}}
        """
    }

    /// 3,000 recipients at 100 a second: the fan-out takes 30 s (1m30s … 2m, all in
    /// minute 1), and each recipient pulls on arrival (the server answers at once).
    @Test func fanOutReachesEveryRecipientAtItsRate() throws {
        let r = try FleetSupport.run(Self.broadcast(jitter: "0s"), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["topic_requests"] == "1.000000")
        #expect(fleet["pushes_sent"] == "3000.000000")
        #expect(fleet["converged_fraction"] == "1.000000")
        let m = try FleetSupport.table(r.out, "timeline.csv")
        #expect(m[1]["pushes_delivered"] == "3000" && m[1]["pulls_started"] == "3000")
        #expect(m.enumerated().allSatisfy { $0.offset == 1 || $0.element["pushes_delivered"] == "0" })
    }

    /// With 60 s of jitter every pull starts within a minute of its push: the pushes arrive
    /// in 1m30s … 2m, so the pulls start in 1m30s … 3m, in minutes 1 and 2 only.
    @Test func jitterDelaysPullsWithinItsRange() throws {
        let r = try FleetSupport.run(Self.broadcast(jitter: "60s"), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let m = try FleetSupport.table(r.out, "timeline.csv")
        let pulls = m.map { Int($0["pulls_started"]!)! }
        #expect(pulls[0] == 0)
        #expect(pulls[1] + pulls[2] == 3000)
        #expect(pulls[3...].allSatisfy { $0 == 0 })
        #expect(pulls[1] > 0 && pulls[2] > 0)
    }

    /// The topic request is one FCM request against the project quota: of two topic
    /// messages in one minute under a quota of 1, the second is refused and reaches nobody.
    @Test func topicRequestCountsAgainstTheProjectQuota() throws {
        let json = Self.broadcast(jitter: "0s")
            .replacingOccurrences(of: #""changes": {"count": 1, "start": "1m30s"}"#, with: #""changes": {"count": 2, "start": "1m10s", "interval": "5s"}"#)
            .replacingOccurrences(of: #""fanOutRate": 100}"#, with: #""fanOutRate": 1000}, "quotas": {"fcmProject": {"perMinute": 1}}"#)
        let r = try FleetSupport.run(json, ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["topic_requests"] == "2.000000")
        #expect(fleet["pushes_rejected_quota"] == "1.000000")
        #expect(fleet["pushes_sent"] == "3000.000000")
        // Both changes are committed for everyone; the first push's pull reads the server
        // after the second change (3 s of fan-out, the second at 5 s) only for late recipients.
        #expect(fleet["recipients"] == "3000.000000")
    }

    /// `pushsim trace` refuses a fleet, from a scenario or a sweep's point.
    @Test func traceRefusesFleets() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("t.json")
        try Self.broadcast(jitter: "0s").write(to: file, atomically: true, encoding: .utf8)
        let sweep = folder.appendingPathComponent("s.json")
        try #"{"name": "s", "base": "t.json", "axes": [{"name": "c", "path": "fleet.server.capacity", "values": [1, 2]}]}"#
            .write(to: sweep, atomically: true, encoding: .utf8)
        for args in [["trace", file.path], ["trace", sweep.path, "--point", "1"]] {
            let r = runCLI(args + ["--out", folder.appendingPathComponent("trace").path])
            #expect(r.status == 2 && r.err.contains("$.fleet: trace follows one recipient"), "\(args): \(r.err)")
        }
    }
}
