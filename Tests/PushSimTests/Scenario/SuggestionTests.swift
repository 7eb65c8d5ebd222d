import Testing
@testable import PushSim

/// `Suggestion`: the optimal-string-alignment distance against a plain recursive
/// definition, the threshold, and what is (not) suggested.
@Suite struct SuggestionTests {
    /// The distance by its definition (memoised recursion), without the early exit.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var memo: [[Int?]] = Array(repeating: Array(repeating: nil, count: b.count + 1), count: a.count + 1)
        func d(_ i: Int, _ j: Int) -> Int {
            if let v = memo[i][j] { return v }
            var v: Int
            if i == 0 { v = j } else if j == 0 { v = i } else {
                v = min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, d(i - 2, j - 2) + 1) }
            }
            memo[i][j] = v
            return v
        }
        return d(a.count, b.count)
    }

    @Test("5,000 random pairs over a 3-letter alphabet: the distance, capped at the limit, is the reference's")
    func distanceMatchesTheDefinition() {
        var g = SplitMix64(state: 35)
        for _ in 0..<5_000 {
            let a = (0..<Int(g.below(9))).map { _ in Character(["a", "b", "c"][Int(g.below(3))]) }
            let b = (0..<Int(g.below(9))).map { _ in Character(["a", "b", "c"][Int(g.below(3))]) }
            let limit = Int(g.below(5))
            #expect(Suggestion.distance(a, b, limit: limit) == min(Self.reference(a, b), limit + 1), "\(String(a)) \(String(b)) \(limit)")
        }
    }

    @Test func nearestNamesATypoAndNothingFar() {
        let kinds = ["applyPayload", "hintPull", "hintPullExtension", "polling", "recommended"]
        #expect(Suggestion.nearest(to: "hintPul", among: kinds) == "hintPull")          // a letter missing
        #expect(Suggestion.nearest(to: "hnitPull", among: kinds) == "hintPull")         // two letters swapped: one edit
        #expect(Suggestion.nearest(to: "HintPull", among: kinds) == "hintPull")         // case only
        #expect(Suggestion.nearest(to: "poling", among: kinds) == "polling")
        #expect(Suggestion.nearest(to: "hintPull", among: kinds) == nil)                // the word itself is never suggested
        #expect(Suggestion.nearest(to: "push", among: kinds) == nil)
        #expect(Suggestion.nearest(to: "x", among: ["y", "xy"]) == "y")                 // a tie: the first listed
        // The threshold: max(1, length / 3) edits.
        #expect(Suggestion.nearest(to: "los", among: ["loss"]) == "loss")
        #expect(Suggestion.nearest(to: "lo", among: ["loss"]) == nil)                   // 2 edits for 2 letters
        #expect(Suggestion.nearest(to: "retainLst", among: ["retainLast"]) == "retainLast")
        #expect(Suggestion.nearest(to: "retnLst", among: ["retainLast"]) == nil)        // 3 edits; 7 letters allow 2
        #expect(Suggestion.separator(for: "hintPul", among: kinds) == "; did you mean \"hintPull\"? ")
        #expect(Suggestion.separator(for: "push", among: kinds) == "; ")
    }
}
