import Foundation
import Testing
@testable import PushSim

/// A fleet whose shared resources never couple its recipients runs each recipient exactly
/// as the lone run k·N + r of the same scenario (docs/model.md, Fleets; the pattern of
/// FleetEquivalenceTests), here with a shared part switched on:
/// - a shared server with a slot for every recipient (no pull ever waits) serves each pull
///   after the service time drawn where a lone pull draws its `pullLatency`, and fails it
///   as the lone pull's draw says;
/// - a shared perChange sender sends each message at once to the recipient's
///   registrations, the previous token's too with `tokenStore: perToken` (F14, F15).
/// The recipient-level reports are then byte-identical (certain by construction).
@Suite struct FleetSharedEquivalenceTests {
    /// Runs `json` as a fleet (`fleet` added to its population) and as the lone runs; returns both folders.
    static func runs(_ json: String, fleet: String, recipients: Int, replications: Int) throws -> (fleet: URL, lone: URL) {
        let a = try FleetSupport.run(json.replacingOccurrences(of: "REPS", with: "\(replications)")
            .replacingOccurrences(of: "FLEET", with: #", "fleet": {"population": {"count": \#(recipients)}\#(fleet)}"#))
        let b = try FleetSupport.run(json.replacingOccurrences(of: "REPS", with: "\(replications * recipients)").replacingOccurrences(of: "FLEET", with: ""))
        #expect(a.status == 0 && b.status == 0, "\(a.err) \(b.err)")
        return (a.out, b.out)
    }

    /// A report file's text without the columns named in `dropping`.
    static func text(_ folder: URL, _ file: String, dropping: Set<String>) throws -> String {
        let rows = CSV.parse(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        guard let header = rows.first else { return "" }
        let keep = header.indices.filter { !dropping.contains(header[$0]) }
        return rows.map { row in keep.map { row[$0] }.joined(separator: ",") }.joined(separator: "\n")
    }

    static func compare(_ json: String, fleet: String, recipients: Int, replications: Int, dropping: Set<String> = []) throws {
        let (a, b) = try runs(json, fleet: fleet, recipients: recipients, replications: replications)
        for file in ["summary.csv", "paired.csv", "runs.csv"] {
            let x = try text(a, file, dropping: dropping), y = try text(b, file, dropping: dropping)
            #expect(!x.isEmpty && x == y, "\(file) differs between the fleet and the lone runs")
        }
    }

    static let pulls = """
    {"name": "pulls", "seed": 7, "replications": REPS, "horizon": "2h",
     "server": {"keys": 3, "retainLast": 4, "changes": {"count": 12, "start": "1m", "gap": {"kind": "exponential", "mean": 8, "unit": "m"}}},
     "client": {"pullLatency": {"kind": "uniform", "min": 0.2, "max": 3, "unit": "s"}, "pullFailure": 0.4},
     "device": {"app": {"opens": {"gap": {"kind": "exponential", "mean": 20, "unit": "m"}, "session": {"kind": "uniform", "min": 1, "max": 4, "unit": "s"}}}},
     "strategies": ["hintPull", "recommended"],
     "variants": [{"name": "lossy", "channel": {"kind": "lossy", "loss": 0.2, "delay": {"kind": "uniform", "min": 0, "max": 2, "unit": "s"}}}]FLEET}
    """

    @Test("A shared server with a slot per recipient fails and answers each pull as the lone run does")
    func serverWithFailuresIsTheLoneRuns() throws {
        try Self.compare(Self.pulls, fleet: #", "server": {"capacity": 30, "service": {"kind": "uniform", "min": 0.2, "max": 3, "unit": "s"}}"#,
                         recipients: 30, replications: 2, dropping: Self.eventStreamColumns)
    }

    /// Pulls of 20 to 60 s and an app swiped away every 5 min (its process ends, a new one
    /// starts at the next push): some answers come back to a process that has ended. The lone
    /// run drops them (`pullComplete` of an old process); the fleet must too.
    @Test("A shared server's answer to a pull of an app process that has since ended is dropped, as the lone run's is")
    func answerToAnEndedProcessIsDropped() throws {
        let swipes = (1...23).map { "\"\($0 * 5)m\"" }.joined(separator: ", ")
        let json = Self.pulls
            .replacingOccurrences(of: #""pullLatency": {"kind": "uniform", "min": 0.2, "max": 3, "unit": "s"}"#,
                                  with: #""pullLatency": {"kind": "uniform", "min": 20, "max": 60, "unit": "s"}"#)
            .replacingOccurrences(of: #""device": {"app": {"#, with: #""device": {"app": {"swipeAway": [\#(swipes)], "#)
        try #require(json.contains("swipeAway") && json.contains(#""min": 20"#))
        try Self.compare(json, fleet: #", "server": {"capacity": 30, "service": {"kind": "uniform", "min": 20, "max": 60, "unit": "s"}}"#,
                         recipients: 30, replications: 2, dropping: Self.eventStreamColumns)
    }

    /// The fingerprint hashes the kernel's event stream, which differs by construction: a
    /// shared server's answer comes back as a fleet delivery, a lone pull's as `pullComplete`.
    static let eventStreamColumns: Set<String> = ["fingerprint"]

    /// docs/csv.md: `server_requests` counts "pulls that reached the server (started with
    /// network; failed ones included)"; a pull to the fleet's shared server is one, though
    /// its latency is set by the server's queue, not drawn when it starts.
    @Test("A pull to the shared server counts as a server request, as the lone run's pull does")
    func sharedServerPullsAreServerRequests() throws {
        let (a, b) = try Self.runs(Self.pulls, fleet: #", "server": {"capacity": 30, "service": {"kind": "uniform", "min": 0.2, "max": 3, "unit": "s"}}"#,
                                   recipients: 30, replications: 1)
        let x = try FleetSupport.table(a, "runs.csv").map { $0["server_requests"] }, y = try FleetSupport.table(b, "runs.csv").map { $0["server_requests"] }
        #expect(x.count == 60 && x == y)
        #expect(x.contains { ($0.flatMap(Int.init) ?? 0) > 0 }, "the scenario's pulls reach the server")
    }

    static let tokens = """
    {"name": "tokens", "seed": 53, "replications": REPS, "horizon": "12h",
     "server": {"keys": 1, "retainLast": 80, "changes": {"count": 20, "start": "30m", "interval": "30m"}},
     "message": {"type": "notification", "priority": "high", "ttl": "1d"}, "sender": "perChange",
     "device": {"platform": "android", "charging": [{"from": "0s", "to": "2d"}], "uninstalled": [{"from": "1h05m", "to": "1h25m"}],
                "app": {"sessions": [{"at": "2h10m", "length": "1m"}]}},
     "strategies": ["hintPull"],
     "variants": [{"name": "perToken-6h", "channel": {"kind": "fcm", "oldTokenLifetime": "6h"}, "recipient": {"tokenStore": "perToken"}},
                  {"name": "perToken-drawn", "channel": {"kind": "fcm", "oldTokenLifetime": {"kind": "uniform", "min": 0, "max": 8, "unit": "h"}},
                   "recipient": {"tokenStore": "perToken", "otherDevices": [{"platform": "android", "tokenRotations": ["3h"], "launches": ["3h30m"]}]}},
                  {"name": "reported", "channel": {"kind": "fcm", "oldTokenLifetime": "6h"}, "recipient": {"tokenStore": "perToken"},
                   "device": {"platform": "android", "charging": [{"from": "0s", "to": "2d"}], "uninstalled": [{"from": "1h05m", "to": "1h35m"}],
                              "app": {"sessions": [{"at": "2h10m", "length": "1m"}]}}}]FLEET}
    """

    @Test("A shared perChange sender reaches a perToken recipient's current and previous tokens as its own sender does")
    func perTokenSenderIsTheLoneRuns() throws {
        try Self.compare(Self.tokens, fleet: #", "sender": "perChange""#, recipients: 12, replications: 2)
    }
}
