import Foundation
import Testing
@testable import PushSim

@Suite("WordDelta")
struct WordDeltaTests {
    /// Blocks that differ from the template in a drawn set of words, each by a drawn number
    /// of low bytes (pointers, counts, times), for block lengths around the bitmap's word
    /// boundaries: decoding gives back every bit, and the code is as long as its layout says.
    @Test("Encoding then decoding gives back the block, bit for bit", arguments: [1, 2, 63, 64, 65, 163, 200])
    func roundTrip(words: Int) {
        var seeded = UInt64(words) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { seeded = seeded &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return seeded ^ seeded >> 29 }
        let template = (0..<words).map { _ in next() }
        let codec = template.withUnsafeBytes { WordDelta(words: words, template: $0.baseAddress!) }
        defer { codec.deallocate() }
        let maximum = WordDelta.maximumBytes(words: words)
        var out = [UInt8](repeating: 0xEE, count: maximum)
        var lengths = [UInt8](repeating: 0, count: words)
        for trial in 0..<400 {
            var block = template
            var expectedData = 0, differing = 0
            for w in 0..<words where trial % 3 == 0 || next() % 4 == 0 {
                let bytes = Int(next() % 9)   // 0: equal to the template
                let x = bytes == 0 ? 0 : (next() | 1 << UInt64(8 * bytes - 1)) & (bytes == 8 ? ~0 : (1 << UInt64(8 * bytes)) - 1)
                block[w] ^= x
                if x != 0 { differing += 1; expectedData += bytes }
            }
            let length = block.withUnsafeBytes { b in
                out.withUnsafeMutableBytes { o in lengths.withUnsafeMutableBufferPointer { codec.encode(b.baseAddress!, into: o.baseAddress!, lengths: $0.baseAddress!) } }
            }
            #expect(length == (words + 63) / 64 * 8 + (differing + 1) / 2 + expectedData + WordDelta.slack)
            #expect(length <= maximum)
            var decoded = [UInt64](repeating: 0xDEAD, count: words)
            // Decode from a copy of exactly `length` bytes: the code needs nothing past its slack.
            let code = Array(out[0..<length])
            code.withUnsafeBytes { c in decoded.withUnsafeMutableBytes { codec.decode(c.baseAddress!, into: $0.baseAddress!) } }
            #expect(decoded == block, "trial \(trial)")
        }
    }

    @Test("A block equal to its template is its bitmap and slack alone")
    func equalBlockIsSmall() {
        let template: [UInt64] = (0..<163).map { UInt64($0) &* 0x1234_5678_9ABC }
        let codec = template.withUnsafeBytes { WordDelta(words: 163, template: $0.baseAddress!) }
        defer { codec.deallocate() }
        var out = [UInt8](repeating: 0, count: WordDelta.maximumBytes(words: 163))
        var lengths = [UInt8](repeating: 0, count: 163)
        let length = template.withUnsafeBytes { b in
            out.withUnsafeMutableBytes { o in lengths.withUnsafeMutableBufferPointer { codec.encode(b.baseAddress!, into: o.baseAddress!, lengths: $0.baseAddress!) } }
        }
        #expect(length == 3 * 8 + WordDelta.slack)
    }
}
