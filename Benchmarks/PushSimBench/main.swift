// pushsim-bench: throughput figures for `make bench` (not a test; numbers vary by machine).
//   1. Kernel hold benchmark: pop the earliest event, schedule one after an exponential
//      gap (mean 1 s), at 100 and 10,000 pending events.
//   2. The push-hint study end to end: replications per second, single-threaded and on
//      every core.
// Writes Results/bench/bench.csv and prints the same figures.
import Foundation
import PushSim

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}

func holdBenchmark(pending: Int, operations: Int) -> Double {
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
    return Double(operations) / elapsed
}

var rows: [[String]] = []
for pending in [100, 10_000] {
    let rate = holdBenchmark(pending: pending, operations: 2_000_000)
    print(String(format: "kernel hold, %6d pending: %12.0f events/s", pending, rate))
    rows.append(["kernel_hold_events_per_s", "pending=\(pending)", String(format: "%.0f", rate)])
}

let path = "Scenarios/push-hint-study.json"
let (scenario, _) = try Scenario.load(path: path)
let simulation = Simulation(scenario: scenario)
for jobs in [1, ProcessInfo.processInfo.activeProcessorCount] {
    var events = 0
    let elapsed = seconds {
        ParallelRunner.run(count: simulation.runCount, jobs: jobs, body: { simulation.run(simulation.runID(at: $0)) }) { _, outcomes in
            for o in outcomes { events += o.counters.events }
        }
    }
    let runs = Double(simulation.runCount)
    print(String(format: "study (%d runs), jobs %d: %.3f s, %10.0f runs/s, %10.0f events/s", simulation.runCount, jobs, elapsed, runs / elapsed, Double(events) / elapsed))
    rows.append(["study_wall_s", "jobs=\(jobs)", String(format: "%.4f", elapsed)])
    rows.append(["study_runs_per_s", "jobs=\(jobs)", String(format: "%.0f", runs / elapsed)])
}

try FileManager.default.createDirectory(atPath: "Results/bench", withIntermediateDirectories: true)
try AtomicFile.write(CSV.record(["metric", "setting", "value"]) + rows.map(CSV.record).joined(),
                     to: URL(fileURLWithPath: "Results/bench/bench.csv"))
print("wrote Results/bench/bench.csv")
