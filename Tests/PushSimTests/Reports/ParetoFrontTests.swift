import Testing
@testable import PushSim

/// The Pareto front of the cost figures (lower cost and lower staleness are better): a
/// hand-made set with ties, duplicates and a NaN, then random sets against the definition.
@Suite struct ParetoFrontTests {
    @Test("a hand-made set: the optimal points in x order, duplicates both kept, ties on one coordinate dominated, NaN left out")
    func handMade() {
        let points: [(x: Double, y: Double)] = [
            (1, 10),      // 0: optimal
            (2, 5),       // 1: optimal
            (3, 5),       // 2: dominated by 1 (same staleness, more cost)
            (2, 7),       // 3: dominated by 1 (same cost, more staleness)
            (4, 1),       // 4: optimal
            (4, 1),       // 5: equal to 4: neither dominates, both optimal
            (5, 0.5),     // 6: optimal
            (0.5, 20),    // 7: optimal (the cheapest)
            (.nan, 0),    // 8: no value: never optimal, dominates nothing
            (6, 0.5),     // 9: dominated by 6
            (1, 10),      // 10: equal to 0
            (9, 9),       // 11: dominated by 1, 4, 6
        ]
        #expect(ParetoFront.indices(points) == [7, 0, 10, 1, 4, 5, 6])
        #expect(ParetoFront.indices([]) == [])
        #expect(ParetoFront.indices([(x: 3, y: 3)]) == [0])
        #expect(ParetoFront.indices([(x: .nan, y: 1), (x: 2, y: .nan)]) == [])
    }

    @Test("random sets with many ties: the front is exactly the points no other point dominates (2,000 sets)")
    func againstDefinition() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: UInt64) -> UInt64 {   // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (z ^ (z >> 31)) % n
        }
        for _ in 0..<2_000 {
            let points = (0..<Int(next(12))).map { _ in (x: Double(next(6)), y: Double(next(6))) }
            let dominated = { (i: Int) in
                points.indices.contains { j in
                    points[j].x <= points[i].x && points[j].y <= points[i].y && (points[j].x < points[i].x || points[j].y < points[i].y)
                }
            }
            let expected = points.indices.filter { !dominated($0) }
                .sorted { (points[$0].x, points[$0].y, $0) < (points[$1].x, points[$1].y, $1) }
            #expect(ParetoFront.indices(points) == expected, "\(points)")
        }
    }
}
