import Foundation
import Testing
@testable import PushSim

/// The bookkeeping that keeps the target's family-wise error rate at `Family.rate`.
@Suite struct StatisticalFamilyTests {
    @Test("Family.tests is the number of tests that build a Family, counted in this target's sources")
    func familyCountMatchesTheSources() throws {
        let folder = scenarioURL("Tests/PushSimEndToEndTests")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("StatisticalFamily.swift") && !$0.hasSuffix("StatisticalFamilyTests.swift") }
        var count = 0
        for f in files {
            let text = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8)
            count += text.components(separatedBy: "Family(checks:").count - 1
        }
        #expect(count == Family.tests, "\(count) tests build a Family; Family.tests says \(Family.tests)")
    }

    @Test("each check runs at rate / (tests × cases × checks), and done counts them")
    func alphaSplitsTheRate() {
        let f = Family(checks: 4, cases: 2)
        #expect(abs(f.alpha - Family.rate / Double(Family.tests * 8)) < 1e-18)
        #expect(!f.done)
        for _ in 0..<4 { _ = f.check() }
        #expect(f.done)
        _ = f.check()
        #expect(!f.done, "one check more than declared is caught")
    }
}
