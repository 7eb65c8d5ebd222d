import Foundation
import Testing
@testable import PushSim

/// The bookkeeping that keeps this target's family-wise error rate at
/// `StatisticalChecks.familyRate`: every check outside the distribution tests goes through
/// a `Budget` named in `otherCheckSites`, so `otherChecks` is their sum, not a hand count.
@Suite struct StatisticalBudgetTests {
    /// The unit-test sources, by file name (this file and `StatisticalChecks.swift` aside).
    static func sources() throws -> [String: String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("StatisticalChecks.swift") && !$0.hasSuffix("StatisticalBudgetTests.swift") }
        var texts: [String: String] = [:]
        for f in files { texts[f] = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8) }
        return texts
    }

    @Test("every Budget site in the sources has a row in otherCheckSites and every row a site; no test takes α itself")
    func sitesMatchTheTable() throws {
        var named: [String] = []
        for (file, text) in try Self.sources() {
            #expect(!text.contains("StatisticalChecks.alpha") && !text.contains("StatisticalChecks.z"),
                    "\(file) takes α outside a Budget")
            for part in text.components(separatedBy: "StatisticalChecks.Budget(\"").dropFirst() {
                named.append(String(part.prefix { $0 != "\"" }))
            }
        }
        #expect(named.sorted() == StatisticalChecks.otherCheckSites.keys.sorted(), "sites \(named.sorted())")
        #expect(StatisticalChecks.otherChecks == 46, "the sum of the table (7 single checks, 3 × 2, 15, 9, 9)")
    }

    @Test("a Budget counts its checks and is done only at the declared number")
    func budgetCounts() {
        let b = StatisticalChecks.Budget("lossAndDuplication")
        #expect(!b.done)
        _ = b.alpha(); _ = b.z()
        #expect(b.done)
        _ = b.alpha()
        #expect(!b.done, "one check more than declared is caught")
    }
}
