import CGSL
import Foundation
import Testing
@testable import PushSim

/// A stream whose generator comes from a `GeneratorCache` draws exactly what a freshly
/// allocated and seeded generator draws, whatever the cache held before, for every GSL
/// generator; and the cache seeds each state once while runs of one replication follow
/// each other.
@Suite struct GeneratorCacheTests {
    private func draws(_ s: RandomStream, _ n: Int = 700) -> [UInt] { (0..<n).map { _ in gsl_rng_get(s.rng) } }

    @Test func cachedStreamsDrawLikeFreshOnesForEveryGenerator() {
        for name in GeneratorType.allNames {
            let type = GeneratorType.named(name)!
            let cache = GeneratorCache(capacity: 2)
            // Seeds revisited after eviction and generators reused from the spare list.
            for seed: UInt32 in [1, 2, 1, 3, 4, 2, 2, 5, 1] {
                let fresh = draws(RandomStream(type: type, seed: seed))
                let cached = draws(RandomStream(type: type, seed: seed, cache: cache))
                #expect(cached == fresh, "\(name), seed \(seed)")
            }
        }
    }

    /// A restarted stream (a reused world's next replication) draws what a fresh stream of
    /// the new seed or key draws: for every generator, with and without a cache, after
    /// draws or none, restarted twice in a row.
    @Test func restartedStreamsDrawLikeFreshOnes() {
        for name in GeneratorType.allNames {
            let type = GeneratorType.named(name)!
            for cache in [nil, GeneratorCache(capacity: 2)] {
                let stream = RandomStream(type: type, seed: 11, cache: cache)
                _ = draws(stream, 5)
                for (seed, drawFirst) in [(UInt32(12), true), (13, false), (14, true), (12, true)] {
                    stream.restart(seed: seed)
                    if !drawFirst { stream.restart(seed: seed &+ 100); stream.restart(seed: seed) }
                    #expect(draws(stream, 300) == draws(RandomStream(type: type, seed: seed), 300), "\(name), seed \(seed), cache \(cache != nil)")
                }
            }
        }
        let keyed = RandomStream(type: .philox4x32_10, key: 5, base: 0)
        _ = draws(keyed, 3)
        for base: UInt64 in [1, 1 << 40, 0] {
            keyed.restart(key: 5, base: base)
            #expect(draws(keyed, 50) == draws(RandomStream(type: .philox4x32_10, key: 5, base: base), 50), "base \(base)")
        }
        keyed.restart(key: 6, base: 0)
        keyed.restart(key: 7, base: 2)
        #expect(draws(keyed, 50) == draws(RandomStream(type: .philox4x32_10, key: 7, base: 2), 50))
    }

    @Test func aDrawnFromStreamDoesNotDisturbTheSeededState() {
        let cache = GeneratorCache()
        let first = RandomStream(type: .mt19937, seed: 42, cache: cache)
        _ = draws(first, 2_000)          // past the first twist
        let second = RandomStream(type: .mt19937, seed: 42, cache: cache)
        #expect(draws(second) == draws(RandomStream(type: .mt19937, seed: 42)))
        #expect(cache.seedings == 1)
    }

    @Test(arguments: ["mt19937", "philox4x32-10"])
    func oneSeedingPerStreamAndReplicationInReplicationMajorOrder(_ generator: String) throws {
        let scenario = try Scenario.decode(Data("""
            {"name": "t", "seed": 3, "replications": 5, "generator": "\(generator)", "horizon": "60s", "server": {"keys": 3, "retainLast": 10, "changes": {"count": 5, "start": "1s", "interval": "1s"}},
             "strategies": ["applyPayload", "hintPull", "hintPullForegroundSync"],
             "variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.3}}, {"name": "b", "channel": {"kind": "lossy", "loss": 0.6}}]}
            """.utf8), file: "cache-test.json")
        let simulation = Simulation(scenario: scenario)
        let cache = GeneratorCache()
        for i in 0..<simulation.runCount {
            let id = simulation.runID(at: i)
            #expect(simulation.run(id, cache: cache) == simulation.run(id), "run \(i)")
        }
        // Three streams drawn from in each of 5 replications (server: keys; channel: loss;
        // channel.order: arrival ranks), each seeded once although 6 runs use it. The client
        // stream is never seeded: the default pull latency is the constant 0 and pulls never fail.
        // A counter-based stream is keyed, never seeded.
        #expect(cache.seedings == (generator == "mt19937" ? 3 * 5 : 0))
    }

    @Test func reportOrderIsReplicationMajor() throws {
        let scenario = try Scenario.decode(Data("""
            {"name": "t", "seed": 3, "replications": 3, "horizon": "10s", "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1s"}},
             "strategies": ["applyPayload", "hintPull"],
             "variants": [{"name": "a", "channel": {"kind": "lossy"}}, {"name": "b", "channel": {"kind": "lossy"}}]}
            """.utf8), file: "cache-test.json")
        let simulation = Simulation(scenario: scenario)
        let ids = (0..<simulation.runCount).map { simulation.runID(at: $0) }
        var expected: [Simulation.RunID] = []
        for r in 0..<3 { for v in 0..<2 { for s in 0..<2 { expected.append(.init(variant: v, strategy: s, replication: r)) } } }
        #expect(ids == expected)
    }
}
