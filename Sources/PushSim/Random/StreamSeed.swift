/// Derivation of each named random stream's seed (seeded generators such as mt19937) or
/// key (counter-based philox4x32-10) from the scenario seed.
///
/// The formula (all arithmetic on `UInt64`, wrapping):
///
///     mix(x)  = z₃ where z₀ = x &+ 0x9E3779B97F4A7C15
///                        z₁ = (z₀ ^ (z₀ >> 30)) &* 0xBF58476D1CE4E5B9
///                        z₂ = (z₁ ^ (z₁ >> 27)) &* 0x94D049BB133111EB
///                        z₃ =  z₂ ^ (z₂ >> 31)
///     state   = mix(seed)
///     state   = mix(state ^ UInt64(bitPattern: Int64(replication)))
///     for each UTF-8 byte b of the stream name, in order:
///         state = mix(state ^ UInt64(b))
///     result  = UInt32(state >> 32) ^ UInt32(state & 0xFFFF_FFFF)
///     if result == 0 { result = 1 }
///
/// `mix` is one step of Vigna's SplitMix64 (the increment, then its 30/27/31
/// xor-shift-multiply finaliser), so `mix(1234567)` = 6457827717110365317, the first
/// output of SplitMix64 seeded with 1234567.
///
/// Why 32 bits and never 0: GSL's mt19937 uses only the low 32 bits of a seed and maps seed
/// 0 to 4357, so seed 0 would collide with seed 4357. Folding both halves keeps all 64 bits
/// of mixing in the result. Distinct (seed, replication, name) triples give distinct
/// seeds except for 32-bit collisions (probability about 2^-32 per pair).
public enum StreamSeed {
    /// The 32-bit, non-zero generator seed of stream `stream` in replication `replication`
    /// of a scenario seeded with `seed` (formula in the type's documentation).
    /// - Parameters:
    ///   - seed: the scenario seed (any 64-bit value).
    ///   - replication: the replication index (any `Int`; negative values use their two's
    ///     complement bit pattern).
    ///   - stream: the stream name, e.g. `StreamName.channel`; hashed byte by byte (UTF-8).
    /// - Returns: a seed in [1, 2^32 − 1].
    /// - Complexity: O(stream name length in bytes).
    public static func derive(seed: UInt64, replication: Int, stream: String) -> UInt32 {
        var state = mix(seed)
        state = mix(state ^ UInt64(bitPattern: Int64(replication)))
        for byte in stream.utf8 {
            state = mix(state ^ UInt64(byte))
        }
        return fold(state)
    }

    /// The 64-bit Philox key of stream `stream` in every replication of a scenario seeded
    /// with `seed`, for counter-based generators (philox4x32-10): the formula above without
    /// the replication step and without the fold,
    ///
    ///     state = mix(seed); for each UTF-8 byte b of the name: state = mix(state ^ b)
    ///
    /// The replication is the stream's counter base instead (`RandomStreams`), so two
    /// replications of one stream use disjoint counter ranges of the same key and can
    /// never overlap; two names collide only if their keys do (about 2^-64 per pair).
    /// - Complexity: O(stream name length in bytes).
    public static func key(seed: UInt64, stream: String) -> UInt64 {
        var state = mix(seed)
        for byte in stream.utf8 {
            state = mix(state ^ UInt64(byte))
        }
        return state
    }

    /// One SplitMix64 step: add the golden-ratio increment, then finalise (30/27/31).
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Xor of the high and low 32-bit halves, with 0 replaced by 1.
    static func fold(_ state: UInt64) -> UInt32 {
        let folded = UInt32(truncatingIfNeeded: state >> 32) ^ UInt32(truncatingIfNeeded: state)
        return folded == 0 ? 1 : folded
    }
}
