import CGSL
import Testing
@testable import PushSim

private func draws(_ s: RandomStream, _ n: Int = 50) -> [Double] { (0..<n).map { _ in s.uniform() } }

@Suite("RandomStreams")
struct RandomStreamsTests {
    @Test("past 16 streams (where names get an index) every name still gives the object it gave first, in any lookup order")
    func sameObjectAcrossTheIndexThreshold() {
        for generator in [GeneratorType.mt19937, .philox4x32_10] {
            let streams = RandomStreams(generator: generator, seed: 5, replication: 2)
            let names = (1...40).map { "server.\($0)" }
            var first: [ObjectIdentifier] = []
            for (i, name) in names.enumerated() {
                first.append(ObjectIdentifier(streams.stream(name)))
                // Every earlier name, looked up again after each new one (below, at and past the threshold).
                #expect(names[...i].map { ObjectIdentifier(streams.stream($0)) } == first, "after \(i + 1) streams")
            }
            #expect(Set(first).count == names.count, "one object per name")
            #expect(names.reversed().map { ObjectIdentifier(streams.stream($0)) } == first.reversed())
        }
    }

    @Test("same (seed, replication, name) gives the same draws")
    func reproducible() {
        let a = RandomStreams(generator: .mt19937, seed: 7, replication: 3)
        let b = RandomStreams(generator: .mt19937, seed: 7, replication: 3)
        #expect(draws(a.stream(StreamName.channel)) == draws(b.stream(StreamName.channel)))
    }

    @Test("different names, replications or seeds give different draws")
    func distinct() {
        let base = draws(RandomStreams(generator: .mt19937, seed: 7, replication: 3).stream(StreamName.channel))
        #expect(base != draws(RandomStreams(generator: .mt19937, seed: 7, replication: 3).stream(StreamName.server)))
        #expect(base != draws(RandomStreams(generator: .mt19937, seed: 7, replication: 4).stream(StreamName.channel)))
        #expect(base != draws(RandomStreams(generator: .mt19937, seed: 8, replication: 3).stream(StreamName.channel)))
    }

    @Test("an extra stream leaves the other streams' draws unchanged")
    func isolation() {
        let plain = RandomStreams(generator: .mt19937, seed: 11, replication: 0)
        let channel = plain.stream(StreamName.channel)
        let device = plain.stream(StreamName.deviceConnectivity)
        var expected: [Double] = []
        for _ in 0..<100 { expected.append(channel.uniform()); expected.append(device.uniform()) }

        let busy = RandomStreams(generator: .mt19937, seed: 11, replication: 0)
        let client = busy.stream(StreamName.client)  // created first, used heavily
        let extra = busy.stream("extra")
        _ = draws(client, 1000)
        let channel2 = busy.stream(StreamName.channel)
        _ = draws(extra, 17)
        let device2 = busy.stream(StreamName.deviceConnectivity)
        var actual: [Double] = []
        for i in 0..<100 {
            actual.append(channel2.uniform())
            if i % 3 == 0 { _ = client.uniform() }
            actual.append(device2.uniform())
        }
        #expect(actual == expected)
    }

    @Test("stream(_:) returns the cached stream")
    func cached() {
        let streams = RandomStreams(generator: .mt19937, seed: 1, replication: 0)
        let s = streams.stream(StreamName.server)
        _ = s.uniform()
        #expect(streams.stream(StreamName.server) === s)
        #expect(streams.stream(StreamName.client) !== s)
        #expect(streams.names == [StreamName.client, StreamName.server])
    }

    @Test("a stream is seeded with StreamSeed.derive")
    func seededWithDerive() {
        let streams = RandomStreams(generator: .mt19937, seed: 99, replication: 5)
        let direct = RandomStream(type: .mt19937,
                                  seed: StreamSeed.derive(seed: 99, replication: 5, stream: StreamName.channel))
        #expect(draws(streams.stream(StreamName.channel)) == draws(direct))
    }
}

@Suite("RandomStream")
struct RandomStreamTests {
    @Test("reseed restarts the sequence")
    func reseed() {
        let s = RandomStream(type: .mt19937, seed: 1234)
        let first = draws(s)
        _ = draws(s, 10)
        s.reseed(1234)
        #expect(draws(s) == first)
        s.reseed(1235)
        #expect(draws(s) != first)
    }

    @Test("uniform, uniformPositive, uniformInt and bernoulli stay in range")
    func ranges() {
        let s = RandomStream(type: .mt19937, seed: 5)
        for _ in 0..<10_000 {
            let u = s.uniform()
            #expect(u >= 0 && u < 1)
            let v = s.uniformPositive()
            #expect(v > 0 && v < 1)
            let k = s.uniformInt(below: 7)
            #expect((0..<7).contains(k))
            #expect(s.uniformInt(below: 1) == 0)
            #expect(s.bernoulli(0) == false)
            #expect(s.bernoulli(1) == true)
        }
        #expect(GeneratorType.mt19937.range == 0xFFFF_FFFF)
        #expect((0..<100).map { _ in s.uniformInt(below: Int(UInt32.max)) }.contains { $0 > Int(Int32.max) })
    }

    @Test("rng is the generator that gsl_ran_* functions draw from")
    func rngPointer() {
        let a = RandomStream(type: .mt19937, seed: 77)
        let b = RandomStream(type: .mt19937, seed: 77)
        #expect(gsl_rng_uniform(a.rng) == b.uniform())
        #expect(String(cString: gsl_rng_name(a.rng)) == "mt19937")
    }

    @Test("draws is the stream's own sequence: interleaved with its methods, it continues it", arguments: ["mt19937", "philox4x32-10", "taus2"])
    func drawsContinueTheStream(generator: String) {
        let type = GeneratorType.named(generator)!
        func make() -> RandomStream {
            type.isCounterBased ? RandomStream(type: type, key: 0xFEED, base: 3) : RandomStream(type: type, seed: 41)
        }
        let methods = make(), mixed = make()
        let delay = DurationDistribution(.uniformInt(min: 0, max: 4), unit: "s")
        var expected: [Double] = [], got: [Double] = []
        for i in 0..<2_000 {
            expected += [methods.uniform(), Double(methods.uniformInt(below: 5 + i % 3)), methods.bernoulli(0.3) ? 1 : 0,
                         Double(delay.sample(methods).microseconds)]
            let d = mixed.draws   // a fresh handle each round, methods between: one sequence
            got.append(i % 2 == 0 ? d.uniform() : mixed.uniform())
            got.append(Double(i % 3 == 0 ? mixed.uniformInt(below: 5 + i % 3) : d.uniformInt(below: 5 + i % 3)))
            got.append((i % 5 == 0 ? mixed.bernoulli(0.3) : d.bernoulli(0.3)) ? 1 : 0)
            got.append(Double((i % 2 == 0 ? delay.sample(d) : delay.sample(mixed)).microseconds))
        }
        #expect(got == expected)
        withExtendedLifetime(methods) { #expect(gsl_rng_get(methods.draws.rng) == gsl_rng_get(mixed.rng)) }
    }

    @Test("draws are GSL's own: uniform, uniform_int, bernoulli and, past a small generator's range, a scaled uniform",
          arguments: ["mt19937", "philox4x32-10", "uni"])
    func drawsAreGSLs(generator: String) {
        let type = GeneratorType.named(generator)!
        let stream = type.isCounterBased ? RandomStream(type: type, key: 9, base: 1) : RandomStream(type: type, seed: 8)
        let reference = type.isCounterBased ? RandomStream(type: type, key: 9, base: 1) : RandomStream(type: type, seed: 8)
        let n = 100_000   // beyond uni's range (32,766): there the draw is a scaled uniform
        withExtendedLifetime(stream) {
            let d = stream.draws, r = reference.rng
            for _ in 0..<1_000 {
                #expect(d.uniform() == gsl_rng_uniform(r))
                #expect(d.uniformInt(below: 7) == Int(gsl_rng_uniform_int(r, 7)))
                #expect(d.bernoulli(0.25) == (gsl_ran_bernoulli(r, 0.25) == 1))
                let want = UInt(n) <= type.range ? Int(gsl_rng_uniform_int(r, UInt(n))) : min(n - 1, Int(gsl_rng_uniform(r) * Double(n)))
                #expect(d.uniformInt(below: n) == want)
            }
        }
        #expect((type.range < UInt(n)) == (generator == "uni"))
    }
}

@Suite("GeneratorType")
struct GeneratorTypeTests {
    @Test("known generators are found by name", arguments: ["mt19937", "ranlxd2", "taus2"])
    func found(name: String) throws {
        let type = try #require(GeneratorType.named(name))
        #expect(type.name == name)
        #expect(GeneratorType.allNames.contains(name))
    }

    @Test("unknown names are nil; mt19937 is the default")
    func lookup() {
        #expect(GeneratorType.named("nope") == nil)
        #expect(GeneratorType.named("MT19937") == nil)
        #expect(GeneratorType.named("mt19937") == .mt19937)
        #expect(GeneratorType.mt19937.name == "mt19937")
        #expect(GeneratorType.named("taus2") != .mt19937)
    }

    @Test("allNames is sorted, without duplicates, and lists GSL's generators")
    func allNames() {
        let names = GeneratorType.allNames
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
        #expect(names.count > 30)
    }

    @Test("a non-default generator gives a different, reproducible sequence")
    func otherGenerator() throws {
        for name in ["taus2", "ranlxd2"] {
            let type = try #require(GeneratorType.named(name))
            let other = draws(RandomStream(type: type, seed: 12345))
            #expect(other == draws(RandomStream(type: type, seed: 12345)))
            #expect(other != draws(RandomStream(type: .mt19937, seed: 12345)))
            let streams = RandomStreams(generator: type, seed: 1, replication: 0)
            #expect(String(cString: gsl_rng_name(streams.stream(StreamName.channel).rng)) == name)
        }
    }
}

@Suite("RandomStreams: restart")
struct RandomStreamsRestartTests {
    @Test("Restarted streams draw what fresh streams of that replication draw, a reseeded one too",
          arguments: ["philox4x32-10", "mt19937"])
    func restartIsFresh(generator: String) {
        let type = GeneratorType.named(generator)!
        let names = [StreamName.channel, StreamName.deviceUser, StreamName.channel(device: 2)]
        let streams = RandomStreams(generator: type, seed: 41, replication: 3)
        for n in names { _ = draws(streams.stream(n), 9) }
        streams.stream(StreamName.deviceUser).reseed(5)          // its key (or seed) replaced
        _ = draws(streams.stream(StreamName.deviceUser), 3)
        if type.isCounterBased { streams.stream(StreamName.channel).restart(key: 99, base: 1) }   // replaced too
        _ = draws(streams.stream(StreamName.channel), 2)
        streams.restart(replication: 7)
        let fresh = RandomStreams(generator: type, seed: 41, replication: 7)
        for n in names {
            #expect(streams.stream(n).name == n)
            #expect(draws(streams.stream(n)) == draws(fresh.stream(n)), "\(n)")
        }
        #expect(streams.names == names.sorted())
    }
}
