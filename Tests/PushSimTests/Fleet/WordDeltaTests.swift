import Foundation
import Testing
@testable import PushSim

@Suite("WordDelta")
struct WordDeltaTests {
    /// A seeded sequence (PCG-style) for the blocks' bits.
    private struct Bits {
        var state: UInt64
        mutating func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state ^ state >> 29 }
        /// A word that differs from 0 in exactly `bytes` low bytes (0: zero).
        mutating func differing(in bytes: Int) -> UInt64 {
            bytes == 0 ? 0 : (next() | 1 << UInt64(8 * bytes - 1)) & (bytes == 8 ? ~0 : (1 << UInt64(8 * bytes)) - 1)
        }
    }

    /// The code's length its layout gives: per group a mask byte, ⌈k / 2⌉ length bytes and
    /// the data, then the slack.
    private static func expectedLength(_ block: [UInt64], _ template: [UInt64]) -> Int {
        var length = 0
        for g in stride(from: 0, to: block.count, by: 8) {
            var k = 0
            for w in g..<min(block.count, g + 8) where block[w] != template[w] {
                k += 1
                length += (71 - (block[w] ^ template[w]).leadingZeroBitCount) / 8
            }
            length += 1 + (k + 1) / 2
        }
        return length + WordDelta.slack
    }

    private static func encode(_ codec: WordDelta, _ block: [UInt64]) -> [UInt8] {
        var out = [UInt8](repeating: 0xEE, count: WordDelta.maximumBytes(words: codec.words))
        let length = block.withUnsafeBytes { b in out.withUnsafeMutableBytes { codec.encode(b.baseAddress!, into: $0.baseAddress!) } }
        return Array(out[0..<length])
    }

    /// Blocks that differ from the template in a drawn set of words, each by a drawn number
    /// of low bytes (pointers, counts, times), for block lengths around the groups' edges:
    /// decoding gives back every bit, the code is as long as its layout says, and the group
    /// starts `decode` reports add up to it.
    @Test("Encoding then decoding gives back the block, bit for bit", arguments: [1, 2, 7, 8, 9, 63, 64, 65, 163, 200])
    func roundTrip(words: Int) {
        var bits = Bits(state: UInt64(words) &* 0x9E37_79B9_7F4A_7C15)
        let template = (0..<words).map { _ in bits.next() }
        let codec = template.withUnsafeBytes { WordDelta(words: words, template: $0.baseAddress!) }
        defer { codec.deallocate() }
        for trial in 0..<400 {
            var block = template
            for w in 0..<words where trial % 3 == 0 || bits.next() % 4 == 0 { block[w] ^= bits.differing(in: Int(bits.next() % 9)) }
            let code = Self.encode(codec, block)   // exactly its length: the decoder needs nothing past the slack
            #expect(code.count == Self.expectedLength(block, template))
            #expect(code.count <= WordDelta.maximumBytes(words: words))
            var decoded = [UInt64](repeating: 0xDEAD, count: words)
            var starts = [Int32](repeating: -1, count: codec.groups + 1)
            let used = code.withUnsafeBytes { c in
                decoded.withUnsafeMutableBytes { d in starts.withUnsafeMutableBufferPointer { codec.decode(c.baseAddress!, into: d.baseAddress!, starts: $0.baseAddress!) } }
            }
            #expect(decoded == block, "trial \(trial)")
            #expect(used == code.count - WordDelta.slack)
            #expect(starts.first == 0 && starts.last == Int32(used) && zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 })
            // The first groups alone: the same words, and the same starts as far as they go.
            let limit = 1 + trial % codec.groups
            var part = [UInt64](repeating: 0xBEEF, count: words)
            var partStarts = [Int32](repeating: -1, count: limit + 1)
            _ = code.withUnsafeBytes { c in
                part.withUnsafeMutableBytes { d in partStarts.withUnsafeMutableBufferPointer { codec.decode(c.baseAddress!, into: d.baseAddress!, starts: $0.baseAddress!, groups: limit) } }
            }
            let covered = min(words, 8 * limit)
            #expect(part[..<covered] == block[..<covered] && part[covered...].allSatisfy { $0 == 0xBEEF }, "trial \(trial)")
            #expect(partStarts == Array(starts[...limit]))
        }
    }

    /// A block changed after it was decoded (a few words, some by a byte, some into or out
    /// of the template's value): encoding it with the old code's unchanged segments copied
    /// gives the same bytes as encoding it afresh.
    @Test("Re-encoding copies unchanged groups and writes the code a fresh encoding writes", arguments: [9, 64, 163])
    func reencodeEqualsEncode(words: Int) {
        var bits = Bits(state: UInt64(words) &* 0xD1B5_4A32_D192_ED03)
        let template = (0..<words).map { _ in bits.next() }
        let codec = template.withUnsafeBytes { WordDelta(words: words, template: $0.baseAddress!) }
        defer { codec.deallocate() }
        for trial in 0..<300 {
            var woken = template
            for w in 0..<words where bits.next() % 3 == 0 { woken[w] ^= bits.differing(in: Int(bits.next() % 9)) }
            let old = Self.encode(codec, woken)
            var decoded = [UInt64](repeating: 0, count: words)
            var starts = [Int32](repeating: 0, count: codec.groups + 1)
            old.withUnsafeBytes { c in
                decoded.withUnsafeMutableBytes { d in starts.withUnsafeMutableBufferPointer { _ = codec.decode(c.baseAddress!, into: d.baseAddress!, starts: $0.baseAddress!) } }
            }
            var block = decoded
            for _ in 0..<(trial % 5) {
                let w = Int(bits.next() % UInt64(words))
                switch bits.next() % 3 {
                case 0: block[w] = template[w]
                case 1: block[w] ^= 1
                default: block[w] ^= bits.differing(in: Int(bits.next() % 9))
                }
            }
            var out = [UInt8](repeating: 0xEE, count: WordDelta.maximumBytes(words: words))
            let length = block.withUnsafeBytes { b in
                decoded.withUnsafeBytes { w in
                    old.withUnsafeBytes { c in
                        starts.withUnsafeBufferPointer { s in
                            out.withUnsafeMutableBytes {
                                codec.encode(b.baseAddress!, into: $0.baseAddress!, unchangedSince: w.baseAddress!, code: c.baseAddress!, starts: s.baseAddress!)
                            }
                        }
                    }
                }
            }
            #expect(Array(out[0..<length]) == Self.encode(codec, block), "trial \(trial)")
        }
    }

    @Test("A block equal to its template is its groups' mask bytes and the slack")
    func equalBlockIsSmall() {
        let template: [UInt64] = (0..<163).map { UInt64($0) &* 0x1234_5678_9ABC }
        let codec = template.withUnsafeBytes { WordDelta(words: 163, template: $0.baseAddress!) }
        defer { codec.deallocate() }
        #expect(Self.encode(codec, template).count == 21 + WordDelta.slack)
    }
}
