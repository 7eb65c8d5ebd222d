import CGSL

/// The draws of one `RandomStream`, as a plain value that refers to the stream without
/// retaining it, so passing one costs no reference counting. It draws exactly what the
/// stream's own methods draw, from the same generator and sequence (the stream's methods
/// are these); like the stream, it sets the generator up at the first draw.
///
/// Valid only while its stream lives. Outside PushSim the only way to get one is
/// `ProviderContext.draws`, for the call the context is passed to (the run's
/// `RandomStreams`, which the world holds, keeps the stream alive); do not keep it beyond
/// the call. Inside, `RandomStream.draws` makes one, and the caller keeps the stream alive.
public struct StreamDraws {
    let stream: Unmanaged<RandomStream>
    /// The generator's range, max − min (`GeneratorType.range`).
    let range: UInt

    init(stream: Unmanaged<RandomStream>, range: UInt) { self.stream = stream; self.range = range }

    /// The generator (`RandomStream.rng`), for `gsl_ran_*` functions.
    @inline(__always) public var rng: UnsafeMutablePointer<gsl_rng> { stream._withUnsafeGuaranteedRef { $0.rng } }

    /// Uniform on [0, 1) (`gsl_rng_uniform`).
    @inline(__always) public func uniform() -> Double { gsl_rng_uniform(rng) }

    /// Uniform on (0, 1) (`gsl_rng_uniform_pos`).
    @inline(__always) public func uniformPositive() -> Double { gsl_rng_uniform_pos(rng) }

    /// Uniform integer in 0 ..< n (`gsl_rng_uniform_int`; n beyond the generator's range
    /// scales a uniform draw instead, as only small-range generators such as `uni` need).
    /// - Precondition: n ≥ 1.
    @inline(__always) public func uniformInt(below n: Int) -> Int {
        precondition(n >= 1, "uniformInt(below: \(n)) needs n >= 1")
        let r = rng
        guard UInt(n) <= range else { return min(n - 1, Int(gsl_rng_uniform(r) * Double(n))) }
        return Int(gsl_rng_uniform_int(r, UInt(n)))
    }

    /// True with probability p (`gsl_ran_bernoulli`). - Precondition: 0 ≤ p ≤ 1.
    @inline(__always) public func bernoulli(_ p: Double) -> Bool {
        precondition(p >= 0 && p <= 1, "bernoulli(\(p)) needs a probability in [0, 1]")
        return gsl_ran_bernoulli(rng, p) == 1
    }
}

@available(*, unavailable)
extension StreamDraws: Sendable {}
