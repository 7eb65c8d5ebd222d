/// The Pareto-optimal points of a set where lower is better on both coordinates (cost on
/// x, staleness on y): a point is optimal when no other point is at least as good on both
/// and strictly better on one. Equal points are both optimal (neither dominates the other).
public enum ParetoFront {
    /// The indices of the optimal points of `points`, ordered by x ascending (then y
    /// ascending, then index). Points with a NaN coordinate are never optimal and dominate
    /// nothing.
    /// - Complexity: O(n log n).
    public static func indices(_ points: [(x: Double, y: Double)]) -> [Int] {
        let order = points.indices.filter { !points[$0].x.isNaN && !points[$0].y.isNaN }.sorted {
            (points[$0].x, points[$0].y, $0) < (points[$1].x, points[$1].y, $1)
        }
        // Walking by x ascending, a point is optimal iff its y is below every y seen at a
        // smaller x, and no point at the same x has a smaller y (the first of its x group
        // has the group's least y); equal points share the verdict.
        var best = Double.infinity, front: [Int] = []
        var k = 0
        while k < order.count {
            let x = points[order[k]].x
            var end = k
            while end < order.count && points[order[end]].x == x { end += 1 }
            let least = points[order[k]].y
            if least < best {
                for i in order[k..<end] where points[i].y == least { front.append(i) }
                best = least
            }
            k = end
        }
        return front
    }
}
