import Testing
@testable import PushSim

@Suite struct FixedCountsTests {
    @Test("sum(where:) adds exactly the counts at the indices it accepts, the first and the last included")
    func filteredSum() {
        let values = [5, 0, 7, 1, 11, 3, 2, 13]
        let counts = FixedCounts(values)
        #expect(counts.sum { _ in true } == 42)
        #expect(counts.sum { $0 == 0 } == 5 && counts.sum { $0 == values.count - 1 } == 13)
        #expect(counts.sum { $0 % 2 == 0 } == 5 + 7 + 11 + 2)
        #expect(counts.sum { _ in false } == 0)
    }
}
