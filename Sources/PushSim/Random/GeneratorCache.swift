import CGSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Freshly seeded generator states and spare generators, kept by one worker thread across
/// the runs it computes.
///
/// Stream seeds depend only on (scenario seed, replication, stream name), so every
/// (variant, strategy) run of one replication seeds the same states. Seeding is the
/// dearest part of setting up a short run (for mt19937, `gsl_rng_set` plus allocating and
/// clearing the 5 KB state cost about 20,000 instructions per stream); the cache seeds
/// each state once and hands out exact copies (`gsl_rng_memcpy`), and reuses the memory of
/// generators whose streams have ended instead of freeing and allocating it again.
///
/// A copy draws exactly what a freshly allocated and seeded generator would, so results do
/// not depend on what the cache holds. Runs of one replication that follow each other on
/// one worker share its states; `Simulation` orders runs replication-major for that.
///
/// Not `Sendable`: one cache per worker, used on that worker's thread only.
public final class GeneratorCache {
    /// Seeded, never drawn-from states, most recent last, at most `capacity`.
    private var seeded: [(type: UnsafePointer<gsl_rng_type>, seed: UInt32, state: UnsafeMutablePointer<gsl_rng>)] = []
    /// Generators no stream uses, ready to be overwritten.
    private var spare: [UnsafeMutablePointer<gsl_rng>] = []
    /// The most seeded states kept. A run uses 2–7 streams, plus two per extra recipient
    /// device and one per extra change schedule; with more streams than this, states
    /// would be evicted before the next run of the replication asks for them.
    public let capacity: Int

    /// Seeded states the cache has created (for tests and profiling).
    public private(set) var seedings = 0

    /// - Parameter capacity: seeded states kept (≥ 1); the oldest is recycled beyond it.
    ///   The default, 32, costs up to 160 KB of mt19937 states per worker.
    public init(capacity: Int = 32) {
        precondition(capacity >= 1)
        self.capacity = capacity
        GSL.setUp()
    }

    deinit {
        for entry in seeded { Self.free(entry.state) }
        for r in spare { Self.free(r) }
    }

    /// A generator of `type` in the state `gsl_rng_set(·, seed)` leaves; the caller owns it
    /// until it hands it back with `recycle(_:)`.
    /// - Complexity: O(capacity) lookup plus one state copy; one seeding on a miss.
    func generator(type: GeneratorType, seed: UInt32) -> UnsafeMutablePointer<gsl_rng> {
        let index: Int
        if let hit = seeded.firstIndex(where: { $0.seed == seed && $0.type == type.pointer }) {
            index = hit
        } else {
            let state = allocate(type)
            gsl_rng_set(state, UInt(seed))
            seedings += 1
            if seeded.count == capacity { spare.append(seeded.removeFirst().state) }
            seeded.append((type.pointer, seed, state))
            index = seeded.count - 1
        }
        let copy = allocate(type)
        gsl_rng_memcpy(copy, seeded[index].state)
        return copy
    }

    /// Puts `r` (a generator of `type`) in the state `gsl_rng_set(·, seed)` leaves, by copying
    /// the cached seeded state (seeding it on a miss).
    func copySeeded(into r: UnsafeMutablePointer<gsl_rng>, type: GeneratorType, seed: UInt32) {
        let state = generator(type: type, seed: seed)
        gsl_rng_memcpy(r, state)
        recycle(state)
    }

    /// Takes back a generator from `generator(type:seed:)` for reuse.
    func recycle(_ r: UnsafeMutablePointer<gsl_rng>) {
        spare.append(r)
    }

    /// A spare generator of `type` (in an arbitrary state: the caller sets it), if any.
    func spare(_ type: GeneratorType) -> UnsafeMutablePointer<gsl_rng>? {
        guard let i = spare.lastIndex(where: { $0.pointee.type == type.pointer }) else { return nil }
        return spare.remove(at: i)
    }

    /// A spare generator of `type`, or a new one.
    private func allocate(_ type: GeneratorType) -> UnsafeMutablePointer<gsl_rng> {
        spare(type) ?? Self.allocate(type)
    }

    /// A new generator of `type`, its `gsl_rng` and its state in one block (`gsl_rng_alloc`
    /// makes two; a fleet holds some five generators for each of a million recipients). The
    /// state is zeroed, not seeded: the caller sets it (`gsl_rng_set`, a copy, or a Philox
    /// key). Free it with `free(_:)`, never `gsl_rng_free`.
    /// - Note: aborts only if the block cannot be allocated.
    static func allocate(_ type: GeneratorType) -> UnsafeMutablePointer<gsl_rng> {
        let header = MemoryLayout<gsl_rng>.stride
        guard let raw = calloc(1, header + type.pointer.pointee.size) else {
            preconditionFailure("cannot allocate a \(type.name) generator")
        }
        let r = raw.bindMemory(to: gsl_rng.self, capacity: 1)
        r.initialize(to: gsl_rng(type: type.pointer, state: raw + header))
        return r
    }

    /// Frees a generator from `allocate(_:)`.
    static func free(_ r: UnsafeMutablePointer<gsl_rng>) { UnsafeMutableRawPointer(r).deallocateWithFree() }
}

@available(*, unavailable)
extension GeneratorCache: Sendable {}

private extension UnsafeMutableRawPointer {
    /// `free(3)`, for memory from `calloc` (the C library's, not Swift's allocator).
    func deallocateWithFree() { free(self) }
}
