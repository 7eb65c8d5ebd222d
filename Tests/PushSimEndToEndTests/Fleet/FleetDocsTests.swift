import Foundation
import Testing
@testable import PushSim

/// docs/csv.md documents every column the fleet files have, and the shipped fleet
/// scenarios are the ones docs/model.md describes.
@Suite struct FleetDocsTests {
    @Test func csvDocumentsEveryFleetColumn() throws {
        let doc = try String(contentsOf: scenarioURL("docs/csv.md"), encoding: .utf8)
        for name in FleetColumns.measures.map(\.name) + FleetTables.timelineNames + FleetTables.summaryNames {
            #expect(doc.contains("`\(name)`"), "docs/csv.md does not document \(name)")
        }
    }

    @Test func modelDescribesEveryFleetScenario() throws {
        let doc = try String(contentsOf: scenarioURL("docs/model.md"), encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: scenarioURL("Scenarios/fleet").path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 4)
        for f in files { #expect(doc.contains("Scenarios/fleet/\(f)"), "docs/model.md does not describe \(f)") }
    }
}
