import CGSL
import Testing
@testable import PushSim

/// One `GeneratorCache` holding seeded states of several generator types keeps them apart:
/// a stream of one type never gets the state another type seeded with the same seed.
@Suite("GeneratorCache: several generator types")
struct GeneratorCacheTypesTests {
    private func draws(_ s: RandomStream, _ n: Int = 100) -> [UInt] { (0..<n).map { _ in gsl_rng_get(s.rng) } }

    @Test("streams of different generator types with one seed, sharing a cache, each draw what a fresh generator draws")
    func typesWithOneSeedStayApart() {
        let cache = GeneratorCache()
        for name in ["mt19937", "taus2", "ranlxd2", "mt19937", "taus2"] {
            let type = GeneratorType.named(name)!
            #expect(draws(RandomStream(type: type, seed: 5, cache: cache)) == draws(RandomStream(type: type, seed: 5)), "\(name)")
        }
        #expect(cache.seedings == 3)
    }
}
