import Arith
import Testing

@Suite struct ClampTests {
    @Test("a value below the range becomes its lower bound")
    func below() { #expect(clamp(-3, 0, 10) == 0) }

    @Test("a value above the range becomes its upper bound")
    func above() { #expect(clamp(12, 0, 10) == 10) }

    @Test("a one-value range holds only that value")
    func single() { #expect(clamp(7, 4, 4) == 4) }
}
