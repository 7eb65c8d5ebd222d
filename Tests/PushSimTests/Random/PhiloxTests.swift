import CGSL
import CPhilox
import Testing
@testable import PushSim

/// philox4x32-10, the default generator: Random123's known answers, the stream layout
/// (key, counter base, block number), and independence across streams.
@Suite("Philox generator")
struct PhiloxTests {
    private static func block(_ ctr: [UInt32], _ key: [UInt32]) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: 4)
        pushsim_philox4x32_10_block(ctr, key, &out)
        return out
    }

    @Test("Random123's known-answer vectors (tests/kat_vectors, philox4x32 10)")
    func knownAnswers() {
        #expect(Self.block([0, 0, 0, 0], [0, 0]) == [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8])
        #expect(Self.block([.max, .max, .max, .max], [.max, .max]) == [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd])
        #expect(Self.block([0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344], [0xa409_3822, 0x299f_31d0])
                == [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1])
    }

    @Test("a stream's draws are the words of blocks (base, base >> 32, 0, n) under its key, last word first")
    func streamLayout() {
        let key: UInt64 = 0x0123_4567_89ab_cdef, base: UInt64 = 0x0000_0007_0000_0005
        let s = RandomStream(type: .philox4x32_10, key: key, base: base)
        let draws = (0..<12).map { _ in UInt32(gsl_rng_get(s.rng)) }
        let k = [UInt32(truncatingIfNeeded: key), UInt32(truncatingIfNeeded: key >> 32)]
        let expected = (0..<3).flatMap { n in Self.block([5, 7, 0, UInt32(n)], k).reversed() }
        #expect(draws == expected)
        // gsl_rng_set(r, s): key s, base 0.
        let seeded = RandomStream(type: .philox4x32_10, seed: 0)
        #expect((0..<4).map { _ in UInt32(gsl_rng_get(seeded.rng)) } == [0x9b00_dbd8, 0xbc57_ac4c, 0xe169_c58d, 0x6627_e8d5])
    }

    @Test("RandomStreams keys a stream by (seed, name) and counts replications in the counter base")
    func streamsUseKeyAndBase() {
        let a = RandomStreams(generator: .philox4x32_10, seed: 7, replication: 3).stream(StreamName.channel)
        let b = RandomStream(type: .philox4x32_10, key: StreamSeed.key(seed: 7, stream: StreamName.channel), base: 3)
        #expect((0..<9).map { _ in a.uniform() } == (0..<9).map { _ in b.uniform() })
        #expect(GeneratorType.default == .philox4x32_10 && GeneratorType.named("philox4x32-10") == .philox4x32_10)
        #expect(GeneratorType.philox4x32_10.isCounterBased && !GeneratorType.mt19937.isCounterBased)
    }

    /// Streams that differ only in name, replication or seed are uncorrelated: for each pair,
    /// |r|·√n stays below the two-sided normal bound at α = 0.001 over all pairs
    /// (Bonferroni), r the Pearson correlation of n paired uniforms, also at lags 1 and 2.
    @Test("streams with different names, replications or seeds are uncorrelated")
    func independentStreams() {
        let n = 20_000
        func uniforms(seed: UInt64, replication: Int, name: String) -> [Double] {
            let s = RandomStreams(generator: .philox4x32_10, seed: seed, replication: replication).stream(name)
            return (0..<(n + 2)).map { _ in s.uniform() }
        }
        let base = uniforms(seed: 1, replication: 0, name: StreamName.channel)
        let others = [
            uniforms(seed: 1, replication: 0, name: StreamName.server), uniforms(seed: 1, replication: 0, name: StreamName.channelOrder),
            uniforms(seed: 1, replication: 1, name: StreamName.channel), uniforms(seed: 1, replication: 1 << 32, name: StreamName.channel),
            uniforms(seed: 2, replication: 0, name: StreamName.channel),
        ]
        let lags = [0, 1, 2]
        let budget = StatisticalChecks.Budget("independentStreams")
        defer { #expect(budget.done) }
        for (i, other) in others.enumerated() {
            for lag in lags {
                let r = Self.correlation(Array(base[0..<n]), Array(other[lag..<(lag + n)]))
                #expect(abs(r) * Double(n).squareRoot() < budget.z(), "pair \(i), lag \(lag): r = \(r)")
            }
        }
        #expect(base != others[0])
    }

    @Test("uniformInt is uniform over 64 values (chi-square, family-wise 0.001)")
    func uniformIntegers() {
        let budget = StatisticalChecks.Budget("uniformIntegers")
        defer { #expect(budget.done) }
        let s = RandomStreams(generator: .philox4x32_10, seed: 5, replication: 0).stream(StreamName.client)
        var counts = [Int](repeating: 0, count: 64)
        for _ in 0..<64_000 { counts[s.uniformInt(below: 64)] += 1 }
        #expect(StatisticalChecks.chiSquarePValue(counts: counts, probabilities: Array(repeating: 1.0 / 64, count: 64)) > budget.alpha())
    }

    private static func correlation(_ x: [Double], _ y: [Double]) -> Double {
        x.withUnsafeBufferPointer { a in y.withUnsafeBufferPointer { b in
            gsl_stats_correlation(a.baseAddress, 1, b.baseAddress, 1, a.count)
        } }
    }
}
