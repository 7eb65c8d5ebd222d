import Foundation
import Testing
@testable import PushSim

/// Every committed scenario file still decodes, so scenario files never rot when the model
/// or the schema changes.
@Suite("Scenario files decode")
struct PlatformScenarioFilesTests {
    static func files(_ folder: String) -> [String] {
        let url = scenarioURL(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }

    static let all = files("Scenarios/platform") + files("Scenarios/cases") + files("Scenarios/outbox") + files("Scenarios")

    @Test("every scenario file decodes", arguments: all)
    func decodes(path: String) throws {
        let (scenario, _) = try Scenario.load(path: scenarioURL(path).path)
        #expect(!scenario.variants.isEmpty && !scenario.strategies.isEmpty)
    }

    /// One file per rule with an observable effect, named by the rule id, saying which rule
    /// it shows and what to expect.
    @Test("one platform scenario per observable rule, named by its id")
    func platformRuleFiles() throws {
        let ids = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12",
                   "I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8",
                   "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F12", "F14", "F15", "F16",
                   "D1", "D2", "D3", "D4", "D5", "D6", "D7", "S1"]
        #expect(Self.files("Scenarios/platform") == ids.sorted().map { "Scenarios/platform/\($0).json" })
        for id in ids {
            let s = try platformScenario(id)
            #expect(s.name == id)
            #expect(s.description.hasPrefix("Rule \(id) "), "\(id): the description names its rule first")
            #expect(s.description.contains("Expected"), "\(id): the description states the expected outcome")
        }
    }

    @Test("the decode check finds the files")
    func found() { #expect(Self.all.count >= 44) }
}
