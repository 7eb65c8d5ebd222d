import CGSL
import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The scenarios of `Scenarios/measured/`: each reproduces a published measurement of real
/// push delivery under its stated conditions, with its parameters fitted from another part
/// of the data (or none), and is checked here against a quantity the fit does not set,
/// within the measurement's own uncertainty (docs/model.md, "Checked against measurements").
/// The scenarios have fixed seeds; the simulated side's intervals are at 99.9% (Wilson for
/// shares, Student-t for means), so that a check fails only for a real disagreement.
@Suite struct MeasuredScenarioTests {
    static let confidence = 0.999

    /// One column of a report, by name: the runs' or rows' values in file order, `nil`
    /// for an empty field. A byte scan (the files hold up to 576,000 rows; the fields read
    /// here hold no quote or comma).
    static func column(_ url: URL, _ name: String, where filter: (String, String)? = nil) throws -> [Double?] {
        let data = try Data(contentsOf: url)
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        let header = String(decoding: lines.removeFirst(), as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let i = try #require(header.firstIndex(of: name), "\(url.lastPathComponent) has no column \(name)")
        let f = try filter.map { try #require(header.firstIndex(of: $0.0)) }
        return lines.compactMap { line -> Double?? in
            let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            if let f, let filter, String(decoding: fields[f], as: UTF8.self) != filter.1 { return nil }
            return .some(fields[i].isEmpty ? nil : Double(String(decoding: fields[i], as: UTF8.self))!)
        }
    }

    /// Runs a measured scenario with `--messages csv` into a new folder of `dir`.
    static func run(_ name: String, in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent(name)
        let r = runCLI(["run", scenarioURL("Scenarios/measured/\(name).json").path, "--out", out.path, "--quiet", "--no-plot",
                        "--messages", "csv"])
        try #require(r.status == 0, "\(name): \(r.err)")
        return out
    }

    /// The Student-t interval of a mean at `confidence`.
    static func meanInterval(_ x: [Double]) -> (low: Double, high: Double) {
        let mean = Statistics.mean(x)
        let sd = x.withUnsafeBufferPointer { gsl_stats_sd($0.baseAddress, 1, $0.count) }
        let t = gsl_cdf_tdist_Pinv(1 - (1 - confidence) / 2, Double(x.count - 1))
        let half = t * sd / Double(x.count).squareRoot()
        return (mean - half, mean + half)
    }

    @Test("Rothman et al. 2013, WLAN: the mean latency is below 1 s and no more latencies exceed 100 s than 0 of 173,000 allows")
    func rothmanWLAN() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run("rothman-2013-wlan", in: dir)
        let latencies = try Self.column(out.appendingPathComponent("messages.csv"), "send_to_arrival_s").compactMap { $0 }
        #expect(latencies.count == 120 * 1_440, "every alert reaches the always-online iPad")
        // Measured: mean < 1 s. Not independent of the fit: the mean was set to 0.8 s from
        // another source (forum thread 825224); this checks that the two sources agree.
        #expect(Self.meanInterval(latencies).high < 1, "mean \(Statistics.mean(latencies)) s")
        // Measured: 0 of > 173,000 above 100 s: one-sided 95% bound 3 / 173,000. The fitted
        // body's tail must not be able to exceed it (a weak check: a lognormal this narrow
        // cannot reach 100 s; it would fail for a heavy-tailed body or a dropping link).
        let above = latencies.count { $0 > 100 }
        let share = Statistics.wilsonInterval(successes: above, trials: latencies.count, confidence: Self.confidence)
        #expect(share.low <= 3.0 / 173_000, "\(above) of \(latencies.count) above 100 s")
    }

    @Test("Rothman et al. 2013, cellular: with the drop rate fitted to 0.03% above 100 s, the days with one are within the 42% bound; the documented one-slot rule alone gives none")
    func rothmanCellular() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run("rothman-2013-cellular", in: dir)
        let messages = out.appendingPathComponent("messages.csv"), runs = out.appendingPathComponent("runs.csv")
        let held = try Self.column(messages, "send_to_arrival_s", where: ("variant", "deadConnection")).compactMap { $0 }
        let above = held.count { $0 > 100 }
        // What was fitted (not a check): the share above 100 s is the measured 0.03%, within
        // two of its ±0.01% (0.01% … 0.05%).
        let share = Statistics.wilsonInterval(successes: above, trials: held.count, confidence: Self.confidence)
        #expect(share.low <= 0.0005 && share.high >= 0.0001, "fit: \(above) of \(held.count) above 100 s")
        // Checked: the share of days (runs) with at least one latency above 100 s, whose
        // measured 95% upper confidence limit is 42%; and the mean below 4 s.
        let days = try Self.column(runs, "send_to_arrival_max_s", where: ("variant", "deadConnection")).map { $0 ?? 0 }
        let prolonged = days.count { $0 > 100 }
        let dayShare = Statistics.wilsonInterval(successes: prolonged, trials: days.count, confidence: Self.confidence)
        #expect(prolonged > 0 && dayShare.low <= 0.42, "\(prolonged) of \(days.count) days with a latency above 100 s")
        #expect(Self.meanInterval(held).high < 4, "mean \(Statistics.mean(held)) s")
        // The documented reading (no dead-connection window): no day has a latency above 100 s,
        // which the measurement rejects: at its lower bound 0.01%, 0 of that many messages
        // has a chance below 0.1%.
        let documented = try Self.column(runs, "send_to_arrival_max_s", where: ("variant", "documented")).map { $0 ?? 0 }
        #expect(documented.count == 400 && documented.allSatisfy { $0 <= 100 })
        let documentedMessages = try Self.column(messages, "send_to_arrival_s", where: ("variant", "documented")).count { $0 != nil }
        #expect(gsl_cdf_binomial_P(0, 0.0001, UInt32(documentedMessages)) < 0.001)
    }

    @Test("Doze (SO 48961792, tessera 318): quiet gaps of about 1, 2, 4 and 6 h, a first window within 30 min, 139 s inside light Doze's delays, high priority not deferred")
    func dozeSchedule() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run("doze-schedule", in: dir)
        let messages = out.appendingPathComponent("messages.csv")
        let sent = try Self.column(messages, "sent_s", where: ("variant", "normal")).map { $0! }
        let delay = try Self.column(messages, "send_to_arrival_s", where: ("variant", "normal"))
        let arrivals = zip(sent, delay).compactMap { s, d in d.map { s + $0 } }.sorted()
        // Quiet gaps between bursts longer than 30 min, in whole minutes (the run draws nothing:
        // AOSP's idle periods of 1, 2, 4, 6 h, the first counted from the last light window).
        let gaps = zip(arrivals, arrivals.dropFirst()).map { Int(($1 - $0) / 60) }.filter { $0 > 30 }
        #expect(Array(gaps.prefix(4)) == [72, 121, 241, 361], "\(gaps)")
        // Against "about an hour", "ca 2, 4 and 6 h", read as ±20%: the first, 72 min, is at the edge.
        for (gap, observed) in zip(gaps, [60, 120, 240, 360]) {
            #expect(abs(gap - observed) * 5 <= observed, "quiet gap \(gap) min against \(observed) min")
        }
        // "The first maintenance window happens within 30 minutes": the first deferred message arrives by then.
        let firstDeferred = try #require(zip(sent, delay).first { ($0.1 ?? 0) > 0 })
        #expect(firstDeferred.0 + firstDeferred.1! <= 30 * 60)
        // tessera 318: 139 s for a normal push in light Doze, inside the 95% range of the
        // messages sent in light idle (4 to 52 min after screen-off).
        let light = zip(sent, delay).filter { $0.0 >= 240 && $0.0 < 52 * 60 }.map { $0.1! }.sorted()
        let range = (Statistics.quantile(sorted: light, 0.025)!, Statistics.quantile(sorted: light, 0.975)!)
        #expect(light.count == 48 && range.0 <= 139 && 139 <= range.1, "\(range)")
        // ... and 1.3 s for a high-priority one: not deferred (the model has no transport delay here).
        let high = try Self.column(messages, "send_to_arrival_s", where: ("variant", "high"))
        #expect(high.count == 233 && high.allSatisfy { $0 != nil && $0! <= 5 })
    }
}
