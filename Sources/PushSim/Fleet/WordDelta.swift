/// A lossless code for a block of 64-bit words that differs from a template block in few
/// words, each by few bits: what a fleet keeps of a resting recipient's `World`
/// (`FleetWorlds`), whose words are mostly those of a fresh world of the same fleet.
///
/// Layout of a code, for `words` words and `k` of them different from the template:
/// - the bitmap, ⌈words / 64⌉ little-endian `UInt64`s: bit w set when word w differs;
/// - ⌈k / 2⌉ bytes of lengths, a 4-bit length (1 … 8 bytes) per differing word, in word
///   order, the first in the low half of a byte;
/// - for each differing word, in word order, the low `length` bytes of (word XOR template
///   word), little-endian;
/// - `slack` bytes that the decoder may read and ignores (it loads 8 bytes at a time).
///
/// The code holds bits, not values: encoding and decoding a value's bytes is a bitwise
/// move, valid for bitwise-takable types (`_isBitwiseTakable`), which `FleetWorlds` checks.
/// - Complexity: O(words) to encode, O(words) (a copy of the template, then O(k)) to decode.
struct WordDelta {
    /// The block's length in words (≥ 1).
    let words: Int
    /// The template, `words` words, owned.
    let template: UnsafeMutablePointer<UInt64>
    /// Bytes a decoder may read past the last length it uses.
    static let slack = 8

    /// Bitmap words: ⌈words / 64⌉.
    var bitmapWords: Int { (words + 63) >> 6 }
    /// The largest code of a block of `words` words, slack included: every word differing
    /// in all 8 bytes.
    static func maximumBytes(words: Int) -> Int { (words + 63) / 64 * 8 + (words + 1) / 2 + words * 8 + slack }

    /// A code against `template` (its first `words` words are copied).
    init(words: Int, template source: UnsafeRawPointer) {
        precondition(words >= 1, "WordDelta: no words")
        self.words = words
        template = .allocate(capacity: words)
        template.initialize(from: source.assumingMemoryBound(to: UInt64.self), count: words)
    }

    /// Frees the template.
    func deallocate() { template.deallocate() }

    /// Encodes `source` (`words` words) into `out`, which has room for
    /// `maximumBytes(words:)` bytes; `lengths` is scratch room for `words` bytes.
    /// - Returns: the code's length in bytes, slack included (the slack bytes are written,
    ///   with zeros).
    @inline(__always)
    func encode(_ source: UnsafeRawPointer, into out: UnsafeMutableRawPointer, lengths: UnsafeMutablePointer<UInt8>) -> Int {
        let bitmapBytes = bitmapWords * 8
        // The data go after the largest lengths area first; moved down once k is known.
        let data = out + bitmapBytes + (words + 1) / 2
        // Per eight words, one test; within eight that differ somewhere, branch-free and
        // nothing read back from memory: a word equal to the template's has length 0
        // ((71 − 64) >> 3), so its stores are overwritten by the next word's and it adds no
        // bit, length or count.
        var k = 0, used = 0
        for b in 0..<bitmapWords {
            var bits: UInt64 = 0
            var w = b << 6
            let end = min(words, (b + 1) << 6)
            while w < end {
                let n = min(8, end &- w)
                // Eight words equal to the template's (most of a fleet's world): skipped at once.
                var any: UInt64 = 0
                for j in 0..<n { any |= source.loadUnaligned(fromByteOffset: (w &+ j) &<< 3, as: UInt64.self) ^ template[w &+ j] }
                if any == 0 { w &+= n; continue }
                for v in w ..< w &+ n {
                    let x = source.loadUnaligned(fromByteOffset: v &<< 3, as: UInt64.self) ^ template[v]
                    let length = (71 &- x.leadingZeroBitCount) &>> 3
                    let differs = length != 0 ? 1 : 0
                    bits |= UInt64(truncatingIfNeeded: differs) &<< UInt64(truncatingIfNeeded: v)
                    (data + used).storeBytes(of: x.littleEndian, as: UInt64.self)
                    used &+= length
                    lengths[k] = UInt8(truncatingIfNeeded: length)
                    k &+= differs
                }
                w &+= n
            }
            out.storeBytes(of: bits, toByteOffset: b << 3, as: UInt64.self)
        }
        let lengthBytes = (k + 1) / 2
        let packed = (out + bitmapBytes).assumingMemoryBound(to: UInt8.self)
        for j in 0..<k / 2 { packed[j] = lengths[2 * j] | lengths[2 * j + 1] << 4 }
        if k & 1 == 1 { packed[k / 2] = lengths[k - 1] }
        let start = out + bitmapBytes + lengthBytes
        if start != data { start.copyMemory(from: data, byteCount: used) }
        start.storeBytes(of: 0, toByteOffset: used, as: UInt64.self)
        return bitmapBytes + lengthBytes + used + Self.slack
    }

    /// Writes the block that `code` encodes into `target` (`words` words).
    /// - Returns: the code's length in bytes without its slack (where a code that follows
    ///   it in the same allocation starts).
    @inline(__always) @discardableResult
    func decode(_ code: UnsafeRawPointer, into target: UnsafeMutableRawPointer) -> Int {
        target.copyMemory(from: template, byteCount: words << 3)
        let bitmapBytes = bitmapWords * 8
        var k = 0
        for b in 0..<bitmapWords { k += code.loadUnaligned(fromByteOffset: b * 8, as: UInt64.self).nonzeroBitCount }
        let lengths = (code + bitmapBytes).assumingMemoryBound(to: UInt8.self)
        var data = code + bitmapBytes + (k + 1) / 2
        var i = 0
        for b in 0..<bitmapWords {
            var bits = UInt64(littleEndian: code.loadUnaligned(fromByteOffset: b * 8, as: UInt64.self))
            while bits != 0 {
                let w = b &<< 6 | bits.trailingZeroBitCount
                let length = Int(truncatingIfNeeded: lengths[i &>> 1] &>> UInt8(truncatingIfNeeded: (i & 1) &<< 2)) & 15
                let x = UInt64(littleEndian: data.loadUnaligned(as: UInt64.self)) & (~0 &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
                let old = target.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self)
                target.storeBytes(of: old ^ x, toByteOffset: w &<< 3, as: UInt64.self)
                data += length
                i &+= 1
                bits &= bits &- 1
            }
        }
        return data - code
    }
}
