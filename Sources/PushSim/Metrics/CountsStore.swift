/// `Counts` as a run keeps them while it goes (`RunObserver.counts`): the same counts, each
/// in a 32-bit slot, so that a world carries 192 bytes of counters instead of 384 (a
/// fleet holds a million worlds at once; docs/performance.md, Fleets). The first time a
/// count would not fit in 32 bits (a long lone run's byte counts can pass 4 GiB), every
/// slot moves to a heap array of `Int` at once, so every value stays exact whatever it is.
///
/// Read and written like `Counts`; `counts` gives the `Counts` value a `RunOutcome` holds.
struct CountsStore: Sendable {
    private var narrow = InlineArray<48, UInt32>(repeating: 0)
    /// Every count, once one did not fit in `narrow` (empty until then).
    private var wide: [Int] = []

    init() {}

    /// The count of `c`. Setting a value outside 0 … 2^32 − 1 widens the store.
    subscript(_ c: Count) -> Int {
        @inline(__always) get { wide.isEmpty ? Int(narrow[c.rawValue]) : wide[c.rawValue] }
        @inline(__always) set {
            if wide.isEmpty, let v = UInt32(exactly: newValue) { narrow[c.rawValue] = v; return }
            setWide(c.rawValue, newValue)
        }
    }

    private mutating func setWide(_ i: Int, _ value: Int) {
        if wide.isEmpty { wide = (0 ..< Counts.capacity).map { Int(narrow[$0]) } }
        wide[i] = value
    }

    /// Whether the counts have moved to the `Int` array (for tests).
    var isWide: Bool { !wide.isEmpty }

    /// The counts as a `Counts` value.
    var counts: Counts {
        var out = Counts()
        for i in 0 ..< Counts.capacity { out[slot: i] = wide.isEmpty ? Int(narrow[i]) : wide[i] }
        return out
    }
}
