import Foundation
import Testing
@testable import PushSim

/// The order-status family (`Scenarios/order-status/`): the sender/client pairs rank as
/// the model says they must.
@Suite struct OrderStatusTests {
    /// Every cell of the three files, keyed "variant/strategy".
    static let cells: [String: CellSummary] = {
        var out: [String: CellSummary] = [:]
        for file in ["notification-message", "data-status", "data-refetch"] {
            let scenario = Family.reseeded(try! Scenario.load(path: scenarioURL("Scenarios/order-status/\(file).json").path).scenario)
            for c in summarize(scenario) { out["\(c.variant)/\(c.strategy)"] = c }
        }
        return out
    }()
    static let variants = ["androidDozeNormal", "androidDozeHigh", "iosPriority5"]

    @Test("refetch + poll never shows a stale notification; the notification-message pair does")
    func staleNotifications() throws {
        let family = Family(checks: 4)
        defer { #expect(family.done) }
        var pairStale = 0, runs = 0
        for v in Self.variants {
            let poll = try #require(Self.cells["\(v)/refetchNotifyPoll"])
            let refetch = try #require(Self.cells["\(v)/refetchNotify"])
            // Certain by construction: a notification drawn from an answer shows the server's state then.
            #expect(poll.total("notifications_stale") == 0 && refetch.total("notifications_stale") == 0, "\(v)")
            #expect(poll.total("notifications_shown") > 0)
            let pair = try #require(Self.cells["\(v)/applyPayload"])
            let stale = pair.runs(with: "notifications_stale")
            let ci = family.wilson(successes: stale, trials: pair.replications)
            #expect(ci.low > 0, "\(v): \(stale) of \(pair.replications) runs with a stale notification")
            pairStale += stale; runs += pair.replications
        }
        // Over the family the difference from refetch + poll's 0 is far beyond chance.
        #expect(TwoProportionTest.pValue(successes: pairStale, trials: runs, successes: 0, trials: runs) < family.check())
    }

    @Test("pulling clients never regress; applying reordered payloads does ('delivered' before 'picked up')")
    func regressions() throws {
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        for v in Self.variants {
            for s in ["refetchNotify", "refetchNotifyPoll"] {
                #expect(try #require(Self.cells["\(v)/\(s)"]).total("regressions") == 0, "\(v)/\(s)")
            }
        }
        let ios = try #require(Self.cells["iosPriority5/applyPayloadNotify"])
        let regressed = ios.runs(with: "regressions")
        let ci = family.wilson(successes: regressed, trials: ios.replications)
        #expect(ci.low > 0, "\(regressed) of \(ios.replications)")
    }

    @Test("polling while the order screen is visible costs requests and buys fresher screens")
    func pollingCostAndStaleScreen() throws {
        let family = Family(checks: 3)
        defer { #expect(family.done) }
        for v in Self.variants {
            let poll = try #require(Self.cells["\(v)/refetchNotifyPoll"])
            let refetch = try #require(Self.cells["\(v)/refetchNotify"])
            let requests = { (c: CellSummary) in c.mean("server_requests") }
            #expect(requests(poll) > 3 * requests(refetch) && requests(refetch) > 0, "\(v)")
            // Stale-screen seconds saved per run, paired by replication (common random
            // numbers): the t-interval of the mean saving is above 0. Polling costs time in
            // many runs and saves more in others, so the mean is what it buys; 4,000 runs
            // (not the file's 500) resolve it at the family's α for every variant
            // (`make test-reseed` found the 500-run interval reaching below 0 for
            // androidDozeNormal under some seeds).
            let saved = try Self.staleScreenSaved(variant: v, replications: 4000)
            let ci = family.meanInterval(saved)
            #expect(ci.low > 0, "\(v): \(ci)")
        }
    }

    /// Per replication of `variant` in data-refetch.json: refetchNotify's stale-screen
    /// seconds minus refetchNotifyPoll's (the summary keeps no per-run values).
    static func staleScreenSaved(variant: String, replications: Int) throws -> [Double] {
        let scenario = Family.reseeded(try Scenario.load(path: scenarioURL("Scenarios/order-status/data-refetch.json").path).scenario)
        let simulation = Simulation(scenario: scenario)
        let v = try #require(scenario.variants.firstIndex { $0.name == variant })
        let refetch = try #require(scenario.strategies.firstIndex { $0.name == "refetchNotify" })
        let poll = try #require(scenario.strategies.firstIndex { $0.name == "refetchNotifyPoll" })
        return (0..<replications).map { r in
            let a = simulation.run(.init(variant: v, strategy: refetch, replication: r)).experience.staleScreen.seconds
            let b = simulation.run(.init(variant: v, strategy: poll, replication: r)).experience.staleScreen.seconds
            return a - b
        }
    }

    @Test("one order per run through five stages; requests per order are the server requests per run")
    func shape() throws {
        let scenario = try Scenario.load(path: scenarioURL("Scenarios/order-status/data-refetch.json").path).scenario
        let stages = try #require(scenario.server.changes.first?.stages).map(\.name)
        #expect(stages == ["accepted", "preparing", "picked_up", "out_for_delivery", "delivered"])
        for c in Self.cells.values {
            // The last stage comes at most 52 min plus an exponential (mean 45 s) after the
            // start: past the 90-minute horizon with probability about e^-50.
            #expect(c.total("changes") == 5 * c.replications)
        }
    }
}
