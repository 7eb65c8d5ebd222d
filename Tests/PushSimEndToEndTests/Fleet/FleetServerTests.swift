import Foundation
import Testing
@testable import PushSim

/// The shared server as a queue. Each recipient's server changes as a Poisson process
/// (12 stages with exponential gaps, mean 625 s), every push arrives at once and hintPull
/// pulls at once: 5,000 recipients make Poisson pulls at λ = 8/s into a server of capacity
/// 1 with exponential service (mean 100 ms, μ = 10/s), an M/M/1 queue. Its mean wait in
/// the queue is ρ/(μ − λ) = 0.4 s. (A recipient's own pulls overlap with probability
/// ~ 0.5 s / 625 s, and the run starts empty: both effects are far inside the interval.)
@Suite struct FleetServerTests {
    static func scenario(replications: Int, seed: UInt64) -> String {
        let stages = (0..<12).map { #"{"name": "s\#($0)", "after": {"kind": "exponential", "mean": 625, "unit": "s"}}"# }
        return """
        {"name": "mm1", "seed": \(seed), "replications": \(replications), "horizon": "2000s",
         "server": {"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "0s",
                    "stages": [\(stages.joined(separator: ", "))]}},
         "strategies": ["hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
         "fleet": {"population": {"count": 5000},
                   "server": {"capacity": 1, "service": {"kind": "exponential", "mean": 100, "unit": "ms"}}}}
        """
    }

    @Test func meanWaitMatchesMM1() throws {
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let r = try FleetSupport.run(Self.scenario(replications: 16, seed: 20 + Family.reseed), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let waits = try FleetSupport.table(r.out, "fleet.csv").map { Double($0["pull_wait_mean_s"]!)! }
        #expect(waits.count == 16)
        let ci = family.meanInterval(waits)
        #expect(ci.low <= 0.4 && 0.4 <= ci.high, "mean wait \(waits.reduce(0, +) / 16) s, interval [\(ci.low), \(ci.high)], M/M/1: 0.4 s")
    }

    /// Capacity, queue limit and Retry-After are kept exactly: a burst of 1,000 pulls at one
    /// instant into 10 slots and a queue of 90 leaves 900 refused with 503, and every
    /// refused recipient pulls again (recommended) once the Retry-After is over.
    @Test func fullQueueRefusesWithRetryAfter() throws {
        let json = """
        {"name": "burst", "seed": 3, "replications": 1, "horizon": "30m",
         "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1m"}},
         "strategies": ["recommended"],
         "variants": [{"name": "v", "channel": {"kind": "lossy"}}],
         "fleet": {"population": {"count": 1000},
                   "server": {"capacity": 10, "service": "1s", "queueLimit": 90, "retryAfter": "2m"}}}
        """
        let r = try FleetSupport.run(json, ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["pull_queue_max"] == "90.000000")
        let minutes = try FleetSupport.table(r.out, "timeline.csv")
        #expect(minutes[1]["pulls_refused"] == "900")
        // Refused at 1m, they pull again at 3m: 900 pulls start in minute 3.
        #expect(minutes[3]["pulls_started"] == "900")
        #expect(fleet["converged_fraction"] == "1.000000")
    }
}
