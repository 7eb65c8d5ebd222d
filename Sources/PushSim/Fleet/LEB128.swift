/// Unsigned LEB128 numbers in raw memory (7 bits a byte, low first, the high bit set on
/// all but the last), for the codes of `FleetWorlds`.
enum LEB128 {
    /// Writes `value` at `out + at`, moving `at` past it (1 to 10 bytes).
    @inline(__always)
    static func write(_ value: UInt64, _ out: UnsafeMutableRawPointer, _ at: inout Int) {
        var v = value
        while v >= 0x80 { out.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, toByteOffset: at, as: UInt8.self); at += 1; v >>= 7 }
        out.storeBytes(of: UInt8(v), toByteOffset: at, as: UInt8.self)
        at += 1
    }

    /// Reads the number at `code + at`, moving `at` past it.
    @inline(__always)
    static func read(_ code: UnsafeRawPointer, _ at: inout Int) -> UInt64 {
        var v: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = code.load(fromByteOffset: at, as: UInt8.self)
            at += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
    }
}
