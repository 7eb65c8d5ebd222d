import Foundation
import Testing
@testable import PushSim

/// A fleet whose shared resources are all off is N independent recipients: recipient r of
/// fleet replication k runs exactly as the lone run k·N + r of the same scenario, so the
/// recipient-level reports are byte-identical to the lone scenario's with N·K replications
/// (certain by construction: the same streams, the same events).
@Suite struct FleetEquivalenceTests {
    static let lone = """
    {"name": "eq", "seed": 11, "replications": REPS, "horizon": "120s",
     "server": {"keys": 5, "retainLast": 8, "changes": {"count": 30, "start": "1s", "interval": "1s"}},
     "device": {"foreground": ["60s"]},
     "strategies": ["applyPayload", "hintPull", "hintPullForegroundSync"],
     "variants": [{"name": "lossy", "channel": {"kind": "lossy", "loss": 0.3, "duplicate": 0.1, "delay": {"kind": "uniformInt", "min": 0, "max": 4, "unit": "s"}}},
                  {"name": "overflow", "channel": {"kind": "overflow", "limit": 20, "deletedSignal": false},
                   "device": {"offline": [{"from": "0s", "to": "40s"}], "foreground": ["60s"]}}]FLEET}
    """

    @Test(arguments: [1, 2])
    func independentFleetIsTheLoneRunsExactly(jobs: Int) throws {
        let fleet = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "3")
            .replacingOccurrences(of: "FLEET", with: #", "fleet": {"population": {"count": 40}}"#), ["--jobs", "\(jobs)"])
        let lone = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "120").replacingOccurrences(of: "FLEET", with: ""))
        #expect(fleet.status == 0 && lone.status == 0, "\(fleet.err) \(lone.err)")
        for file in ["summary.csv", "paired.csv", "runs.csv"] {
            let a = try Data(contentsOf: fleet.out.appendingPathComponent(file)), b = try Data(contentsOf: lone.out.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between the fleet and the lone runs")
        }
        // The fleet's own rows: one per fleet run, 40 recipients each.
        let rows = try FleetSupport.table(fleet.out, "fleet.csv")
        #expect(rows.count == 2 * 3 * 3)
        #expect(rows.allSatisfy { $0["recipients"] == "40.000000" })
        // With no shared resource a fleet's events are its recipients' (runs 40k … 40k + 39).
        let runs = try FleetSupport.table(fleet.out, "runs.csv")
        for row in rows {
            let k = Int(row["replication"]!)!
            let mine = runs.filter { $0["variant"] == row["variant"] && $0["strategy"] == row["strategy"] && (40 * k ..< 40 * k + 40).contains(Int($0["replication"]!)!) }
            #expect(mine.count == 40)
            #expect(Double(row["events"]!)! == mine.reduce(0.0) { $0 + Double($1["events"]!)! }, "\(row)")
        }
    }

    /// With `--shuffle-ties`, recipient r still runs as lone run k·N + r (runs.csv byte for
    /// byte). The order of equal-time events itself does not show in runs.csv (these
    /// scenarios' results do not depend on it, as `make check-determinism` checks);
    /// `FleetTieOrderTests` and `EventQueueOwnerTests` check that order.
    @Test func shuffledFleetIsTheShuffledLoneRuns() throws {
        let fleet = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "2")
            .replacingOccurrences(of: "FLEET", with: #", "fleet": {"population": {"count": 30}}"#), ["--shuffle-ties", "77"])
        let lone = try FleetSupport.run(Self.lone.replacingOccurrences(of: "REPS", with: "60").replacingOccurrences(of: "FLEET", with: ""),
                                        ["--shuffle-ties", "77"])
        #expect(fleet.status == 0 && lone.status == 0, "\(fleet.err) \(lone.err)")
        let a = try Data(contentsOf: fleet.out.appendingPathComponent("runs.csv")), b = try Data(contentsOf: lone.out.appendingPathComponent("runs.csv"))
        #expect(a == b, "runs.csv differs between the shuffled fleet and the shuffled lone runs")
    }

    /// A fleet draws its later blocks of timeline windows again when the run reaches them
    /// (`FleetRun`, `EventQueue.hold(from:)`): each event takes the place (sequence, and the
    /// recipient's own count that keys a shuffled tie) it had at t = 0. Two change schedules
    /// at the same instants over the whole horizon make ties in one class in every block,
    /// which the shuffled order breaks: the events' order shows in each run's fingerprint.
    /// The second scenario draws every drawn part of a timeline (restarts, Low Power Mode
    /// prompts, connectivity, app opens, changes with drawn gaps) on iOS; the third has a
    /// horizon of 20 µs (windows of 1 µs: the blocks start after the horizon, and a screen
    /// period ends after it too).
    @Test(arguments: [0, 1, 2])
    func replayedTimelineKeepsEveryPlace(scenario: Int) throws {
        // An app opened at the horizon: an event of the window after the 64th, which runs.
        let json = [Self.lone.replacingOccurrences(of: #""changes": {"count": 30, "start": "1s", "interval": "1s"}"#,
                                                   with: #""changes": [{"count": 55, "start": "1s", "interval": "2s"}, {"count": 55, "start": "1s", "interval": "2s"}]"#)
                        .replacingOccurrences(of: #""device": {"foreground": ["60s"]},"#, with: #""device": {"foreground": ["60s", "120s"]},"#),
                    Self.drawn,
                    Self.lone.replacingOccurrences(of: #""horizon": "120s""#, with: #""horizon": "20us""#)
                        .replacingOccurrences(of: #""changes": {"count": 30, "start": "1s", "interval": "1s"}"#,
                                              with: #""changes": {"count": 10, "start": "1us", "interval": "2us"}"#)
                        .replacingOccurrences(of: #""device": {"foreground": ["60s"]},"#,
                                              with: #""device": {"foreground": ["5us"], "screenOn": [{"from": "3us", "to": "30us"}]},"#)][scenario]
        for ties in [[], ["--shuffle-ties", "77"]] {
            let fleet = try FleetSupport.run(json.replacingOccurrences(of: "REPS", with: "2")
                .replacingOccurrences(of: "FLEET", with: #", "fleet": {"population": {"count": 25}}"#), ties)
            let lone = try FleetSupport.run(json.replacingOccurrences(of: "REPS", with: "50").replacingOccurrences(of: "FLEET", with: ""), ties)
            #expect(fleet.status == 0 && lone.status == 0, "\(fleet.err) \(lone.err)")
            let a = try Data(contentsOf: fleet.out.appendingPathComponent("runs.csv")), b = try Data(contentsOf: lone.out.appendingPathComponent("runs.csv"))
            #expect(a == b, "runs.csv differs between the fleet and the lone runs \(ties)")
        }
    }

    static let drawn = """
    {"name": "eqd", "seed": 11, "replications": REPS, "horizon": "120s",
     "server": {"keys": 5, "retainLast": 8, "changes": [{"count": 55, "start": "1s", "interval": "2s"},
                                                        {"count": 40, "start": "0s", "gap": {"kind": "exponential", "mean": 3, "unit": "s"}}]},
     "device": {"platform": "ios", "foreground": ["60s", "120s"],
                "restart": {"every": {"kind": "exponential", "mean": 50, "unit": "s"}, "bootTime": "5s"},
                "lowBattery": [{"from": "10s", "to": "50s"}, {"from": "70s", "to": "110s"}], "lowPowerModeAccept": 0.5,
                "connectivity": {"online": {"kind": "exponential", "mean": 30, "unit": "s"}, "offline": {"kind": "exponential", "mean": 5, "unit": "s"}},
                "app": {"opens": {"gap": {"kind": "exponential", "mean": 20, "unit": "s"}, "session": {"kind": "uniform", "min": 2, "max": 8, "unit": "s"}}}},
     "strategies": ["applyPayload", "hintPull"],
     "variants": [{"name": "apns", "channel": {"kind": "apns"}}]FLEET}
    """

    /// Each fleet file is byte-identical for any --jobs.
    @Test func fleetFilesDoNotDependOnJobs() throws {
        let json = FleetSupport.wake(recipients: 300, workers: 2, batch: 40, replications: 3)
        let a = try FleetSupport.run(json, ["--jobs", "1"]), b = try FleetSupport.run(json, ["--jobs", "2"])
        for file in ["fleet.csv", "fleet-summary.csv", "timeline.csv", "summary.csv", "runs.csv", "plot.gp"] {
            #expect(try Data(contentsOf: a.out.appendingPathComponent(file)) == Data(contentsOf: b.out.appendingPathComponent(file)), "\(file)")
        }
    }
}
