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
            let scenario = try! Scenario.load(path: scenarioURL("Scenarios/order-status/\(file).json").path).scenario
            for c in summarize(scenario) { out["\(c.variant)/\(c.strategy)"] = c }
        }
        return out
    }()
    static let variants = ["androidDozeNormal", "androidDozeHigh", "iosPriority5"]

    @Test("refetch + poll never shows a stale notification; the notification-message pair does")
    func staleNotifications() throws {
        var pairStale = 0, runs = 0
        for v in Self.variants {
            let poll = try #require(Self.cells["\(v)/refetchNotifyPoll"]).experience
            let refetch = try #require(Self.cells["\(v)/refetchNotify"]).experience
            // Certain by construction: a notification drawn from an answer shows the server's state then.
            #expect(poll.notificationsStale == 0 && refetch.notificationsStale == 0, "\(v)")
            #expect(poll.notificationsShown > 0)
            let pair = try #require(Self.cells["\(v)/applyPayload"]).experience
            let ci = Statistics.wilsonInterval(successes: pair.runsWithStaleNotification, trials: pair.runs, confidence: 0.999)
            #expect(ci.low > 0, "\(v): \(pair.runsWithStaleNotification) of \(pair.runs) runs with a stale notification")
            pairStale += pair.runsWithStaleNotification; runs += pair.runs
        }
        // Over the family the difference from refetch + poll's 0 is far beyond chance.
        #expect(TwoProportionTest.pValue(successes: pairStale, trials: runs, successes: 0, trials: runs) < 0.001)
    }

    @Test("pulling clients never regress; applying reordered payloads does ('delivered' before 'picked up')")
    func regressions() throws {
        for v in Self.variants {
            for s in ["refetchNotify", "refetchNotifyPoll"] {
                #expect(try #require(Self.cells["\(v)/\(s)"]).experience.regressions == 0, "\(v)/\(s)")
            }
        }
        let ios = try #require(Self.cells["iosPriority5/applyPayloadNotify"]).experience
        let ci = Statistics.wilsonInterval(successes: ios.runsWithRegression, trials: ios.runs, confidence: 0.999)
        #expect(ci.low > 0, "\(ios.runsWithRegression) of \(ios.runs)")
    }

    @Test("polling while the order screen is visible costs requests and buys fresher screens")
    func pollingCostAndStaleScreen() throws {
        for v in Self.variants {
            let poll = try #require(Self.cells["\(v)/refetchNotifyPoll"]).experience
            let refetch = try #require(Self.cells["\(v)/refetchNotify"]).experience
            let requests = { (e: ExperienceSummary) in Double(e.serverRequests) / Double(e.runs) }
            #expect(requests(poll) > 3 * requests(refetch) && requests(refetch) > 0, "\(v)")
            // Stale-screen seconds saved per run, paired by replication (common random
            // numbers): the 99.9% t-interval of the mean saving is above 0.
            let saved = try Self.staleScreenSaved(variant: v)
            let ci = try #require(Statistics.meanInterval(saved, confidence: 0.999))
            #expect(ci.low > 0, "\(v): \(ci)")
        }
    }

    /// Per replication of `variant` in data-refetch.json: refetchNotify's stale-screen
    /// seconds minus refetchNotifyPoll's (the summary keeps no per-run values).
    static func staleScreenSaved(variant: String) throws -> [Double] {
        let scenario = try Scenario.load(path: scenarioURL("Scenarios/order-status/data-refetch.json").path).scenario
        let simulation = Simulation(scenario: scenario)
        let v = try #require(scenario.variants.firstIndex { $0.name == variant })
        let refetch = try #require(scenario.strategies.firstIndex { $0.name == "refetchNotify" })
        let poll = try #require(scenario.strategies.firstIndex { $0.name == "refetchNotifyPoll" })
        return (0..<scenario.replications).map { r in
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
            #expect(c.experience.changes == 5 * c.replications)
        }
    }
}
