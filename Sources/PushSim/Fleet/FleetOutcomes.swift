import CZlib

/// The recipients' outcomes of one fleet run, in population order, kept deflated in blocks
/// of `block` (zlib `compress2`, level 1).
///
/// A `RunOutcome` is 1,320 bytes of mostly zero counts: a million of them would hold
/// 1.4 GB, and they are read while the worlds they come from are still being released
/// (docs/performance.md, Fleets). Deflated, a block of `Scenarios/fleet/day.json` keeps
/// about 120 bytes an outcome. Lossless: `RunOutcome` is plain data (`BitwiseCopyable`, which
/// the compiler checks), so an outcome read back is field for field the one appended. Its padding bytes go through
/// zlib as they are (uninitialised, so `storedBytes` may differ by a few bytes between runs;
/// nothing reads them back as values).
struct FleetOutcomes: Sendable {
    /// Outcomes per deflated block.
    static let block = 256
    private var sealed: [(bytes: [UInt8], count: Int)] = []
    private var open: [RunOutcome] = []
    /// The outcomes appended.
    private(set) var count = 0

    init() {}

    /// Appends `outcome` (the next recipient's).
    mutating func append(_ outcome: RunOutcome) {
        if open.isEmpty { open.reserveCapacity(Self.block) }
        open.append(outcome)
        count += 1
        if open.count == Self.block { seal() }
    }

    /// Deflates the open block.
    private mutating func seal() {
        let n = open.count
        // zlib reads the outcomes' bytes; a raw view of them as `Bytef` (UInt8) is how C reads any memory.
        let packed: [UInt8] = open.withUnsafeBytes { raw in
            var size = compressBound(uLong(raw.count))
            var out = [UInt8](repeating: 0, count: Int(size))
            let status = out.withUnsafeMutableBufferPointer { o in
                compress2(o.baseAddress, &size, raw.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(raw.count), Gzip.level)
            }
            precondition(status == Z_OK, "zlib compress2 failed (\(status))")
            return Array(out[0 ..< Int(size)])
        }
        sealed.append((packed, n))
        open.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each outcome, in population order (a block inflated at a time).
    func forEach(_ body: (RunOutcome) throws -> Void) rethrows {
        for (bytes, n) in sealed {
            let block = [RunOutcome](unsafeUninitializedCapacity: n) { buffer, initialized in
                var size = uLongf(n * MemoryLayout<RunOutcome>.stride)
                let status = bytes.withUnsafeBufferPointer { b in
                    uncompress(UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: Bytef.self), &size,
                               b.baseAddress, uLong(b.count))
                }
                precondition(status == Z_OK && Int(size) == n * MemoryLayout<RunOutcome>.stride, "zlib uncompress failed (\(status))")
                initialized = n
            }
            for o in block { try body(o) }
        }
        for o in open { try body(o) }
    }

    /// The bytes it holds for the outcomes (deflated blocks, and the open block's outcomes).
    var storedBytes: Int { sealed.reduce(0) { $0 + $1.bytes.count } + open.count * MemoryLayout<RunOutcome>.stride }

    /// The outcomes, in population order (for small fleets and tests).
    var all: [RunOutcome] {
        var out: [RunOutcome] = []
        out.reserveCapacity(count)
        forEach { out.append($0) }
        return out
    }
}
