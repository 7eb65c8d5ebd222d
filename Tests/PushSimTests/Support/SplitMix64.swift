/// SplitMix64 (Steele, Lea & Flood 2014): a tiny deterministic generator for test scripts
/// (schedules, strings, write sequences), independent of the code under test.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0 ..< n (modulo bias is irrelevant for test scripts).
    mutating func below<T: BinaryInteger>(_ n: T) -> T { T(next() % UInt64(n)) }

    /// True with probability p / 100.
    mutating func percent(_ p: UInt64) -> Bool { below(100) < p }
}
