import Testing
@testable import PushSim

/// `recycled(_:)`: a component's `reset` takes its arrays' storage this way; what it hands
/// back must be empty (else the next run starts with the previous one's elements).
@Suite("Recycle")
struct RecycleTests {
    @Test("an array's storage comes back empty with its capacity; the array is left empty")
    func array() {
        var a = Array(1...100)
        let capacity = a.capacity
        let storage = recycled(&a)
        #expect(storage.isEmpty && storage.capacity >= capacity)
        #expect(a.isEmpty)
    }

    @Test("a dictionary's and a set's storage come back empty; the originals are left empty")
    func dictionaryAndSet() {
        var d = [1: "a", 2: "b"]
        var s: Set = [1, 2, 3]
        let ds = recycled(&d), ss = recycled(&s)
        #expect(ds.isEmpty && d.isEmpty)
        #expect(ss.isEmpty && s.isEmpty)
    }
}
