/// CSV records built directly as UTF-8 bytes: the row formatter of the hot path (a run
/// produces one row of some 40 fields, and building it through `String` cost more than a
/// fifth of a short run).
///
/// Produces exactly the bytes of `CSV.record` for the same fields: a field is quoted only
/// when it holds a comma, quote, CR or LF, inner quotes doubled (those four are ASCII, and
/// UTF-8 never uses ASCII byte values inside a multi-byte scalar, so a byte scan finds
/// exactly the scalars `CSV.field` looks for).
public struct CSVLine {
    /// The bytes so far.
    public private(set) var bytes: [UInt8] = []
    private var fields = 0

    /// - Parameter capacity: bytes to reserve.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Appends a text field, quoted when needed.
    public mutating func append(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(0x22)
            for b in utf8 {
                bytes.append(b)
                if b == 0x22 { bytes.append(b) }
            }
            bytes.append(0x22)
        }
    }

    /// Appends an integer field in decimal (`String(value)`).
    public mutating func append(_ value: Int) {
        separate()
        if value < 0 { bytes.append(0x2D) }
        appendDigits(UInt64(value.magnitude))
    }

    /// Appends an unsigned integer field in decimal.
    public mutating func append(_ value: UInt64) {
        separate()
        appendDigits(value)
    }

    /// Appends microseconds as seconds with six decimals (`SecondsFormat.string`), or an
    /// empty field for `nil`.
    public mutating func appendSeconds(_ microseconds: Int64?) {
        separate()
        guard let microseconds else { return }
        if microseconds < 0 { bytes.append(0x2D) }
        let magnitude = microseconds.magnitude
        appendDigits(magnitude / 1_000_000)
        bytes.append(0x2E)
        var fraction = magnitude % 1_000_000, divisor: UInt64 = 100_000
        while divisor > 0 {
            bytes.append(0x30 + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Appends `x` with six decimals exactly as C `printf("%.6f")` (`SummaryTable.number`)
    /// writes it (docs/csv.md), or an empty field for `nil` or a non-finite value. Fast path:
    /// x × 10⁶ rounded to an integer; that product carries a rounding error below one ulp,
    /// so within one ulp of a half (e.g. 0.0078125, which printf rounds to even), for
    /// negative x and for x × 10⁶ ≥ 2⁵², the digits come from `printf` itself.
    public mutating func appendDecimal(_ x: Double?) {
        guard let x, x.isFinite else { separate(); return }
        let scaled = x * 1_000_000
        let floor = scaled.rounded(.down)
        guard x >= 0, scaled < 0x1p52, abs(scaled - floor - 0.5) > scaled.ulp else { append(SummaryTable.number(x)); return }
        appendSeconds(Int64(scaled - floor < 0.5 ? floor : floor + 1))
    }

    /// Appends 16 lowercase hexadecimal digits.
    public mutating func appendHex(_ value: UInt64) {
        separate()
        for shift in stride(from: 60, through: 0, by: -4) {
            let d = UInt8((value >> UInt64(shift)) & 0xF)
            bytes.append(d < 10 ? 0x30 + d : 0x57 + d)
        }
    }

    /// Ends the record with LF (`CSV.lineEnding`); the next field starts a new record.
    public mutating func end() {
        bytes.append(0x0A)
        fields = 0
    }

    private mutating func separate() {
        if fields > 0 { bytes.append(0x2C) }
        fields += 1
    }

    private mutating func appendDigits(_ value: UInt64) {
        // Most fields of a row are counts below 10 (zeros above all): one byte, no loop.
        if value < 10 { bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var v = value, n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = 0x30 + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            while n > 0 {
                n -= 1
                bytes.append(d[n])
            }
        }
    }
}
