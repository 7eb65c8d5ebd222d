import Foundation
import Testing
@testable import PushSim

/// CITATION.cff names the version that meta.json records.
@Suite struct CitationFileTests {
    @Test func citationVersionIsPushSimsVersion() throws {
        let text = try String(contentsOf: scenarioURL("CITATION.cff"), encoding: .utf8)
        #expect(text.contains("\nversion: \"\(StudyReport.version)\"\n"), "CITATION.cff's version differs from StudyReport.version \(StudyReport.version)")
        #expect(text.contains("\nlicense: MIT\n") && FileManager.default.fileExists(atPath: scenarioURL("LICENSE").path))
    }
}
