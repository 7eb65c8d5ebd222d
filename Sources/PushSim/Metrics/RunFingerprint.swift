/// A fingerprint of one run's event sequence: FNV-1a 64 over 64-bit words (offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3; each word is xored in whole, then multiplied),
/// four words per event that the kernel ran, in order:
///
/// 1. the event's time in microseconds;
/// 2. `kind << 32 | UInt32(bitPattern: entity)`: the event's `TraceKind` code and entity
///    (the key it concerns, −1 for none);
/// 3. the message id (0 when the event concerns no push);
/// 4. the tag (a timer's tag, 1 for a failed pull completion, else 0), as `UInt32` bits.
///
/// Two runs with the same fingerprint ran the same events at the same times, almost
/// certainly; a difference names a run to trace (`pushsim trace`). Not cryptographic.
/// O(1) per event, four multiplications.
public struct RunFingerprint: Sendable, Equatable, BitwiseCopyable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    @inline(__always) mutating func mix(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01b3 }

    /// Adds one event.
    @inline(__always) public mutating func add(time: SimTime, kind: UInt8, entity: Int32, message: Int64, tag: Int32 = 0) {
        mix(UInt64(bitPattern: time.microseconds))
        mix(UInt64(kind) << 32 | UInt64(UInt32(bitPattern: entity)))
        mix(UInt64(bitPattern: message))
        mix(UInt64(UInt32(bitPattern: tag)))
    }

    /// 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
