import Testing
@testable import PushSim

@Suite("CountsStore: a run's counts in 32-bit slots")
struct CountsStoreTests {
    @Test("Counts read back exactly, and a count past 32 bits widens every slot without changing any")
    func exactWhateverTheValue() {
        var store = CountsStore()
        var expected = Counts()
        for (i, c) in Count.allCases.enumerated() { store[c] = i * 1_000; expected[c] = i * 1_000 }
        store[.events] += 1; expected[.events] += 1
        store[.bytesArrived] = Int(UInt32.max); expected[.bytesArrived] = Int(UInt32.max)
        #expect(!store.isWide && store.counts == expected)
        store[.bytesArrived] += 1; expected[.bytesArrived] += 1       // 2^32: no longer fits
        #expect(store.isWide && store.counts == expected && store[.bytesArrived] == 1 << 32)
        store[.bytesPulled] = .max; expected[.bytesPulled] = .max
        store[.taps] = -3; expected[.taps] = -3
        #expect(store.counts == expected && store[.bytesPulled] == .max && store[.taps] == -3)
        for c in Count.allCases { #expect(store[c] == expected[c]) }
    }

    @Test("A negative count widens too")
    func negative() {
        var store = CountsStore()
        store[.pulls] = -1
        #expect(store.isWide && store[.pulls] == -1 && store.counts[.pulls] == -1 && store[.taps] == 0)
    }

    @Test("It is half the size of Counts")
    func size() {
        #expect(MemoryLayout<CountsStore>.size <= MemoryLayout<Counts>.size / 2 + 8)
    }
}
