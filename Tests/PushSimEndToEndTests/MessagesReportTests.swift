import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `pushsim run --messages`: a row per message per device that adds up to the run's
/// counts, the same in every format and for any number of jobs, and a run's other
/// reports unchanged by it.
@Suite struct MessagesReportTests {
    /// A table read back: the header's columns by name, and the rows.
    struct Table {
        let index: [String: Int]
        let rows: [[String]]
        init(_ url: URL) throws {
            let all = CSV.parse(try String(contentsOf: url, encoding: .utf8))
            index = Dictionary(uniqueKeysWithValues: all[0].enumerated().map { ($1, $0) })
            rows = Array(all.dropFirst())
        }
        func int(_ row: [String], _ column: String) -> Int { Int(row[index[column]!])! }
        func text(_ row: [String], _ column: String) -> String { row[index[column]!] }
    }

    /// A field of seconds with six decimals as microseconds (nil when empty).
    static func microseconds(_ text: String) -> Int64? {
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: ".")
        return Int64(parts[0])! * 1_000_000 + Int64(parts[1])!
    }

    /// `LABEL=n;…` as counts.
    static func tally(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=")
            counts[String(pair[0]), default: 0] += Int(pair[1])!
        }
        return counts
    }

    /// Where each outcome happens: a scenario that has it (or, for a device offline under a
    /// channel that stores nothing, the study's lossy channel with the device offline).
    static let scenarios: [PushOutcome: String] = [
        .delivered: "Scenarios/cases/C1.json", .pending: "Scenarios/cases/C2.json", .collapsed: "Scenarios/cases/C6.json",
        .droppedTooManyPendingMessages: "Scenarios/platform/F2.json", .droppedAppForceStopped: "Scenarios/platform/A10.json",
        .droppedDeviceInactive: "Scenarios/platform/F10.json", .replacedInStorage: "Scenarios/platform/A1.json",
        .expired: "Scenarios/platform/A3.json", .rejected: "Scenarios/cases/C4.json", .throttled: "Scenarios/platform/I1.json",
        .lost: "Scenarios/platform/S1.json", .droppedDeviceOffline: "offline",
    ]

    /// The study's lossy variant with the device offline for the first 40 s.
    static func offlineScenario(in dir: URL) throws -> String {
        let study = try Data(contentsOf: scenarioURL("Scenarios/push-hint-study.json"))
        var json = try JSONSerialization.jsonObject(with: study) as! [String: Any]
        let variants = json["variants"] as! [[String: Any]]
        json["variants"] = [["name": "lossy-offline", "channel": variants[0]["channel"]!, "device": ["offline": [["from": "0s", "to": "40s"]]]]]
        let url = dir.appendingPathComponent("offline.json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url.path
    }

    /// Runs `scenario` with `--messages` into a new folder of `dir`.
    static func run(_ scenario: String, in dir: URL, _ extra: [String] = []) throws -> URL {
        let out = dir.appendingPathComponent(UUID().uuidString)
        let r = runCLI(["run", scenario, "--replications", "10", "--out", out.path, "--quiet", "--no-plot"] + extra)
        try #require(r.status == 0, "\(scenario): \(r.err)")
        return out
    }

    @Test("per outcome: the rows' outcome tallies add up to runs.csv's column in every run, which is not zero", arguments: PushOutcome.allCases)
    func outcomesAddUp(_ outcome: PushOutcome) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = Self.scenarios[outcome]!
        let scenario = source == "offline" ? try Self.offlineScenario(in: dir) : scenarioURL(source).path
        let out = try Self.run(scenario, in: dir, ["--messages", "csv"])
        let runs = try Table(out.appendingPathComponent("runs.csv")), messages = try Table(out.appendingPathComponent("messages.csv"))
        var perRun: [String: Int] = [:]
        for row in messages.rows {
            let run = ["variant", "strategy", "replication"].map { messages.text(row, $0) }.joined(separator: "/")
            perRun[run, default: 0] += Self.tally(messages.text(row, "outcomes"))[outcome.column] ?? 0
        }
        var total = 0
        for row in runs.rows {
            let run = ["variant", "strategy", "replication"].map { runs.text(row, $0) }.joined(separator: "/")
            #expect(perRun[run, default: 0] == runs.int(row, outcome.column), "\(source) \(run): \(outcome.column)")
            total += runs.int(row, outcome.column)
        }
        #expect(total > 0, "\(source) has no \(outcome.column): the check would be empty")
    }

    @Test("the rows add up to the run's requests, arrivals, displays, handler runs and delay counts (C2, A12, outbox retries)",
          arguments: ["Scenarios/cases/C2.json", "Scenarios/platform/A12.json", "Scenarios/outbox/retry.json", "Scenarios/platform/D1.json"])
    func countsAddUp(_ source: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run(scenarioURL(source).path, in: dir, ["--messages", "csv"])
        let runs = try Table(out.appendingPathComponent("runs.csv")), messages = try Table(out.appendingPathComponent("messages.csv"))
        var sums: [String: [String: Int]] = [:]
        for row in messages.rows {
            let run = ["variant", "strategy", "replication"].map { messages.text(row, $0) }.joined(separator: "/")
            var s = sums[run, default: [:]]
            s["pushes_sent", default: 0] += messages.int(row, "requests")
            if messages.int(row, "device") == 0 {
                s["copies_arrived", default: 0] += messages.int(row, "copies_arrived")
                s["notifications_displayed", default: 0] += messages.int(row, "displays")
                s["handler_runs", default: 0] += messages.int(row, "handler_runs")
            }
            for (reason, n) in Self.tally(messages.text(row, "delays")) { s[reason, default: 0] += n }
            sums[run] = s
            // Each latency is its first time minus the first request's, and empty exactly when that never happened.
            let sent = Self.microseconds(messages.text(row, "sent_s"))!
            for (count, first, latency) in [("copies_arrived", "first_arrival_s", "send_to_arrival_s"), ("displays", "first_display_s", "send_to_display_s"),
                                            ("handler_runs", "first_handler_s", "send_to_handler_s")] {
                let (t, l) = (Self.microseconds(messages.text(row, first)), Self.microseconds(messages.text(row, latency)))
                #expect((t == nil) == (messages.int(row, count) == 0) && (l == nil) == (t == nil), "\(source) \(run): \(first)")
                if let t, let l { #expect(l == t - sent && l >= 0, "\(source) \(run): \(latency) \(l) vs \(t) − \(sent)") }
            }
        }
        let columns = ["pushes_sent", "copies_arrived", "notifications_displayed", "handler_runs"] + DelayReason.allCases.map(\.column)
        var totals: [String: Int] = [:]
        for row in runs.rows {
            let run = ["variant", "strategy", "replication"].map { runs.text(row, $0) }.joined(separator: "/")
            for c in columns {
                #expect(sums[run]?[c] ?? 0 == runs.int(row, c), "\(source) \(run): \(c)")
                totals[c, default: 0] += runs.int(row, c)
            }
        }
        #expect(totals["pushes_sent", default: 0] > 0 && totals["copies_arrived", default: 0] > 0, "\(source): \(totals)")
    }

    @Test("runs.csv's latency quantiles are those of the run's messages.csv rows, and summary.csv's means theirs (C3 alerts drawn, C2, A12, outbox retries, other devices)",
          arguments: ["Scenarios/cases/C3.json", "Scenarios/cases/C2.json", "Scenarios/platform/A12.json", "Scenarios/outbox/retry.json", "Scenarios/outbox/unregistered.json"])
    func latencyQuantiles(_ source: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run(scenarioURL(source).path, in: dir, ["--messages", "csv"])
        let runs = try Table(out.appendingPathComponent("runs.csv")), messages = try Table(out.appendingPathComponent("messages.csv"))
        func run(_ t: Table, _ row: [String]) -> String { ["variant", "strategy", "replication"].map { t.text(row, $0) }.joined(separator: "/") }
        var samples: [String: [String: [Double]]] = [:]
        for row in messages.rows {
            for stem in ["send_to_arrival", "send_to_display"] {
                if let l = Self.microseconds(messages.text(row, stem + "_s")) { samples[run(messages, row), default: [:]][stem, default: []].append(Double(l)) }
            }
        }
        var filled: [String: Int] = [:]
        var perCell: [String: [String: [Double]]] = [:]
        for row in runs.rows {
            for stem in ["send_to_arrival", "send_to_display"] {
                let sorted = (samples[run(runs, row)]?[stem] ?? []).sorted()
                for (figure, p) in zip(["p50", "p95", "p99", "max"], MessageLatencies.probabilities) {
                    let column = "\(stem)_\(figure)_s"
                    let got = Self.microseconds(runs.text(row, column))
                    guard let expected = Statistics.quantile(sorted: sorted, p) else {
                        #expect(got == nil, "\(source) \(run(runs, row)) \(column): no \(stem) but a figure"); continue
                    }
                    filled[stem, default: 0] += 1
                    #expect(got.map { abs(Double($0) - expected) <= 0.5 + 1e-9 * expected } ?? false, "\(source) \(run(runs, row)) \(column): \(String(describing: got)) vs \(expected)")
                    if let got { perCell[runs.text(row, "variant") + "/" + runs.text(row, "strategy"), default: [:]][column, default: []].append(Double(got) / 1e6) }
                }
            }
        }
        #expect(filled["send_to_arrival", default: 0] > 0, "\(source): no latency at all, the check would be empty")
        if source.hasSuffix("C3.json") { #expect(filled["send_to_display", default: 0] > 0, "C3 draws its alert: no display latency") }
        let summary = try Table(out.appendingPathComponent("summary.csv"))
        for row in summary.rows {
            for (column, values) in perCell[summary.text(row, "variant") + "/" + summary.text(row, "strategy")] ?? [:] {
                let mean = Double(summary.text(row, "mean_" + column))!
                #expect(abs(mean - Statistics.mean(values)) < 1e-6, "\(source) mean_\(column)")
            }
        }
    }

    @Test("csv and gzip give the same rows, for one job or two and every --runs form; the other reports are those of a run without --messages")
    func formatsAndJobs() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let plain = try Self.run(study, in: dir, ["--jobs", "1"])
        let csv = try Self.run(study, in: dir, ["--messages", "csv", "--jobs", "2"])
        let gzip = try Self.run(study, in: dir, ["--messages", "gzip", "--jobs", "1"])
        let rows = try Data(contentsOf: csv.appendingPathComponent("messages.csv"))
        #expect(try Gzip.decompress([UInt8](try Data(contentsOf: gzip.appendingPathComponent("messages.csv.gz")))) == [UInt8](rows))
        // The same rows whatever form the runs take (--runs csv, gzip or none).
        for runs in ["gzip", "none"] {
            let other = try Self.run(study, in: dir, ["--messages", "csv", "--runs", runs, "--jobs", "2"])
            #expect(try Data(contentsOf: other.appendingPathComponent("messages.csv")) == rows, "--runs \(runs)")
        }
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("messages.csv").path))
        for file in ["runs.csv", "summary.csv", "paired.csv"] {
            #expect(try Data(contentsOf: plain.appendingPathComponent(file)) == Data(contentsOf: csv.appendingPathComponent(file)), "\(file)")
        }
        let meta = try String(contentsOf: gzip.appendingPathComponent("meta.json"), encoding: .utf8)
        #expect(meta.contains("\"messages_format\" : \"gzip\""))
        // A later run without --messages removes the old rows with the rest of the old set.
        _ = runCLI(["run", study, "--replications", "2", "--out", gzip.path, "--quiet", "--no-plot"])
        #expect(!FileManager.default.fileExists(atPath: gzip.appendingPathComponent("messages.csv.gz").path))
    }

    @Test("messages.csv feeds compare --measured; a fleet is refused (exit 2)")
    func usesAndRefusals() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.run(scenarioURL("Scenarios/push-hint-study.json").path, in: dir, ["--messages", "csv"])
        let measured = dir.appendingPathComponent("m.csv")
        try "latency_s\n0\n1\n2\n3\n4\n".write(to: measured, atomically: true, encoding: .utf8)
        let r = runCLI(["compare", out.appendingPathComponent("messages.csv").path, measured.path, "--measured", "send_to_arrival_s",
                        "--variant", "lossy", "--strategy", "hintPull"])
        #expect(r.status == 0 || r.status == 1, "\(r.err)")
        #expect(r.out.contains("simulated: send_to_arrival_s of lossy / hintPull"), "\(r.out)")
        let fleet = runCLI(["run", scenarioURL("Scenarios/fleet/broadcast.json").path, "--messages", "csv", "--out", dir.appendingPathComponent("f").path])
        #expect(fleet.status == 2 && fleet.err.contains("--messages is for scenarios of one recipient"), "\(fleet.err)")
    }
}
