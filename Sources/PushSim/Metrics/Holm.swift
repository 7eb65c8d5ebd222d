/// Holm's step-down adjustment of a family of p-values (Holm 1979, "A simple sequentially
/// rejective multiple test procedure", Scandinavian Journal of Statistics 6): with the
/// p-values sorted p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted p̃₍ᵢ₎ = max over j ≤ i of
/// min(1, (m − j + 1)·p₍ⱼ₎). Rejecting every hypothesis whose p̃ < α holds the family-wise
/// error (the chance of any false rejection) at α whatever the dependence between the
/// tests, and rejects everything Bonferroni (p < α/m) rejects, and more.
public enum Holm {
    /// The adjusted p-values of `p`, in the order given; ties keep their order.
    /// Example: [0.01, 0.04, 0.03, 0.005] gives [0.03, 0.06, 0.06, 0.02].
    /// - Precondition: every p in [0, 1].
    /// - Complexity: O(m log m).
    public static func adjusted(_ p: [Double]) -> [Double] {
        precondition(p.allSatisfy { $0 >= 0 && $0 <= 1 }, "Holm.adjusted needs p-values in [0, 1]")
        let order = p.indices.sorted { p[$0] != p[$1] ? p[$0] < p[$1] : $0 < $1 }
        var out = [Double](repeating: 1, count: p.count), running = 0.0
        for (rank, i) in order.enumerated() {
            running = max(running, min(1, Double(p.count - rank) * p[i]))
            out[i] = running
        }
        return out
    }
}
