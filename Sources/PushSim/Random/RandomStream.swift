import CGSL
import CPhilox

/// One GSL random number generator (`gsl_rng`), keyed (philox4x32-10) or seeded (any GSL
/// type), the only source of randomness for the part of a run that owns it.
///
/// A run creates its streams through `RandomStreams`, one per stream name, and draws from
/// them on the simulation's single thread; the type is deliberately not `Sendable`. The
/// generator is allocated at the first draw (`GeneratorCache.allocate`, or taken from the worker's
/// `GeneratorCache`), kept across `restart`s, and freed (or given back to the cache) when
/// the stream is deinitialised.
public final class RandomStream {
    /// The generator, for passing to `gsl_ran_*` functions. Valid for the stream's
    /// lifetime; do not free it or keep it beyond the stream. Allocated and started on first
    /// use, so a stream a run never draws from costs nothing (seeding mt19937 is the
    /// dearest step of setting up a replication; a counter-based stream only stores its
    /// key and counter).
    public var rng: UnsafeMutablePointer<gsl_rng> {
        if let r = allocated { return r }
        return setUp()
    }

    /// The first draw's set-up: the generator (the parked one of a restarted stream, or a
    /// new one) put in the stream's starting state.
    private func setUp() -> UnsafeMutablePointer<gsl_rng> {
        let r: UnsafeMutablePointer<gsl_rng>
        switch start {
        case let .seed(seed):
            if let cache {
                if let p = parked { cache.copySeeded(into: p, type: type, seed: seed); r = p } else { r = cache.generator(type: type, seed: seed) }
            } else {
                r = parked ?? GeneratorCache.allocate(type)
                gsl_rng_set(r, UInt(seed))
            }
        case let .counter(key, base, position):
            r = parked ?? cache?.spare(type) ?? GeneratorCache.allocate(type)
            pushsim_philox_seek(r, key, base, position)
        case let .shared(key, index):
            guard let positions else { preconditionFailure("a shared stream without its positions") }
            r = parked ?? cache?.spare(type) ?? GeneratorCache.allocate(type)
            pushsim_philox_seek(r, key, positions.base, positions.position(index))
            positions.drawn.append(index)
        }
        parked = nil
        allocated = r
        return r
    }

    /// Makes this stream the one `init(type:seed:cache:)` would make (or, with `key`, the
    /// one `init(type:key:base:cache:)` would): the next draw is that stream's first. The
    /// generator is kept and set up again only at the next draw (for a reused world's
    /// next replication: no allocation).
    /// - Precondition: the stream is not one of a fleet's shared streams.
    public func restart(seed: UInt32) { refuseShared(); park(); start = .seed(seed); keyIsOwn = false }

    /// The counter-based form of `restart(seed:)`.
    /// - Precondition: `type.isCounterBased`; the stream is not one of a fleet's shared streams.
    public func restart(key: UInt64, base: UInt64) {
        precondition(type.isCounterBased, "\(type.name) is not a counter-based generator")
        refuseShared()
        park(); start = .counter(key: key, base: base, position: 0)
        keyIsOwn = false
    }

    /// The counter-based form of `restart(seed:)` for `RandomStreams`: the stream with its
    /// own key (the one it was made with, `key()` computing it again only if `reseed`,
    /// `restart(seed:)` or `restart(key:base:)` replaced it) at counter base `base`.
    /// - Precondition: `type.isCounterBased`.
    func restart(base: UInt64, key: () -> UInt64) { resume(base: base, position: 0, key: key) }

    /// `restart(base:key:)` `position` draws in: the next draw is word `position` of the
    /// stream. The generator is set up at the next draw (`pushsim_philox_seek`, at most one
    /// block computed).
    /// - Precondition: `type.isCounterBased`; the stream is not one of a fleet's shared streams.
    func resume(base: UInt64, position: UInt64, key: () -> UInt64) {
        precondition(type.isCounterBased, "\(type.name) is not a counter-based generator")
        refuseShared()
        let own: UInt64
        if keyIsOwn, case let .counter(kept, _, _) = start { own = kept } else { own = key() }
        park(); start = .counter(key: own, base: base, position: position)
        keyIsOwn = true
    }

    /// For a fleet's shared stream drawn from since the last load (`RandomStreams.load`):
    /// saves its position in the loaded recipient's row and parks the generator, so that
    /// its next draw starts from the row loaded then.
    func unload() {
        guard let r = allocated, case let .shared(_, index) = start, let positions else { return }
        positions.setPosition(index, pushsim_philox_position(r))
        park()
    }

    private func refuseShared() {
        precondition(positions == nil, "a fleet's shared stream is not restarted or reseeded (RandomStreams.load)")
    }

    /// The draws made since the last (re)start at position 0 of a counter-based stream:
    /// the `position` that `resume` takes to continue it.
    /// - Precondition: `type.isCounterBased`.
    var position: UInt64 {
        precondition(type.isCounterBased, "\(type.name) is not a counter-based generator")
        if let r = allocated { return pushsim_philox_position(r) }
        switch start {
        case let .counter(_, _, p): return p
        case let .shared(_, index): return positions?.position(index) ?? 0
        case .seed: preconditionFailure("\(type.name) is not a counter-based generator")
        }
    }

    private func park() {
        if let r = allocated { parked = r; allocated = nil }
    }

    /// How the generator starts: from a GSL seed (`gsl_rng_set`), or, for a counter-based
    /// type, at a key and counter base, `position` draws in.
    private enum Start {
        case seed(UInt32)
        case counter(key: UInt64, base: UInt64, position: UInt64)
        /// One of a fleet's shared streams, `index` in its set's creation order: the counter
        /// base and the position are the loaded recipient's (`positions`).
        case shared(key: UInt64, index: Int)
    }

    private var allocated: UnsafeMutablePointer<gsl_rng>?
    /// The generator of a restarted stream, until its next draw sets it up again.
    private var parked: UnsafeMutablePointer<gsl_rng>?
    private var start: Start
    /// Whether `start` still holds the key the stream was made with (a counter-based one).
    private var keyIsOwn = true
    /// Where the generator comes from and goes back to, if not GSL's allocator directly.
    private let cache: GeneratorCache?
    /// For one of a fleet's shared streams, the recipients' positions (nil otherwise).
    private let positions: StreamPositions?

    /// The generator algorithm.
    public let type: GeneratorType
    /// The stream's name in its run's `RandomStreams` (`StreamName`); empty for a stream
    /// made on its own.
    public let name: String

    /// A generator of `type` seeded with `seed` (allocated and `gsl_rng_set`, done at
    /// the first draw; for philox4x32-10 the key `seed` and counter base 0). Also calls
    /// `GSL.setUp()`.
    /// - Parameter seed: a 32-bit seed; with mt19937 the seed 0 behaves as 4357, so prefer
    ///   seeds from `StreamSeed.derive`, which are never 0.
    /// - Note: aborts (`preconditionFailure`) only if the generator's block cannot be allocated.
    /// - Parameter cache: a worker's `GeneratorCache` to take the seeded state from (a copy
    ///   of the same state, so the same draws) and to give the generator back to at the end.
    /// - Parameter name: the stream's name, for `RandomStreams` (no effect on the draws).
    public init(type: GeneratorType, seed: UInt32, cache: GeneratorCache? = nil, name: String = "") {
        GSL.setUp()
        self.type = type
        self.name = name
        self.start = .seed(seed)
        self.cache = cache
        self.positions = nil
    }

    /// The counter-based stream (`key`, `base`) of `type`: draw i is word 3 − (i mod 4) of
    /// block ⌊i / 4⌋ of the Philox sequence with that key and counter base (`CPhilox`). Nothing is
    /// seeded; the generator is only keyed at the first draw.
    /// - Precondition: `type.isCounterBased`.
    /// - Parameters:
    ///   - key: the 64-bit Philox key (`StreamSeed.key(seed:stream:)`).
    ///   - base: the counter base, e.g. the replication index; streams with one key and
    ///     different bases never share a block (each has 2^32 blocks, 2^34 draws).
    ///   - name: the stream's name, for `RandomStreams` (no effect on the draws).
    public init(type: GeneratorType, key: UInt64, base: UInt64, cache: GeneratorCache? = nil, name: String = "") {
        precondition(type.isCounterBased, "\(type.name) is not a counter-based generator")
        GSL.setUp()
        self.type = type
        self.name = name
        self.start = .counter(key: key, base: base, position: 0)
        self.cache = cache
        self.positions = nil
    }

    /// Stream `index` (its creation order) of a fleet's shared set (`RandomStreams.share`),
    /// keyed `key`: each draw after a load is the loaded recipient's, from its position.
    /// - Precondition: `type.isCounterBased`.
    init(type: GeneratorType, key: UInt64, shared positions: StreamPositions, index: Int, cache: GeneratorCache? = nil, name: String) {
        precondition(type.isCounterBased, "\(type.name) is not a counter-based generator")
        GSL.setUp()
        self.type = type
        self.name = name
        self.start = .shared(key: key, index: index)
        self.cache = cache
        self.positions = positions
    }

    deinit {
        guard let r = allocated ?? parked else { return }
        if let cache { cache.recycle(r) } else { GeneratorCache.free(r) }
    }

    /// Restarts the generator from `seed` (`gsl_rng_set`); the following draws are those of
    /// a new stream created with `init(type:seed:)` and the same seed.
    /// - Precondition: the stream is not one of a fleet's shared streams.
    public func reseed(_ seed: UInt32) {
        refuseShared()
        start = .seed(seed)
        keyIsOwn = false
        if let r = allocated { gsl_rng_set(r, UInt(seed)) }
    }

    /// A uniform double in [0, 1) (`gsl_rng_uniform`); may return exactly 0.
    /// - Complexity: O(1), one generator draw.
    public func uniform() -> Double { draws.uniform() }

    /// A uniform double in (0, 1) (`gsl_rng_uniform_pos`): never 0, so safe for `log`.
    /// - Complexity: O(1) expected (redraws on an exact 0).
    public func uniformPositive() -> Double { draws.uniformPositive() }

    /// A uniform integer in [0, n − 1] without modulo bias (`gsl_rng_uniform_int`).
    /// - Precondition: 1 ≤ `n` ≤ `type.range` (2^32 − 1 for mt19937).
    /// - Complexity: O(1) expected.
    /// GSL refuses n beyond the generator's range; a uniform draw is scaled instead there
    /// (only generators with small ranges, such as `uni`, ever need it).
    public func uniformInt(below n: Int) -> Int { draws.uniformInt(below: n) }

    /// `true` with probability `p` (`gsl_ran_bernoulli`: one uniform draw u, true iff u < p).
    /// - Precondition: 0 ≤ `p` ≤ 1.
    public func bernoulli(_ p: Double) -> Bool { draws.bernoulli(p) }

    /// The stream's draws as a plain value, unretained: for hot paths that must not
    /// reference-count the stream. Valid only while the stream lives, which the caller
    /// ensures (internal: outside code draws through the stream or `ProviderContext.draws`).
    var draws: StreamDraws { StreamDraws(stream: .passUnretained(self), range: type.range) }
}

/// A stream belongs to one run on one thread; sharing it would make draws depend on
/// scheduling.
@available(*, unavailable)
extension RandomStream: Sendable {}
