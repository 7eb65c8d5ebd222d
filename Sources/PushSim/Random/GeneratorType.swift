import CGSL
import CPhilox

/// A GSL random number generator algorithm (`gsl_rng_type`), such as `mt19937`, or
/// PushSim's own GSL type `philox4x32-10` (Random123's Philox, the default).
///
/// A value wraps a pointer into GSL's static table of generator descriptions. Those tables
/// are immutable after load (name, range, state size and function pointers never change),
/// so the pointer may be shared between threads; the stored property is marked
/// `nonisolated(unsafe)` for that reason only. Two values are equal when they name the same
/// GSL type.
public struct GeneratorType: Sendable, Hashable, CustomStringConvertible {
    /// The GSL type description (immutable C data; see the type's comment).
    nonisolated(unsafe) let pointer: UnsafePointer<gsl_rng_type>

    /// GSL's name for the algorithm, e.g. `"mt19937"`, `"ranlxd2"`, `"taus2"` (read from
    /// the type description, so that a value is one pointer: every stream holds one).
    public var name: String { String(cString: pointer.pointee.name) }

    init(_ pointer: UnsafePointer<gsl_rng_type>) {
        self.pointer = pointer
    }

    /// The Mersenne Twister MT19937 (`gsl_rng_mt19937`), PushSim's default before
    /// philox4x32-10 (a scenario that names it draws exactly what it drew then).
    /// Period 2^19937 − 1; outputs 32-bit integers in [0, 2^32 − 1].
    public static let mt19937 = GeneratorType(pushsim_rng_mt19937())

    /// Random123's Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2,
    /// 3", SC 2011), PushSim's default: a counter-based generator, so a stream is a key
    /// and a counter and costs nothing to set up (`CPhilox`). Outputs 32-bit integers in
    /// [0, 2^32 − 1]; 2^34 draws per stream and counter base.
    public static let philox4x32_10 = GeneratorType(pushsim_rng_philox4x32_10())

    /// The generator of a scenario that names none: `philox4x32_10`.
    public static let `default` = philox4x32_10

    /// Whether streams of this type are keyed (`RandomStream.init(type:key:base:)`) rather
    /// than seeded: true for philox4x32-10 only.
    public var isCounterBased: Bool { pointer == Self.philox4x32_10.pointer }

    /// Every generator type GSL knows, read once from `gsl_rng_types_setup()`, and
    /// philox4x32-10.
    ///
    /// Read once because `gsl_rng_types_setup` rewrites a global array on each call; the
    /// `static let` makes the single call thread-safe.
    private static let all: [GeneratorType] = {
        var result: [GeneratorType] = []
        let table = pushsim_rng_types()!
        var i = 0
        while let type = table[i] {
            result.append(GeneratorType(type))
            i += 1
        }
        result.append(philox4x32_10)
        return result.sorted { $0.name < $1.name }
    }()

    /// The generator GSL calls `name` (exact, case-sensitive match), or `nil` if GSL has
    /// no generator of that name.
    /// - Complexity: O(number of GSL generators), about 60.
    public static func named(_ name: String) -> GeneratorType? {
        all.first { $0.name == name }
    }

    /// The names of every GSL generator, sorted in ascending (byte) order.
    public static var allNames: [String] { all.map(\.name) }

    /// The largest value `gsl_rng_get` can return minus the smallest: the largest `n` that
    /// `RandomStream.uniformInt(below:)` accepts with this generator (2^32 − 1 for mt19937).
    public var range: UInt {
        UInt(pointer.pointee.max - pointer.pointee.min)
    }

    /// The GSL name.
    public var description: String { name }

    /// Equal when both wrap the same GSL type description.
    public static func == (a: GeneratorType, b: GeneratorType) -> Bool { a.pointer == b.pointer }
    /// Hashes the GSL type description's address (stable within a process only).
    public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
