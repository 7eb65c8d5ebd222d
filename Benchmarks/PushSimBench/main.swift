// pushsim-bench: throughput figures for `make bench` (not a test; numbers vary by machine).
//   1. Kernel hold benchmark: pop the earliest event, schedule one after an exponential
//      gap (mean 1 s), 2,000,000 times, at 100, 10,000 and 1,000,000 pending events.
//      Benchmarks/heap/hold.c does the same work in bare C (same generator, seed, gap
//      rounding and (time, sequence) key); bench.sh compares the final clock and payload
//      checksum of both to check that, and reports this loop as a fraction of the C one.
//   2. The push-hint study end to end, in process: runs per second at REPLICATIONS
//      replications (default: the scenario's 1,000), single-threaded and on every core,
//      each worker reusing its worlds (`RunWorkspace`, as `pushsim run` does). bench.sh
//      compares the single-threaded rate with the bare C study (Benchmarks/cstudy), and
//      each cell's converged count (study_converged) with the C study's.
// Usage: pushsim-bench [CSV [REPLICATIONS]]. Writes CSV (default Results/bench/bench.csv;
// bench.sh passes its own path and builds the combined Results/bench/bench.csv) and prints
// the same figures.
import Foundation
import PushSim

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}

/// Events per second over `operations` pop-then-push steps, the clock after the last step
/// (µs) and the sum of the payloads popped.
func holdBenchmark(pending: Int, operations: Int) -> (rate: Double, finalNow: Int64, checksum: Int) {
    let random = RandomStream(type: .mt19937, seed: 12345)
    let gap = DurationDistribution(.exponential(mean: 1), unit: "s")
    var queue = EventQueue<Int>(reservingCapacity: pending)
    for i in 0..<pending { queue.schedule(at: queue.now + gap.sample(random), i) }
    var checksum = 0
    let elapsed = seconds {
        for _ in 0..<operations {
            let v = queue.next(until: .distantFuture)!
            checksum &+= v
            queue.schedule(at: queue.now + gap.sample(random), v)
        }
    }
    precondition(checksum != -1)
    return (Double(operations) / elapsed, queue.now.microseconds, checksum)
}

var rows: [[String]] = []
let arguments = CommandLine.arguments
var replications: Int?
if arguments.count > 2 {
    guard let n = Int(arguments[2]), n >= 1 else {
        FileHandle.standardError.write(Data("usage: pushsim-bench [CSV [REPLICATIONS]] (REPLICATIONS >= 1)\n".utf8))
        exit(2)
    }
    replications = n
}

for pending in [100, 10_000, 1_000_000] {
    let (rate, finalNow, checksum) = holdBenchmark(pending: pending, operations: 2_000_000)
    print(String(format: "kernel hold, %7d pending: %12.0f events/s", pending, rate))
    rows.append(["kernel_hold_events_per_s", "pending=\(pending)", String(format: "%.0f", rate)])
    rows.append(["kernel_hold_final_now_us", "pending=\(pending)", String(finalNow)])
    rows.append(["kernel_hold_checksum", "pending=\(pending)", String(checksum)])
}

let path = "Scenarios/push-hint-study.json"
var (scenario, _) = try Scenario.load(path: path)
if let replications { scenario.replications = replications }
let simulation = Simulation(scenario: scenario)
for jobs in [1, ProcessInfo.processInfo.activeProcessorCount] {
    var events = 0
    var converged = [Int](repeating: 0, count: simulation.cellCount)
    let elapsed = seconds {
        ParallelRunner.run(count: simulation.runCount, jobs: jobs, context: { RunWorkspace() },
                           body: { ws, i in simulation.run(simulation.runID(at: i), workspace: ws) }) { start, outcomes in
            for (k, o) in outcomes.enumerated() {
                events += o.counts[.events]
                if o.converged { converged[(start + k) % simulation.cellCount] += 1 }
            }
        }
    }
    let runs = Double(simulation.runCount)
    print(String(format: "study (%d runs), jobs %d: %.3f s, %10.0f runs/s, %10.0f events/s", simulation.runCount, jobs, elapsed, runs / elapsed, Double(events) / elapsed))
    rows.append(["study_wall_s", "jobs=\(jobs)", String(format: "%.4f", elapsed)])
    rows.append(["study_runs_per_s", "jobs=\(jobs)", String(format: "%.0f", runs / elapsed)])
    rows.append(["study_replications", "jobs=\(jobs)", String(scenario.replications)])
    // Per cell (report order), for bench.sh's check against the C study's counts.
    for (cell, n) in converged.enumerated() {
        let id = simulation.runID(at: cell)
        rows.append(["study_converged", "jobs=\(jobs) \(scenario.variants[id.variant].name)/\(scenario.strategies[id.strategy].name)", String(n)])
    }
}

let output = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "Results/bench/bench.csv")
try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
try AtomicFile.write(CSV.record(["metric", "setting", "value"]) + rows.map(CSV.record).joined(), to: output)
print("wrote \(output.path)")
