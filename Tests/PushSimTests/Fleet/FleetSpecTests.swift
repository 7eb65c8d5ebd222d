import Foundation
import SimKernel
import Testing
@testable import PushSim

/// `fleet` as read from JSON: its documented defaults and limits, the population's draws,
/// and the recipients' setups built from a profile (FleetSpec, FleetPopulation, FleetSetups).
@Suite("FleetSpec")
struct FleetSpecTests {
    static func scenario(_ fleet: String, recipient: String = "") throws -> Scenario {
        try Scenario.decode(Data("""
            {"name": "spec", "seed": 1, "replications": 1, "horizon": "1h", \(recipient)
             "server": {"keys": 1, "retainLast": 1, "changes": {"count": 1, "start": "1s"}},
             "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
             "fleet": {\(fleet)}}
            """.utf8), file: "spec.json")
    }

    @Test("The shared server's Retry-After is 30 s when not given")
    func serverRetryAfterDefault() throws {
        let s = try Self.scenario(#""population": {"count": 2}, "server": {"capacity": 1, "service": "1s"}"#)
        #expect(s.fleet?.server?.retryAfter == .seconds(30))
    }

    @Test("The FCM project quota's Retry-After is one minute when not given (F9)")
    func fcmRetryAfterDefault() throws {
        let s = try Self.scenario(#""population": {"count": 2}, "quotas": {"fcmProject": {"perMinute": 5}}"#)
        #expect(s.fleet?.quotas?.fcmProject?.retryAfter == .minutes(1))
    }

    @Test("otherDevices may draw 7 devices, the most a recipient has besides the main one, and not 8")
    func otherDevicesUpToSeven() throws {
        #expect(FleetPopulation.countProblem(.constant(value: 7)) == nil)
        #expect(FleetPopulation.countProblem(.constant(value: 8)) != nil)
        _ = try Self.scenario(#""population": {"count": 2, "otherDevices": {"kind": "constant", "value": 7}}"#)
    }

    @Test("One profile and one time zone take no draw from the population stream")
    func singleChoicesDrawNothing() throws {
        let s = try Self.scenario(#""population": {"count": 5, "timeZones": [{"timeZone": "Europe/Berlin"}]}"#)
        let streams = RandomStreams(generator: s.generator, seed: s.seed, replication: 0)
        let stream = streams.stream(FleetPopulation.stream)
        let drawn = s.fleet!.population.draw(stream)
        #expect(drawn.count == 5 && stream.position == 0)
    }

    @Test("A profile's device replaces the variant's for its recipients")
    func profileDevice() throws {
        let s = try Self.scenario(#""population": {"count": 2, "profiles": [{"name": "a"}, {"name": "i", "device": {"platform": "ios"}}]}"#)
        let setups = FleetSetups(simulation: Simulation(scenario: s), fleet: s.fleet!)
        #expect(setups.setup(variant: 0, attributes: .init(profile: 0, zone: 0, otherDevices: -1)).0.device.platform == .generic)
        #expect(setups.setup(variant: 0, attributes: .init(profile: 1, zone: 0, otherDevices: -1)).0.device.platform == .ios)
    }

    @Test("The k-th drawn other device is the recipient's k-th, then the last one given repeated")
    func drawnOtherDevices() throws {
        let s = try Self.scenario(#""population": {"count": 2, "otherDevices": {"kind": "constant", "value": 3}}"#,
                                  recipient: #""recipient": {"otherDevices": [{"platform": "android"}, {"platform": "ios"}]},"#)
        let setups = FleetSetups(simulation: Simulation(scenario: s), fleet: s.fleet!)
        let others = setups.setup(variant: 0, attributes: .init(profile: 0, zone: 0, otherDevices: 3)).0.recipient.otherDevices
        #expect(others.map(\.platform) == [.android, .ios, .ios])
    }
}
