/// A lossless code for a block of 64-bit words that differs from a template block in few
/// words, each by few bits: what a fleet keeps of a resting recipient's `World`
/// (`FleetWorlds`), whose words are mostly those of a fresh world of the same fleet.
///
/// Layout of a code, for `words` words in groups of 8 (the last one shorter), each group's
/// segment after the previous one's:
/// - a mask byte: bit j set when word 8g + j differs from the template;
/// - ⌈k / 2⌉ bytes of lengths for its k differing words, a 4-bit length (1 … 8 bytes)
///   each, in word order, the first in the low half of a byte;
/// - for each differing word, in word order, the low `length` bytes of (word XOR template
///   word), little-endian;
/// then `slack` bytes that the decoder may read and ignores (it loads 8 bytes at a time).
/// A group's segment depends on that group's words alone, so a block re-encoded after a
/// change to a few of its groups copies the other groups' segments from its old code
/// (`encode(_:into:unchangedSince:code:starts:)`).
///
/// The code holds bits, not values: encoding and decoding a value's bytes is a bitwise
/// move, valid for bitwise-takable types (`_isBitwiseTakable`), which `FleetWorlds` checks.
/// - Complexity: O(words) to encode, O(words) (a copy of the template, then O(k)) to decode.
struct WordDelta {
    /// The block's length in words (≥ 1).
    let words: Int
    /// The template, `words` words, owned.
    let template: UnsafeMutablePointer<UInt64>
    /// Bytes after a code's last data byte that a decoder may read (it loads 8 bytes at a
    /// time; it ignores them).
    static let slack = 8

    /// Groups of 8 words: ⌈words / 8⌉.
    var groups: Int { (words + 7) >> 3 }
    /// The largest code of a block of `words` words, slack included: every word differing
    /// in all 8 bytes.
    static func maximumBytes(words: Int) -> Int { (words + 7) / 8 * 5 + words * 8 + slack }

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
    /// `maximumBytes(words:)` bytes.
    /// - Returns: the code's length in bytes, slack included (the slack bytes are written,
    ///   with zeros).
    @inline(__always)
    func encode(_ source: UnsafeRawPointer, into out: UnsafeMutableRawPointer) -> Int {
        var o = 0
        for g in 0..<groups { encodeGroup(g, source, out, &o) }
        out.storeBytes(of: 0, toByteOffset: o, as: UInt64.self)
        return o + Self.slack
    }

    /// Encodes `source` as `encode(_:into:)` does, copying from `previous` the segments
    /// of the groups whose words equal those of `woken`, the block that `previous` encodes.
    /// - Parameters:
    ///   - woken: `words` words, the block as `previous` decodes.
    ///   - previous: a code of this template (with its slack).
    ///   - starts: where each group's segment starts in `previous`, `groups + 1` offsets
    ///     (the last one the end), as `decode(_:into:starts:)` wrote them.
    /// - Returns: the code's length, slack included; the code is byte for byte the one
    ///   `encode(_:into:)` writes.
    @inline(__always)
    func encode(_ source: UnsafeRawPointer, into out: UnsafeMutableRawPointer, unchangedSince woken: UnsafeRawPointer,
                code previous: UnsafeRawPointer, starts: UnsafePointer<Int32>) -> Int {
        let groups = self.groups
        var o = 0, g = 0
        while g < groups {
            guard sameGroup(g, source, woken) else { encodeGroup(g, source, out, &o); g &+= 1; continue }
            // A run of unchanged groups: their segments are adjacent in the old code.
            var end = g &+ 1
            while end < groups && sameGroup(end, source, woken) { end &+= 1 }
            let from = Int(starts[g]), length = Int(starts[end]) &- from
            (out + o).copyMemory(from: previous + from, byteCount: length)
            o &+= length
            g = end
        }
        out.storeBytes(of: 0, toByteOffset: o, as: UInt64.self)
        return o + Self.slack
    }

    /// Whether group `g`'s words are the same in `a` and `b`.
    @inline(__always)
    private func sameGroup(_ g: Int, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let base = g &<< 3, n = min(8, words &- base)
        var any: UInt64 = 0
        for j in 0..<n {
            let at = (base &+ j) &<< 3
            any |= a.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        }
        return any == 0
    }

    /// Writes group `g`'s segment at `out + o`, moving `o` past it; writes up to 8 bytes
    /// past the segment's end.
    @inline(__always)
    private func encodeGroup(_ g: Int, _ source: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ o: inout Int) {
        let base = g &<< 3, n = min(8, words &- base)
        // First the mask and the lengths, packed in a register (length 0: the word is the
        // template's; it adds no bit, nibble or count), then the data.
        var mask: UInt64 = 0, lengths: UInt64 = 0, k: UInt64 = 0
        for j in 0..<n {
            let x = source.loadUnaligned(fromByteOffset: (base &+ j) &<< 3, as: UInt64.self) ^ template[base &+ j]
            let length = UInt64(truncatingIfNeeded: (71 &- x.leadingZeroBitCount) &>> 3)
            let differs: UInt64 = length != 0 ? 1 : 0
            mask |= differs &<< UInt64(truncatingIfNeeded: j)
            lengths |= length &<< (k &<< 2)
            k &+= differs
        }
        out.storeBytes(of: UInt8(truncatingIfNeeded: mask), toByteOffset: o, as: UInt8.self)
        guard mask != 0 else { o &+= 1; return }
        // Four bytes stored, ⌈k / 2⌉ kept: the data overwrite the rest.
        out.storeBytes(of: UInt32(truncatingIfNeeded: lengths), toByteOffset: o &+ 1, as: UInt32.self)
        var data = o &+ 1 &+ Int(truncatingIfNeeded: (k &+ 1) &>> 1)
        // A word equal to the template's stores 8 zero bytes that the next word's overwrite.
        for j in 0..<n {
            let x = source.loadUnaligned(fromByteOffset: (base &+ j) &<< 3, as: UInt64.self) ^ template[base &+ j]
            out.storeBytes(of: x.littleEndian, toByteOffset: data, as: UInt64.self)
            data &+= (71 &- x.leadingZeroBitCount) &>> 3
        }
        o = data
    }

    /// Writes the block that `code` encodes into `target` (`words` words), and, when
    /// `starts` is given, where each group's segment starts in `code` (`groups + 1`
    /// offsets, the last one the end).
    /// - Returns: the code's length in bytes without its slack (where a code that follows
    ///   it in the same allocation starts).
    @inline(__always) @discardableResult
    func decode(_ code: UnsafeRawPointer, into target: UnsafeMutableRawPointer, starts: UnsafeMutablePointer<Int32>? = nil) -> Int {
        decode(code, into: target, starts: starts, groups: groups)
    }

    /// Writes the first `groups` groups' words of the block that `code` encodes into
    /// `target` (min(words, 8 · groups) words): a part of a block, decoded cheaply.
    @inline(__always) @discardableResult
    func decode(_ code: UnsafeRawPointer, into target: UnsafeMutableRawPointer, starts: UnsafeMutablePointer<Int32>? = nil, groups: Int) -> Int {
        target.copyMemory(from: template, byteCount: min(words, groups &<< 3) << 3)
        var o = 0
        for g in 0..<groups {
            starts?[g] = Int32(truncatingIfNeeded: o)
            var bits = UInt64(code.load(fromByteOffset: o, as: UInt8.self))
            o &+= 1
            guard bits != 0 else { continue }
            let lengths = code + o
            o &+= (bits.nonzeroBitCount &+ 1) &>> 1
            var i = 0
            while bits != 0 {
                let at = (g &<< 3 | bits.trailingZeroBitCount) &<< 3
                let length = Int(truncatingIfNeeded: lengths.load(fromByteOffset: i &>> 1, as: UInt8.self) &>> UInt8(truncatingIfNeeded: (i & 1) &<< 2)) & 15
                let x = UInt64(littleEndian: code.loadUnaligned(fromByteOffset: o, as: UInt64.self)) & (~0 &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
                let old = target.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                target.storeBytes(of: old ^ x, toByteOffset: at, as: UInt64.self)
                o &+= length
                i &+= 1
                bits &= bits &- 1
            }
        }
        starts?[groups] = Int32(truncatingIfNeeded: o)
        return o
    }
}
