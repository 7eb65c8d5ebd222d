import Testing
@testable import PushSim

/// A recipient's records stay packed (docs/performance.md, step 6): a fleet holds one of
/// each per recipient, and a field declared out of size order pads every one of them. A
/// change that adds a field updates the figure here, on purpose.
@Suite("Record layout")
struct RecordLayoutTests {
    @Test("the recipient's records take the bytes docs/performance.md gives for step 6")
    func packed() {
        #expect(MemoryLayout<DozeState>.stride == 64)
        #expect(MemoryLayout<Device>.stride == 248)
        #expect(MemoryLayout<RunObserver>.stride == 480)
        #expect(MemoryLayout<AppContext>.stride == 88)
        #expect(MemoryLayout<AppProcess>.stride == 96)
        #expect(MemoryLayout<World>.stride == 1480)
    }
}
