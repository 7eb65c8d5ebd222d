import Foundation
import Testing
@testable import PushSim

/// The `empirical` kind: its exact moments and CDF, what its draws can be, and its JSON
/// forms (listed values, a sample file). Its means, variances and KS against the CDF are
/// checked with every other kind in `DistributionSamplingTests` (family-wise 0.001).
@Suite struct EmpiricalDistributionTests {
    static func table(_ xs: [Double], interpolate: Bool) -> EmpiricalTable { EmpiricalTable(samples: xs, interpolate: interpolate)! }

    @Test("moments: the samples' mean and 1/n variance; interpolated, the gaps' uniform mixture")
    func moments() {
        let d = Distribution.empirical(Self.table([1, 2, 3, 6], interpolate: false))
        #expect(d.mean == 3)
        #expect(abs(d.variance - 3.5) < 1e-12)   // (4 + 1 + 0 + 9) / 4
        // Gaps [1, 2], [2, 3], [3, 6], each 1/3: mean (1.5 + 2.5 + 4.5) / 3.
        let i = Distribution.empirical(Self.table([6, 2, 1, 3], interpolate: true))
        #expect(abs(i.mean - 8.5 / 3) < 1e-12)
        // E[X²] = Σ (a² + ab + b²)/3 / 3 = (7 + 19 + 63) / 9.
        #expect(abs(i.variance - (89.0 / 9 - (8.5 / 3) * (8.5 / 3))) < 1e-12)
        #expect(Distribution.empirical(Self.table([4], interpolate: true)).variance == 0)
        // A repeated sample weighs by its count: 1 twice, 2 once.
        let repeated = Distribution.empirical(Self.table([2, 1, 1], interpolate: false))
        #expect(abs(repeated.mean - 4.0 / 3) < 1e-12 && abs(repeated.variance - 2.0 / 9) < 1e-12)
    }

    @Test("cdf: a step per sample; interpolated, linear between samples, a point mass at a tie")
    func cdf() {
        let step = Self.table([1, 2, 2, 5], interpolate: false)
        #expect(step.cdf(0.9) == 0 && step.cdf(1) == 0.25 && step.cdf(2) == 0.75 && step.cdf(4.9) == 0.75 && step.cdf(5) == 1)
        let line = Self.table([1, 2, 2, 5], interpolate: true)
        #expect(line.cdf(0.9) == 0 && line.cdf(1) == 0)
        #expect(abs(line.cdf(1.5) - 1.0 / 6) < 1e-12)
        #expect(abs(line.cdf(2) - 2.0 / 3) < 1e-12)   // the tie's gap is a point mass of 1/3 at 2
        #expect(abs(line.cdf(3.5) - 5.0 / 6) < 1e-12)
        #expect(line.cdf(5) == 1 && line.cdf(9) == 1)
    }

    @Test("draws: only listed values, or within [min, max], from one generator output each")
    func support() {
        let s = RandomStreams(generator: .default, seed: 7, replication: 0)
        let listed = Distribution.empirical(Self.table([3, 1, 4, 1, 5], interpolate: false))
        let a = s.stream("listed")
        let xs = (0..<2_000).map { _ in listed.sample(a) }
        #expect(Set(xs) == [1, 3, 4, 5])
        let spread = Distribution.empirical(Self.table([3, 1, 4, 1, 5], interpolate: true))
        let b = s.stream("spread")
        let ys = (0..<2_000).map { _ in spread.sample(b) }
        #expect(ys.allSatisfy { $0 >= 1 && $0 <= 5 })
        #expect(Set(ys).count > 1_000, "interpolated draws fill the range")
        // One output per draw: the n-th draw of one stream equals the n-th of a fresh one
        // that drew n − 1 uniforms first.
        let c = RandomStreams(generator: .default, seed: 7, replication: 0).stream("count")
        let d = RandomStreams(generator: .default, seed: 7, replication: 0).stream("count")
        _ = spread.sample(c)
        _ = Distribution.uniform(min: 0, max: 1).sample(d)
        #expect(spread.sample(c) == spread.sample(d))
    }

    @Test("JSON: values, a file with a header or none, a named column; bad input names the key or the sample file's row")
    func decoding() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empirical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a,delay_s\nx,2\ny,1.5\n".write(to: folder.appendingPathComponent("two.csv"), atomically: true, encoding: .utf8)
        try "0.5\n1\n".write(to: folder.appendingPathComponent("bare.csv"), atomically: true, encoding: .utf8)
        try "delay_s\n1\n\n2\n".write(to: folder.appendingPathComponent("blank.csv"), atomically: true, encoding: .utf8)
        func decode(_ json: String) throws(ScenarioError) -> Distribution {
            try decodeStrictJSON(Distribution.self, Data(json.utf8), file: folder.appendingPathComponent("s.json").path)
        }
        let listed = try decode(#"{"kind": "empirical", "values": [2, 1, 2]}"#)
        #expect(listed == .empirical(Self.table([2, 1, 2], interpolate: false)))
        #expect(try decode(#"{"kind": "empirical", "file": "two.csv", "column": "delay_s", "interpolate": true}"#)
                == .empirical(Self.table([2, 1.5], interpolate: true)))
        #expect(try decode(#"{"kind": "empirical", "file": "bare.csv"}"#) == .empirical(Self.table([0.5, 1], interpolate: false)))
        let bad: [(String, String, String)] = [
            (#"{"kind": "empirical"}"#, "$", "needs \"values\""),
            (#"{"kind": "empirical", "values": []}"#, "$.values", "at least one"),
            (#"{"kind": "empirical", "values": [1], "file": "bare.csv"}"#, "$.file", "not both"),
            (#"{"kind": "empirical", "values": [1], "column": "x"}"#, "$.column", "names a column"),
            (#"{"kind": "empirical", "file": "two.csv"}"#, "$.file", "2 columns"),
            (#"{"kind": "empirical", "file": "two.csv", "column": "z"}"#, "$.file", "no column \"z\""),
            (#"{"kind": "empirical", "file": "two.csv", "column": "a"}"#, "$.file", "row 2, column 1 (a)"),
            (#"{"kind": "empirical", "file": "blank.csv"}"#, "$.file", "row 3, column 1 (delay_s)"),
            (#"{"kind": "empirical", "file": "missing.csv"}"#, "$.file", "cannot read the samples"),
            (#"{"kind": "empirical", "values": [1], "interpolate": 1}"#, "$.interpolate", "expected"),
        ]
        for (json, path, words) in bad {
            do { _ = try decode(json); Issue.record("accepted \(json)") } catch {
                #expect(error.path == path, "\(json): \(error)")
                #expect(error.message.contains(words), "\(json): \(error.message)")
            }
        }
    }

    @Test("a duration: negative samples refused; the JSON a default writes lists the samples")
    func duration() throws {
        do {
            _ = try decodeStrictJSON(DurationDistribution.self, Data(#"{"kind": "empirical", "values": [1, -2], "unit": "s"}"#.utf8), file: "x.json")
            Issue.record("a negative sample accepted")
        } catch { #expect(error.path == "$.values") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("negative-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "x\n3\n-0.5\n".write(to: folder.appendingPathComponent("n.csv"), atomically: true, encoding: .utf8)
        do {
            _ = try decodeStrictJSON(DurationDistribution.self, Data(#"{"kind": "empirical", "file": "n.csv", "unit": "s"}"#.utf8),
                                     file: folder.appendingPathComponent("x.json").path)
            Issue.record("a negative sample in a file accepted")
        } catch { #expect(error.path == "$.file" && error.message.contains("n.csv has the sample -0.5"), "\(error)") }
        let d = DurationDistribution(.empirical(Self.table([2, 1], interpolate: true)), unit: "s")
        #expect(OrderedJSON(d).compact == #"{"kind": "empirical", "values": [2, 1], "interpolate": true, "unit": "s"}"#)
    }
}
