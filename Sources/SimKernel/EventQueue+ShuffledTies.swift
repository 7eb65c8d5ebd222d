/// Shuffled ties of `EventQueue` (see its **Shuffled ties**): a check that no result
/// depends on the arbitrary FIFO order of events equal in (time, owner, rank, tier).
extension EventQueue {
    /// Orders events equal in (time, owner, rank, tier) pseudo-randomly instead of FIFO, for
    /// every event scheduled from now on: by 20 bits of SplitMix64(`ownerSequence` ^ `salt`),
    /// then insertion, so a run stays reproducible. `salt` 0 restores FIFO; `reset()` keeps it.
    /// - Complexity: O(1); afterwards O(1) extra per `schedule`.
    public mutating func shuffleTies(salt: UInt64) { tieSalt = salt }

    /// The salt of the shuffled tie order (0: FIFO).
    public var tieShuffleSalt: UInt64 { tieSalt }

    /// The shuffled order key of `sequence`: a pseudo-random 20-bit key, then the sequence.
    @usableFromInline @inline(never) static func shuffled(_ sequence: UInt64, salt: UInt64) -> UInt64 {
        precondition(sequence <= sequenceMask, "EventQueue: more than 2^40 events scheduled")
        var z = (sequence ^ salt) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (z & shuffleMask) | sequence
    }
}
