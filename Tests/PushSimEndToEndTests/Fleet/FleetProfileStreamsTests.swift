import Foundation
import Testing
@testable import PushSim

/// Recipients of different profiles draw from different sets of streams (one a lossy
/// channel alone, the other FCM, drawn connectivity and app opens), while a fleet's
/// recipients share one set of stream objects resumed at each recipient's positions
/// (`FleetWorlds`, `RandomStreams.resume`). With no shared resource, recipient r of fleet
/// replication k is still exactly the lone run k·N + r of its profile's scenario: its
/// `runs.csv` row is byte-identical to that run's (certain by construction: the same
/// streams at the same positions, the same events).
@Suite struct FleetProfileStreamsTests {
    static let base = """
    {"name": "profiles", "seed": 9, "replications": REPS, "horizon": "6h",
     "server": {"keys": 2, "retainLast": 5, "changes": {"count": 15, "start": "5m", "gap": {"kind": "exponential", "mean": 20, "unit": "m"}}},
     DEVICE
     "strategies": ["hintPull", "recommended"],
     "variants": [{"name": "v", "channel": CHANNEL}]FLEET}
    """
    static let lossy = #"{"kind": "lossy", "loss": 0.3, "delay": {"kind": "uniform", "min": 0, "max": 5, "unit": "s"}}"#
    static let fcm = #"{"kind": "fcm"}"#
    static let busy = """
    {"platform": "android",
     "connectivity": {"online": {"kind": "exponential", "mean": 40, "unit": "m"}, "offline": {"kind": "exponential", "mean": 10, "unit": "m"}},
     "app": {"opens": {"gap": {"kind": "exponential", "mean": 30, "unit": "m"}, "session": {"kind": "uniform", "min": 5, "max": 60, "unit": "s"}}}}
    """

    /// `runs.csv`'s rows by (variant, strategy, replication).
    static func rows(_ folder: URL) throws -> [String: Substring] {
        let text = try String(contentsOf: folder.appendingPathComponent("runs.csv"), encoding: .utf8)
        var out: [String: Substring] = [:]
        for line in text.split(separator: "\n").dropFirst() { out[line.split(separator: ",").prefix(3).joined(separator: ",")] = line }
        return out
    }

    @Test("Each recipient of a two-profile fleet runs exactly as the lone run of its profile")
    func recipientsAreTheirProfilesLoneRuns() throws {
        let n = 24, k = 2
        let fleet = Self.base.replacingOccurrences(of: "REPS", with: "\(k)").replacingOccurrences(of: "DEVICE", with: "")
            .replacingOccurrences(of: "CHANNEL", with: Self.lossy)
            .replacingOccurrences(of: "FLEET", with: """
                , "fleet": {"population": {"count": \(n), "profiles": [{"name": "plain"}, {"name": "busy", "channel": \(Self.fcm), "device": \(Self.busy)}]}}
                """)
        let plain = Self.base.replacingOccurrences(of: "REPS", with: "\(n * k)").replacingOccurrences(of: "DEVICE", with: "")
            .replacingOccurrences(of: "CHANNEL", with: Self.lossy).replacingOccurrences(of: "FLEET", with: "")
        let busy = Self.base.replacingOccurrences(of: "REPS", with: "\(n * k)").replacingOccurrences(of: "DEVICE", with: "\"device\": \(Self.busy),")
            .replacingOccurrences(of: "CHANNEL", with: Self.fcm).replacingOccurrences(of: "FLEET", with: "")
        let runs = try [fleet, plain, busy].map { try FleetSupport.run($0) }
        for r in runs { #expect(r.status == 0, "\(r.err)") }
        let (f, p, b) = (try Self.rows(runs[0].out), try Self.rows(runs[1].out), try Self.rows(runs[2].out))
        // Which profile each recipient drew: the population stream of fleet replication k.
        let scenario = try Scenario.decode(Data(fleet.utf8), file: "fleet.json")
        var seen = Set<UInt16>()
        for replication in 0..<k {
            let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
            let drawn = scenario.fleet!.population.draw(streams.stream(FleetPopulation.stream))
            for (r, a) in drawn.enumerated() {
                seen.insert(a.profile)
                for strategy in ["hintPull", "recommended"] {
                    let key = "v,\(strategy),\(replication * n + r)"
                    let lone = a.profile == 0 ? p[key] : b[key]
                    #expect(f[key] != nil && f[key] == lone, "recipient \(r) of replication \(replication) (profile \(a.profile)), \(strategy)")
                }
            }
        }
        #expect(seen == [0, 1], "both profiles drawn")
    }
}
