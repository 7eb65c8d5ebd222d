import CGSL

/// A probability distribution of a real number, decoded from a scenario and sampled with
/// GSL.
///
/// JSON form: an object with `"kind"` and that kind's parameters, e.g.
/// `{"kind": "gamma", "shape": 2, "scale": 3}` (see `Distribution+Decoding.swift` and
/// `kinds`). Parameter names follow the cases' labels exactly.
///
/// Values built in code are not validated by the enum itself; check `invalidParameter`
/// (decoding does). Sampling draws only from the stream it is given, so results are
/// reproducible per stream; `constant` draws nothing, every other kind draws at least once.
public enum Distribution: Sendable, Equatable {
    /// Always `value` (finite). Draws nothing.
    case constant(value: Double)
    /// Uniform on [min, max) (`gsl_ran_flat`); finite, min ≤ max (min = max gives min).
    case uniform(min: Double, max: Double)
    /// A uniform integer in [min, max], both ends included (`min + gsl_rng_uniform_int`);
    /// min ≤ max, and max − min + 1 must not exceed the generator's range (2^32 − 1 for
    /// mt19937; decoding enforces that bound).
    case uniformInt(min: Int, max: Int)
    /// Exponential with the given mean (`gsl_ran_exponential`, mean = 1/rate); mean > 0.
    case exponential(mean: Double)
    /// exp(N(mu, sigma²)) (`gsl_ran_lognormal`, zeta = mu); mu finite, sigma > 0.
    case lognormal(mu: Double, sigma: Double)
    /// Gamma with density x^(shape−1) e^(−x/scale) / (Γ(shape) scale^shape)
    /// (`gsl_ran_gamma`, a = shape, b = scale); shape > 0, scale > 0.
    case gamma(shape: Double, scale: Double)
    /// Weibull with CDF 1 − exp(−(x/scale)^shape) (`gsl_ran_weibull`, a = scale,
    /// b = shape); scale > 0, shape > 0.
    case weibull(scale: Double, shape: Double)
    /// Pareto type I on [scale, ∞) with CDF 1 − (scale/x)^shape (`gsl_ran_pareto`,
    /// a = shape, b = scale); shape > 0, scale > 0. Mean finite only for shape > 1,
    /// variance only for shape > 2.
    case pareto(shape: Double, scale: Double)
    /// 1 with probability p, else 0 (`gsl_ran_bernoulli`); p in [0, 1].
    case bernoulli(p: Double)
    /// `values[i]` with probability `weights[i] / Σ weights` (`gsl_ran_discrete`, with the
    /// Walker alias table built once by `gsl_ran_discrete_preproc`).
    case discrete(DiscreteTable)
    /// The distribution of observed samples, listed (`values`) or read from a file of one
    /// column (`file`), optionally with the CDF linearly interpolated between them
    /// (`interpolate`); see `EmpiricalTable`.
    case empirical(EmpiricalTable)

    /// The JSON `"kind"` name of every case with its parameters and a one-line summary, in
    /// declaration order (for `pushsim list` and error messages).
    public static let kinds: [(kind: String, parameters: String, summary: String)] = [
        ("constant", "value", "always value"),
        ("uniform", "min, max (min <= max)", "uniform real on [min, max)"),
        ("uniformInt", "min, max (integers, min <= max)", "uniform integer in [min, max], both included"),
        ("exponential", "mean > 0", "exponential with the given mean"),
        ("lognormal", "mu, sigma > 0", "exp of a normal with mean mu and standard deviation sigma"),
        ("gamma", "shape > 0, scale > 0", "gamma, mean shape*scale"),
        ("weibull", "scale > 0, shape > 0", "Weibull, CDF 1 - exp(-(x/scale)^shape)"),
        ("pareto", "shape > 0, scale > 0", "Pareto on [scale, inf), CDF 1 - (scale/x)^shape"),
        ("bernoulli", "p in [0, 1]", "1 with probability p, else 0"),
        ("discrete", "weights (>= 0, positive sum), values (optional, default 0..K-1)",
         "values[i] with probability weights[i] / sum(weights)"),
        ("empirical", "values (finite, at least one) or file (a CSV of one column; column: which, if more), interpolate (default false)",
         "the observed samples: each equally likely, or the CDF interpolated linearly between them"),
    ]

    /// This value's JSON `"kind"` name.
    public var kind: String {
        switch self {
        case .constant: "constant"
        case .uniform: "uniform"
        case .uniformInt: "uniformInt"
        case .exponential: "exponential"
        case .lognormal: "lognormal"
        case .gamma: "gamma"
        case .weibull: "weibull"
        case .pareto: "pareto"
        case .bernoulli: "bernoulli"
        case .discrete: "discrete"
        case .empirical: "empirical"
        }
    }

    /// One draw from `s`, using the GSL function named on each case.
    /// - Precondition: the parameters are valid (`invalidParameter == nil`); invalid ones
    ///   give meaningless values (GSL's error handler is off), or trap for `uniformInt`.
    /// - Complexity: O(1) (`gamma` uses an expected-constant number of draws).
    ///   A constant draws nothing and leaves the stream untouched (not even seeded).
    public func sample(_ s: RandomStream) -> Double {
        sample(s.draws)
    }

    /// `sample(_:)` drawing through a stream's `draws` (the same values).
    public func sample(_ s: StreamDraws) -> Double {
        if case .constant(let value) = self { return value }
        let r = s.rng
        switch self {
        case .constant(let value): return value
        case .uniform(let a, let b): return gsl_ran_flat(r, a, b)
        case .uniformInt(let a, let b): return Double(a + s.uniformInt(below: b - a + 1))
        case .exponential(let mean): return gsl_ran_exponential(r, mean)
        case .lognormal(let mu, let sigma): return gsl_ran_lognormal(r, mu, sigma)
        case .gamma(let shape, let scale): return gsl_ran_gamma(r, shape, scale)
        case .weibull(let scale, let shape): return gsl_ran_weibull(r, scale, shape)
        case .pareto(let shape, let scale): return gsl_ran_pareto(r, shape, scale)
        case .bernoulli(let p): return Double(gsl_ran_bernoulli(r, p))
        case .discrete(let table): return table.values[gsl_ran_discrete(r, table.table)]
        case .empirical(let table): return table.sample(s)
        }
    }

    /// The largest `max − min` a decoded `uniformInt` may have, so that max − min + 1 fits
    /// mt19937's range (2^32 − 1).
    public static let uniformIntMaxSpan = 4_294_967_294

    /// The first parameter that is out of range, with the reason, or `nil` if the value is
    /// valid. `name` is the JSON parameter name (`"sigma"`, `"max"`, ...).
    public var invalidParameter: (name: String, reason: String)? {
        func finite(_ v: Double, _ name: String) -> (String, String)? {
            v.isFinite ? nil : (name, "expected a finite number, got \(v)")
        }
        func positive(_ v: Double, _ name: String) -> (String, String)? {
            v.isFinite && v > 0 ? nil : (name, "expected a positive number, got \(v)")
        }
        switch self {
        case .constant(let value):
            return finite(value, "value")
        case .uniform(let a, let b):
            if let bad = finite(a, "min") ?? finite(b, "max") { return bad }
            return a <= b ? nil : ("max", "expected max >= min (\(a)), got \(b)")
        case .uniformInt(let a, let b):
            guard a <= b else { return ("max", "expected max >= min (\(a)), got \(b)") }
            let (span, overflow) = b.subtractingReportingOverflow(a)
            guard !overflow, span <= Self.uniformIntMaxSpan else {
                return ("max", "expected max - min <= \(Self.uniformIntMaxSpan), got [\(a), \(b)]")
            }
            return nil
        case .exponential(let mean):
            return positive(mean, "mean")
        case .lognormal(let mu, let sigma):
            return finite(mu, "mu") ?? positive(sigma, "sigma")
        case .gamma(let shape, let scale), .pareto(let shape, let scale):
            return positive(shape, "shape") ?? positive(scale, "scale")
        case .weibull(let scale, let shape):
            return positive(scale, "scale") ?? positive(shape, "shape")
        case .bernoulli(let p):
            return p >= 0 && p <= 1 ? nil : ("p", "expected a probability in [0, 1], got \(p)")
        case .discrete, .empirical:
            return nil  // DiscreteTable and EmpiricalTable validate at construction.
        }
    }
}

/// The weights and values of a `discrete` distribution with GSL's precomputed alias table.
///
/// Immutable: the table is built once by `gsl_ran_discrete_preproc` and only read by
/// `gsl_ran_discrete` (which takes it as `const`), so one table may be shared between
/// threads; hence `@unchecked Sendable`. Freed with `gsl_ran_discrete_free` in `deinit`.
public final class DiscreteTable: @unchecked Sendable, Equatable {
    /// The weights as given (non-negative, finite, positive sum).
    public let weights: [Double]
    /// The value of each outcome (same count as `weights`).
    public let values: [Double]
    /// `weights` divided by their sum.
    public let probabilities: [Double]
    /// GSL's alias table (read-only after construction).
    let table: UnsafeMutablePointer<gsl_ran_discrete_t>

    /// Why `weights`/`values` cannot make a table (`name` is `"weights"` or `"values"`), or
    /// `nil` if they can.
    public static func problem(weights: [Double], values: [Double]?) -> (name: String, reason: String)? {
        guard !weights.isEmpty else { return ("weights", "expected at least one weight") }
        if let bad = weights.first(where: { !$0.isFinite || $0 < 0 }) {
            return ("weights", "expected non-negative finite weights, got \(bad)")
        }
        guard weights.reduce(0, +) > 0 else { return ("weights", "expected weights with a positive sum") }
        if let values {
            guard values.count == weights.count else {
                return ("values", "expected \(weights.count) values (one per weight), got \(values.count)")
            }
            if let bad = values.first(where: { !$0.isFinite }) {
                return ("values", "expected finite values, got \(bad)")
            }
        }
        return nil
    }

    /// A table choosing `values[i]` with probability `weights[i] / Σ weights`; `values`
    /// defaults to 0, 1, ..., K − 1. Returns `nil` when `problem(weights:values:)` is not nil.
    /// - Complexity: O(K).
    public init?(weights: [Double], values: [Double]? = nil) {
        guard Self.problem(weights: weights, values: values) == nil else { return nil }
        GSL.setUp()
        guard let table = weights.withUnsafeBufferPointer({ gsl_ran_discrete_preproc($0.count, $0.baseAddress) }) else {
            return nil
        }
        let total = weights.reduce(0, +)
        self.table = table
        self.weights = weights
        self.values = values ?? weights.indices.map(Double.init)
        self.probabilities = weights.map { $0 / total }
    }

    deinit { gsl_ran_discrete_free(table) }

    /// Same weights and values.
    public static func == (a: DiscreteTable, b: DiscreteTable) -> Bool {
        a === b || (a.weights == b.weights && a.values == b.values)
    }
}
