/// "Did you mean …?" for a name that is not one of the valid ones (a kind, a key, an enum
/// value, a step of an axis path): the valid name nearest by edit distance, when it is near.
public enum Suggestion {
    /// The name of `candidates` nearest to `word`, or nil when none is near.
    ///
    /// Near means an optimal-string-alignment distance (Damerau–Levenshtein with adjacent
    /// transpositions, each edit costing 1; letters compared without case, so `"HintPull"`
    /// is 0 from `"hintPull"`) of at most `max(1, word.count / 3)`: one edit for a word of up
    /// to 5 characters, two up to 8, and so on. A tie goes to the candidate listed first.
    /// `word` itself is never suggested.
    /// - Complexity: O(candidates × word.count × candidate length).
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for c in candidates where c != word {
            let d = distance(w, Array(c.lowercased()), limit: limit)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (c, d) }
        }
        return best?.name
    }

    /// What goes between an unknown name and the list of valid ones: `; did you mean "X"? `
    /// for the nearest of `candidates`, or `; ` when none is near (`unknown key "los"` +
    /// this + `expected one of: …`).
    public static func separator(for word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean \"\($0)\"? " } ?? "; "
    }

    /// The optimal-string-alignment distance of `a` and `b`; any value above `limit` is
    /// reported as `limit + 1`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)   // row i − 2
        var previous = Array(0...b.count)                       // row i − 1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
                rowMinimum = min(rowMinimum, d)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}
