// pushsim-bench: throughput figures for `make bench` (not a test; numbers vary by machine).
//   1. Kernel hold benchmark: pop the earliest event, schedule one after an exponential
//      gap (mean 1 s), at 100 and 10,000 pending events.
//      Benchmarks/heap/hold.c does the same work in bare C (same generator, seed, gap
//      rounding and (time, sequence) key); bench.sh compares the final clock and payload
//      checksum of both to check that, and reports this loop as a fraction of the C one.
//   2. The push-hint study end to end: replications per second, single-threaded and on
//      every core.
// Usage: pushsim-bench [CSV]. Writes CSV (default Results/bench/bench.csv; bench.sh passes
// its own path and builds the combined Results/bench/bench.csv) and prints the same figures.
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
    for i in 0..<pending { queue.schedule(after: gap.sample(random), i) }
    var checksum = 0
    let elapsed = seconds {
        for _ in 0..<operations {
            let v = queue.next(until: .distantFuture)!
            checksum &+= v
            queue.schedule(after: gap.sample(random), v)
        }
    }
    precondition(checksum != -1)
    return (Double(operations) / elapsed, queue.now.microseconds, checksum)
}

var rows: [[String]] = []
for pending in [100, 10_000] {
    let (rate, finalNow, checksum) = holdBenchmark(pending: pending, operations: 2_000_000)
    print(String(format: "kernel hold, %6d pending: %12.0f events/s", pending, rate))
    rows.append(["kernel_hold_events_per_s", "pending=\(pending)", String(format: "%.0f", rate)])
    rows.append(["kernel_hold_final_now_us", "pending=\(pending)", String(finalNow)])
    rows.append(["kernel_hold_checksum", "pending=\(pending)", String(checksum)])
}

let path = "Scenarios/push-hint-study.json"
let (scenario, _) = try Scenario.load(path: path)
let simulation = Simulation(scenario: scenario)
for jobs in [1, ProcessInfo.processInfo.activeProcessorCount] {
    var events = 0
    let elapsed = seconds {
        ParallelRunner.run(count: simulation.runCount, jobs: jobs, context: { GeneratorCache() },
                           body: { cache, i in simulation.run(simulation.runID(at: i), cache: cache) }) { _, outcomes in
            for o in outcomes { events += o.counts[.events] }
        }
    }
    let runs = Double(simulation.runCount)
    print(String(format: "study (%d runs), jobs %d: %.3f s, %10.0f runs/s, %10.0f events/s", simulation.runCount, jobs, elapsed, runs / elapsed, Double(events) / elapsed))
    rows.append(["study_wall_s", "jobs=\(jobs)", String(format: "%.4f", elapsed)])
    rows.append(["study_runs_per_s", "jobs=\(jobs)", String(format: "%.0f", runs / elapsed)])
}

let output = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Results/bench/bench.csv")
try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
try AtomicFile.write(CSV.record(["metric", "setting", "value"]) + rows.map(CSV.record).joined(), to: output)
print("wrote \(output.path)")
