/// FNV-1a, 64-bit: a stable fingerprint of bytes (scenario files in `meta.json`).
/// Not cryptographic; it names a version of a file, it does not authenticate it.
public enum FNV1a64 {
    /// The hash of `bytes` as 16 lowercase hex digits.
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
