import Testing
@testable import PushSim

private struct Stop: Error {}

/// The batch runner hands results over in index order whatever the job count and batch
/// size, and a throwing consumer stops the run cleanly (pipelined batches included).
@Suite struct ParallelRunnerTests {
    @Test func orderAndValuesForAnyJobsAndBatchSize() {
        for jobs in [1, 2, 3, 5] {
            for batch in [1, 2, 3, 7, 64] {
                for count in [0, 1, 2, 5, 63, 64, 65, 200] {
                    var seen: [Int] = []
                    ParallelRunner.run(count: count, jobs: jobs, batchSize: batch, body: { $0 &* 2_654_435_761 }) { first, xs in
                        #expect(first == seen.count)
                        seen += xs
                    }
                    #expect(seen == (0..<count).map { $0 &* 2_654_435_761 }, "jobs \(jobs), batch \(batch), count \(count)")
                }
            }
        }
    }

    @Test func aThrowingConsumerStopsTheRun() {
        for jobs in [1, 2, 3] {
            for (count, batch) in [(5, 1), (64, 7), (200, 64)] {
                for stop in [0, 1, count / 2] {
                    var handed = 0
                    #expect(throws: Stop.self) {
                        try ParallelRunner.run(count: count, jobs: jobs, batchSize: batch, body: { $0 }) { first, xs in
                            handed += xs.count
                            if first + xs.count > stop { throw Stop() }
                        }
                    }
                    #expect(handed <= stop + batch)
                }
            }
        }
    }

    /// Each worker's context sees its items in ascending order, and the results do not
    /// depend on how the items were split among contexts.
    @Test func contextsSeeAscendingItems() {
        final class Seen { var last = -1; var ascending = true }
        for jobs in [1, 2, 3] {
            for (count, batch) in [(1, 1), (100, 7), (1_000, 64)] {
                var out: [Int] = []
                ParallelRunner.run(count: count, jobs: jobs, batchSize: batch, context: { Seen() }, body: { seen, i in
                    if i <= seen.last { seen.ascending = false }
                    seen.last = i
                    return seen.ascending ? i * 3 : -1
                }) { first, xs in
                    #expect(first == out.count)
                    out += xs
                }
                #expect(out == (0..<count).map { $0 * 3 }, "jobs \(jobs), batch \(batch)")
            }
        }
    }
}
