import Foundation
import SimKernel
import Testing
@testable import PushSim

/// The fleet's hub alone: its server's slots and FIFO queue, and the providers' quotas
/// per calendar minute (docs/model.md, Fleets; FleetSpec's documentation).
@Suite("FleetHub")
struct FleetHubTests {
    static func hub(_ fleet: String) -> FleetHub {
        let scenario = try! Scenario.decode(Data("""
            {"name": "hub", "seed": 1, "replications": 1, "horizon": "1h",
             "server": {"keys": 1, "retainLast": 1, "changes": {"count": 1, "start": "1s"}},
             "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
             "fleet": {"population": {"count": 3}, \(fleet)}}
            """.utf8), file: "hub.json")
        return FleetHub(spec: scenario.fleet!, horizon: .zero + .hours(1), topicTemplate: nil)
    }

    /// Runs the hub's own events up to `t`, answering pulls.
    static func run(_ hub: FleetHub, until t: SimTime) {
        while let e = hub.next(until: t) { if case let .pullDone(slot) = e { hub.pullDone(slot: slot, at: t) } }
    }

    static func answers(_ hub: FleetHub) -> [(recipient: Int32, time: SimTime, failed: Bool, overloaded: Bool)] {
        hub.handback.deliveries.compactMap { d in
            if case let .fleet(.pullAnswer(failed, overloaded, _)) = d.event { return (d.recipient, d.time, failed, overloaded) }
            return nil
        }
    }

    @Test("One slot serves waiting pulls first come, first served, each after its own service time")
    func queueIsFIFO() {
        let hub = Self.hub(#""server": {"capacity": 1, "service": "10s"}"#)
        let t0 = SimTime.zero + .seconds(1)
        // Recipients 0, 1, 2 arrive at 1 s with service times 10, 20, 30 s: answered at 11, 31, 61 s.
        for (r, s) in [(0, 10), (1, 20), (2, 30)] { hub.submitPull(recipient: Int32(r), process: 0, service: .seconds(Int64(s)), failed: false, at: t0) }
        for s in [11, 31, 61] { Self.run(hub, until: .zero + .seconds(Int64(s))) }
        let a = Self.answers(hub)
        #expect(a.map(\.recipient) == [0, 1, 2])
        #expect(a.map(\.time) == [11, 31, 61].map { SimTime.zero + .seconds(Int64($0)) })
    }

    @Test("A failed pull is answered failed, not overloaded; a pull past a full queue is refused at once, overloaded")
    func failedAndRefused() {
        let hub = Self.hub(#""server": {"capacity": 1, "service": "10s", "queueLimit": 0}"#)
        let t0 = SimTime.zero + .seconds(1)
        hub.submitPull(recipient: 0, process: 0, service: .seconds(10), failed: true, at: t0)
        hub.submitPull(recipient: 1, process: 0, service: .seconds(10), failed: false, at: t0)
        #expect(Self.answers(hub).map { [$0.recipient, $0.failed ? 1 : 0, $0.overloaded ? 1 : 0] } == [[1, 0, 1]])
        #expect(Self.answers(hub).first?.time == t0)
        Self.run(hub, until: t0 + .seconds(10))
        #expect(Self.answers(hub).last.map { [$0.recipient, $0.failed ? 1 : 0, $0.overloaded ? 1 : 0] } == [0, 1, 0])
    }

    @Test("The APNs quota counts each device of a recipient apart")
    func apnsQuotaPerDevice() {
        let hub = Self.hub(#""quotas": {"apnsDevice": {"perMinute": 2}}"#)
        let t = SimTime.zero + .seconds(5)
        // Two sends to device 0 use its quota; device 1 and recipient 1's device 0 still have theirs.
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: t) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: t) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: t) != nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 1, at: t) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 1, device: 0, at: t) == nil)
    }

    @Test("The APNs quota starts afresh at each calendar minute")
    func apnsQuotaResetsEachMinute() {
        let hub = Self.hub(#""quotas": {"apnsDevice": {"perMinute": 1}}"#)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: .zero + .seconds(59)) == nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: .zero + .seconds(59)) != nil)
        #expect(hub.quotaRefusal(platform: .ios, recipient: 0, device: 0, at: .zero + .seconds(60)) == nil)
    }

    @Test("The FCM project quota refuses with QUOTA_EXCEEDED and a Retry-After of one minute by default (F9)")
    func fcmDefaultRetryAfter() {
        let hub = Self.hub(#""quotas": {"fcmProject": {"perMinute": 1}}"#)
        #expect(hub.quotaRefusal(platform: .android, recipient: 0, device: 0, at: .zero) == nil)
        guard case let .rejected(error, retryAfter)? = hub.quotaRefusal(platform: .android, recipient: 1, device: 0, at: .zero) else {
            Issue.record("the second send in the minute was not refused"); return
        }
        #expect(error == .quotaExceeded && retryAfter == .minutes(1))
    }
}
