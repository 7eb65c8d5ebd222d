import Testing
@testable import PushSim

/// An independent, deliberately plain SplitMix64 (written from Vigna's reference code, not
/// from StreamSeed) to pin the documented derivation.
private struct ReferenceSplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &+ 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    /// One step of a fresh generator whose state is `x`.
    static func step(_ x: UInt64) -> UInt64 {
        var g = ReferenceSplitMix64(state: x)
        return g.next()
    }
    static func derive(seed: UInt64, replication: Int, stream: String) -> UInt32 {
        var s = step(seed)
        s = step(s ^ UInt64(replication))
        for b in Array(stream.utf8) { s = step(s ^ UInt64(b)) }
        let r = UInt32(s >> 32) ^ UInt32(s & 0xFFFF_FFFF)
        return r == 0 ? 1 : r
    }
}

@Suite("StreamSeed")
struct StreamSeedTests {
    @Test("mix is one SplitMix64 step (published test vector for seed 1234567)")
    func mixMatchesSplitMix64() {
        // First outputs of SplitMix64 seeded with 1234567.
        var g = ReferenceSplitMix64(state: 1234567)
        #expect(g.next() == 6457827717110365317)
        #expect(g.next() == 3203168211198807973)
        #expect(StreamSeed.mix(1234567) == 6457827717110365317)
        #expect(StreamSeed.mix(1234567 &+ 0x9E3779B97F4A7C15) == 3203168211198807973)
    }

    @Test("pinned derived seeds (computed independently)")
    func pinnedValues() {
        #expect(StreamSeed.derive(seed: 42, replication: 0, stream: "channel") == 2498042840)
        #expect(StreamSeed.derive(seed: 1, replication: 7, stream: "device.connectivity") == 671765338)
        #expect(StreamSeed.derive(seed: 2024, replication: 3, stream: "server") == 4112845061)
        #expect(StreamSeed.derive(seed: 0, replication: 0, stream: "") == 3927941952)
    }

    @Test("derive agrees with the reference over many inputs")
    func agreesWithReference() {
        let names = ["", "a", "server", "channel", "client", "device.connectivity", "é∂ü", "channel2"]
        for seed: UInt64 in [0, 1, 2, 99, 0xFFFF_FFFF, 1 << 32, .max] {
            for replication in [0, 1, 2, 17, 999, Int.max] {
                for name in names {
                    #expect(StreamSeed.derive(seed: seed, replication: replication, stream: name)
                            == ReferenceSplitMix64.derive(seed: seed, replication: replication, stream: name))
                }
            }
        }
    }

    @Test("derive never returns 0 and rarely collides")
    func neverZero() {
        var seen = Set<UInt32>()
        var count = 0
        for seed: UInt64 in 0..<200 {
            for replication in 0..<25 {
                for name in [StreamName.server, StreamName.channel, StreamName.deviceConnectivity, StreamName.client] {
                    let s = StreamSeed.derive(seed: seed, replication: replication, stream: name)
                    #expect(s != 0)
                    seen.insert(s)
                    count += 1
                }
            }
        }
        // 20,000 values out of 2^32: expected collisions ≈ 0.05; allow a few, not systematic ones.
        #expect(count - seen.count <= 3)
    }

    @Test("the fold maps 0 to 1 and otherwise xors the halves")
    func foldAvoidsZero() {
        #expect(StreamSeed.fold(0) == 1)
        #expect(StreamSeed.fold(0xABCD_1234_ABCD_1234) == 1)
        #expect(StreamSeed.fold(0x0000_0001_0000_0004) == 5)
        #expect(StreamSeed.fold(0xFFFF_FFFF_0000_0000) == 0xFFFF_FFFF)
    }

    @Test("negative replications do not trap and differ from positive ones")
    func negativeReplication() {
        #expect(StreamSeed.derive(seed: 5, replication: -1, stream: "x") != StreamSeed.derive(seed: 5, replication: 1, stream: "x"))
    }
}
