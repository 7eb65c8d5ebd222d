import Testing
@testable import PushSim

@Suite("DurationDistribution")
struct DurationDistributionTests {
    @Test("a duration string is a constant in microseconds")
    func durationString() throws {
        let d = try RandomJSON.decode(DurationDistribution.self, #""2s""#)
        #expect(d == .constant(.seconds(2)))
        #expect(d.distribution == .constant(value: 2_000_000))
        #expect(d.unit == "us")
        let s = RandomStream(type: .mt19937, seed: 1)
        #expect(d.sample(s) == .microseconds(2_000_000))
        #expect(d.meanDuration == .seconds(2))
        #expect(try RandomJSON.decode(DurationDistribution.self, #""1h30m""#) == .constant(.minutes(90)))
    }

    @Test("an object with a unit decodes and samples in that unit")
    func object() throws {
        let d = try RandomJSON.decode(DurationDistribution.self, #"{"kind": "uniformInt", "min": 0, "max": 4, "unit": "s"}"#)
        #expect(d == DurationDistribution(.uniformInt(min: 0, max: 4), unit: "s"))
        #expect(d.unitMicroseconds == 1_000_000)
        #expect(d.meanDuration == .seconds(2))
        let s = RandomStream(type: .mt19937, seed: 3)
        let xs = (0..<2_000).map { _ in d.sample(s) }
        #expect(Set(xs) == Set((0...4).map { SimDuration.seconds(Int64($0)) }))

        let e = try RandomJSON.decode(DurationDistribution.self, #"{"kind": "exponential", "mean": 250, "unit": "ms"}"#)
        #expect(e.meanDuration == .milliseconds(250))
        #expect((0..<1_000).allSatisfy { _ in e.sample(s) >= .zero })
    }

    @Test("bad forms are rejected at their JSON path", arguments: [
        (#"{"kind": "exponential", "mean": 3}"#, "d"),  // no unit
        (#"{"kind": "exponential", "mean": 3, "unit": "sec"}"#, "unit"),
        (#"{"kind": "exponential", "mean": 3, "unit": "s", "jitter": 1}"#, "jitter"),
        (#"{"kind": "constant", "value": -1, "unit": "s"}"#, "value"),
        (#"{"kind": "uniform", "min": -1, "max": 2, "unit": "s"}"#, "min"),
        (#"{"kind": "uniformInt", "min": -1, "max": 2, "unit": "s"}"#, "min"),
        (#"{"kind": "discrete", "weights": [1, 1], "values": [-1, 2], "unit": "s"}"#, "values"),
        (#"{"kind": "lognormal", "mu": 0, "sigma": -1, "unit": "s"}"#, "sigma"),
        (#""2""#, "d"),
        (#""-2s""#, "d"),
        ("30", "d"),
    ])
    func rejected(json: String, key: String) {
        let path = RandomJSON.failurePath(DurationDistribution.self, json)
        #expect(path?.last == key, "\(json) → \(path ?? [])")
    }

    @Test("non-negative distributions with negative parameters elsewhere are accepted")
    func accepted() throws {
        // lognormal support is (0, ∞) whatever mu is.
        _ = try RandomJSON.decode(DurationDistribution.self, #"{"kind": "lognormal", "mu": -2, "sigma": 1, "unit": "s"}"#)
        _ = try RandomJSON.decode(DurationDistribution.self, #"{"kind": "uniform", "min": 0, "max": 2, "unit": "m"}"#)
    }

    @Test("conversion rounds to the nearest microsecond and clamps")
    func conversion() {
        let s = RandomStream(type: .mt19937, seed: 1)
        #expect(DurationDistribution(.constant(value: 1.5), unit: "ms").sample(s) == .microseconds(1_500))
        #expect(DurationDistribution(.constant(value: 0.4), unit: "us").sample(s) == .zero)
        #expect(DurationDistribution(.constant(value: 0.6), unit: "us").sample(s) == .microseconds(1))
        #expect(DurationDistribution.duration(-3, 1) == .zero)
        #expect(DurationDistribution.duration(.nan, 1) == .zero)
        #expect(DurationDistribution.duration(1e30, 1) == .longestSample)
        #expect(DurationDistribution.duration(1e30, 1) == .days(36_500))
        #expect(DurationDistribution(.pareto(shape: 1, scale: 1), unit: "s").meanDuration == .longestSample)
        #expect(DurationDistribution.zero.sample(s) == .zero)
        #expect(DurationDistribution.zero.meanDuration == .zero)
    }
}
