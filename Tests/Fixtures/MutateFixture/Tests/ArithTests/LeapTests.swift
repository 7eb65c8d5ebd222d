import Arith
import Testing

@Suite struct LeapTests {
    @Test("1900 is not a leap year, 2000 and 2024 are, 2023 is not")
    func gregorian() {
        #expect(!isLeap(1900))
        #expect(isLeap(2000))
        #expect(isLeap(2024))
        #expect(!isLeap(2023))
    }
}
