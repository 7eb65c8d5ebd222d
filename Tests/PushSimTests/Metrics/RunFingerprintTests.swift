import Foundation
import Testing
@testable import PushSim

/// `RunFingerprint` is FNV-1a 64 over whole 64-bit words. A word below 256 mixes like one
/// byte, so byte strings give the published FNV-1a 64 test vectors (Noll's FNV test suite,
/// e.g. Go's hash/fnv tests): "" 0xcbf29ce484222325, "a" 0xaf63dc4c8601ec8c,
/// "foobar" 0x85944171f73967e8.
@Suite struct RunFingerprintTests {
    private func fnv(_ bytes: String) -> UInt64 {
        var f = RunFingerprint()
        for b in bytes.utf8 { f.mix(UInt64(b)) }
        return f.value
    }

    @Test("mixing the bytes of a string one word each gives the published FNV-1a 64 values")
    func publishedVectors() {
        #expect(fnv("") == 0xcbf2_9ce4_8422_2325)
        #expect(fnv("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(fnv("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("an event mixes time, kind << 32 | entity as 32 bits, message and tag as 32 bits, in that order")
    func eventWords() {
        var f = RunFingerprint()
        f.add(time: .zero + .microseconds(1_234_567), kind: 5, entity: -1, message: 42, tag: -2)
        // Independently: FNV-1a 64 (offset basis and prime as published) over the four words.
        let words: [UInt64] = [1_234_567, 5 << 32 | 0xFFFF_FFFF, 42, 0xFFFF_FFFE]
        let expected = words.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ $1) &* 0x0000_0100_0000_01b3 }
        #expect(f.value == expected)
        var g = RunFingerprint()
        g.add(time: .zero + .microseconds(1_234_567), kind: 6, entity: -1, message: 42, tag: -2)
        #expect(g.value != f.value, "the kind counts even on an event with no key")
    }

    @Test("hex is 16 lowercase digits, zero-padded")
    func hexIsPadded() throws {
        // The first of some spread-out words whose single mix gives a value below 2^60 (a
        // leading zero digit; about one word in 16 does).
        let words = (UInt64(1)..<1_000).map { $0 &* 0x9e37_79b9_7f4a_7c15 }
        let w = try #require(words.first { var f = RunFingerprint(); f.mix($0); return f.value >> 60 == 0 })
        var f = RunFingerprint()
        f.mix(w)
        #expect(f.hex == String(format: "%016llx", f.value) && f.hex.count == 16 && f.hex.first == "0")
        #expect(RunFingerprint().hex == "cbf29ce484222325")
    }
}
