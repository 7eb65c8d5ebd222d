import Dispatch
import Synchronization

/// Computes `body(0 ..< count)` on `jobs` threads in batches and hands each batch's results
/// to `consume` in index order, on the calling thread. Results therefore arrive in the same
/// order, with the same values, whatever `jobs` is; memory holds two batches at a time.
///
/// With more than one job the batches are pipelined: while `consume` handles batch k on
/// the calling thread, the workers already compute batch k + 1.
public enum ParallelRunner {
    /// - Parameters:
    ///   - count: number of items.
    ///   - jobs: worker threads (≥ 1) computing a batch; 1 runs everything on the calling
    ///     thread. With pipelining the calling thread consumes meanwhile.
    ///   - batchSize: items per batch handed to `consume`.
    ///   - body: computes item `i`; must be safe to call concurrently for different `i`.
    ///   - consume: receives (first index, results) for each batch, in order.
    public static func run<T: Sendable>(count: Int, jobs: Int, batchSize: Int = 4096,
                                        body: @Sendable (Int) -> T,
                                        consume: (Int, [T]) throws -> Void) rethrows {
        try run(count: count, jobs: jobs, batchSize: batchSize, context: { () }, body: { _, i in body(i) }, consume: consume)
    }

    /// The same, with a worker context: one per worker slot (the calling thread with one
    /// job, else each of the `jobs` concurrent workers), made with `context` at the slot's
    /// first item and kept for every later item the slot takes, across batches; each chunk
    /// of items goes to `body` in ascending order. A context may keep what items share
    /// (reusable worlds, seeded generator states); `body` must return the same result
    /// whatever the context has seen before.
    public static func run<T: Sendable, Context>(count: Int, jobs: Int, batchSize: Int = 4096,
                                                 context: @Sendable () -> Context,
                                                 body: @Sendable (inout Context, Int) -> T,
                                                 consume: (Int, [T]) throws -> Void) rethrows {
        precondition(jobs >= 1 && batchSize >= 1)
        guard count > 0 else { return }
        if jobs == 1 {
            var start = 0
            var local = context()
            while start < count {
                let n = min(batchSize, count - start)
                try consume(start, (start..<start + n).map { body(&local, $0) })
                start += n
            }
            return
        }
        let slots = UnsafeMutableBufferPointer<Context?>.allocate(capacity: jobs)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        let contexts = UncheckedBuffer(base: slots.baseAddress!)
        try withoutActuallyEscaping(body) { body in try withoutActuallyEscaping(context) { context in
            let next = NextBatch<T>()
            var start = 0
            var current = compute(start, min(batchSize, count), jobs: jobs, contexts: contexts, context: context, body: body)
            while true {
                let following = start + current.count
                let group = DispatchGroup()
                if following < count {
                    let n = min(batchSize, count - following)
                    DispatchQueue.global().async(group: group) {
                        next.results = compute(following, n, jobs: jobs, contexts: contexts, context: context, body: body)
                    }
                }
                do { try consume(start, current) } catch { group.wait(); throw error }
                group.wait()   // the workers are done with `body` before this scope ends
                guard following < count else { return }
                current = next.results
                start = following
            }
        } }
    }

    /// Items `first ..< first + n`, computed by `jobs` workers that take `jobs × 8` chunks
    /// from a shared counter (so at most `jobs` threads compute, on any machine). Worker
    /// `w` uses `contexts[w]` (made on first use): one batch is computed at a time, and
    /// `concurrentPerform` runs each worker index on one thread, so a slot has one user.
    private static func compute<T, Context>(_ first: Int, _ n: Int, jobs: Int, contexts: UncheckedBuffer<Context?>,
                                            context: @Sendable () -> Context,
                                            body: @Sendable (inout Context, Int) -> T) -> [T] {
        let chunks = min(n, jobs * 8)
        let next = Atomic<Int>(0)
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            let out = UncheckedBuffer(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: min(jobs, chunks)) { worker in
                let slot = contexts.base + worker
                if slot.pointee == nil { slot.pointee = context() }
                while true {
                    let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard chunk < chunks else { return }
                    var i = chunk * n / chunks
                    let end = (chunk + 1) * n / chunks
                    while i < end { (out.base + i).initialize(to: body(&slot.pointee!, first + i)); i += 1 }
                }
            }
            initialized = n
        }
    }
}

/// A pointer shared by worker threads that each write disjoint elements.
private struct UncheckedBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

/// The next batch, written by the background computation and read after it is waited for.
private final class NextBatch<T>: @unchecked Sendable {
    var results: [T] = []
}
