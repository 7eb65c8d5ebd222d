import Dispatch

/// Computes `body(0 ..< count)` on `jobs` threads in batches and hands each batch's results
/// to `consume` in index order, on the calling thread. Results therefore arrive in the same
/// order, with the same values, whatever `jobs` is; memory holds one batch at a time.
public enum ParallelRunner {
    /// - Parameters:
    ///   - count: number of items.
    ///   - jobs: worker threads (≥ 1); 1 runs everything on the calling thread.
    ///   - batchSize: items per batch handed to `consume`.
    ///   - body: computes item `i`; must be safe to call concurrently for different `i`.
    ///   - consume: receives (first index, results) for each batch, in order.
    public static func run<T: Sendable>(count: Int, jobs: Int, batchSize: Int = 4096,
                                        body: @Sendable (Int) -> T,
                                        consume: (Int, [T]) throws -> Void) rethrows {
        precondition(jobs >= 1 && batchSize >= 1)
        var start = 0
        while start < count {
            let n = min(batchSize, count - start)
            let results: [T]
            if jobs == 1 {
                results = (start..<start + n).map(body)
            } else {
                let first = start
                let chunks = min(n, jobs * 8)
                results = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
                    let out = UncheckedBuffer(base: buffer.baseAddress!)
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        var i = chunk * n / chunks
                        let end = (chunk + 1) * n / chunks
                        while i < end { (out.base + i).initialize(to: body(first + i)); i += 1 }
                    }
                    initialized = n
                }
            }
            try consume(start, results)
            start += n
        }
    }
}

/// A pointer shared by worker threads that each write disjoint elements.
private struct UncheckedBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
