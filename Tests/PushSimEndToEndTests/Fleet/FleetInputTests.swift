import Foundation
import Testing
@testable import PushSim

/// Bad fleet input: exit 2, the file and the JSON path named, nothing written.
@Suite struct FleetInputTests {
    static let valid = """
    {"name": "bad", "seed": 1, "replications": 1, "horizon": "60s",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
     "strategies": ["hintPull"],
     "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
     "fleet": FLEET}
    """

    static let cases: [(String, String, String, String)] = [
        ("population of 0", #"{"population": {"count": 0}}"#, "$.fleet.population.count", "expected an integer in [1, "),
        ("no population", #"{"server": {"capacity": 1, "service": "1s"}}"#, "$.fleet.population", "missing"),
        ("quota of 0", #"{"population": {"count": 5}, "quotas": {"fcmProject": {"perMinute": 0}}}"#,
         "$.fleet.quotas.fcmProject.perMinute", "expected an integer in [1, "),
        ("negative count", #"{"population": {"count": 5, "otherDevices": {"kind": "uniformInt", "min": -1, "max": 2}}}"#,
         "$.fleet.population.otherDevices", "cannot be negative"),
        ("a count from a normal-like distribution", #"{"population": {"count": 5, "otherDevices": {"kind": "lognormal", "mu": 0, "sigma": 1}}}"#,
         "$.fleet.population.otherDevices", "whole numbers"),
        ("a fractional count", #"{"population": {"count": 5, "otherDevices": {"kind": "discrete", "weights": [1, 1], "values": [0, 0.5]}}}"#,
         "$.fleet.population.otherDevices", "whole number"),
        ("too many devices", #"{"population": {"count": 5, "otherDevices": {"kind": "constant", "value": 9}}}"#,
         "$.fleet.population.otherDevices", "at most 7"),
        ("capacity of 0", #"{"population": {"count": 5}, "server": {"capacity": 0, "service": "1s"}}"#, "$.fleet.server.capacity", "expected an integer in [1, "),
        ("unknown fleet key", #"{"population": {"count": 5}, "servers": {}}"#, "$.fleet.servers", "unknown key"),
        ("all weights zero", #"{"population": {"count": 5, "profiles": [{"name": "a", "weight": 0}]}}"#, "$.fleet.population.profiles", "weight above 0"),
        ("duplicate profile", #"{"population": {"count": 5, "profiles": [{"name": "a"}, {"name": "a"}]}}"#,
         "$.fleet.population.profiles[1].name", "duplicate profile name"),
        ("unknown time zone", #"{"population": {"count": 5, "timeZones": [{"timeZone": "Mars/Olympus"}]}}"#,
         "$.fleet.population.timeZones[0].timeZone", "unknown time zone"),
        ("a sender that cannot be shared", #"{"population": {"count": 5}, "sender": {"kind": "coalesce", "window": "30s"}}"#, "$.fleet.sender", "cannot serve a fleet"),
        ("quiet hours without start", #"{"population": {"count": 5, "profiles": [{"name": "a", "recipient": {"quietHours": {"from": "22:00", "to": "07:00"}}}]}}"#,
         "$.fleet.population.profiles[0].recipient.quietHours", "need the scenario's \"start\""),
    ]

    @Test(arguments: cases.indices)
    func badFleetExitsTwoWithPath(index: Int) throws {
        let (label, fleet, path, fragment) = Self.cases[index]
        let r = try FleetSupport.run(Self.valid.replacingOccurrences(of: "FLEET", with: fleet))
        #expect(r.status == 2, "\(label)")
        #expect(r.err.contains(": \(path): "), "\(label): \(r.err)")
        #expect(r.err.contains(fragment), "\(label): \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: r.out.path), "\(label): output written")
    }

    /// A population too large for the machine is refused before anything runs, at its key.
    @Test func populationTooLargeIsRefused() throws {
        let r = try FleetSupport.run(Self.valid.replacingOccurrences(of: "FLEET", with: #"{"population": {"count": 10000000}}"#).replacingOccurrences(of: "\"replications\": 1", with: "\"replications\": 50"),
                                     ["--jobs", "4"])
        #expect(r.status == 2)
        #expect(r.err.contains("$.fleet.population.count"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: r.out.path))
    }
}
