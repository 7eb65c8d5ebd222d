import Testing
@testable import SimKernel
@testable import PushSim

@Suite("Shared parameters: CopyOnWrite and OutOfLine")
struct SharedParametersTests {
    @Test("A write to a shared value changes that copy only")
    func copyOnWrite() {
        let a = CopyOnWrite([1, 2, 3])
        var b = a
        #expect(a == b)
        b.value.append(4)
        #expect(a.value == [1, 2, 3] && b.value == [1, 2, 3, 4] && a != b)
        var c = b
        c.value[0] = 9
        #expect(b.value == [1, 2, 3, 4] && c.value == [9, 2, 3, 4])
    }

    @Test("An out-of-line optional keeps its value in each copy")
    func outOfLine() {
        var a = OutOfLine<Push>()
        #expect(a.value == nil)
        let push = Push(id: 7, cursor: 3, change: Change(sequence: 3, key: 1, value: 5), sentAt: .zero + .seconds(2))
        a.value = push
        var b = a
        b.value = nil
        #expect(a.value == push && b.value == nil)
        b.value = Push(id: 8, cursor: 4, change: Change(sequence: 4, key: 0, value: 6), sentAt: .zero)
        #expect(a.value == push && b.value?.id == 8)
        #expect(MemoryLayout<OutOfLine<Push>>.size == MemoryLayout<Int>.size)
    }

    @Test("APNs parameters set on one copy of a channel leave the others as they were")
    func apnsCopies() {
        let prototype = APNsChannel()
        var copy = prototype
        copy.storageCap = .days(2)
        copy.retention = .random
        #expect(prototype.storageCap == .days(30) && prototype.retention == .latest)
        #expect(copy.storageCap == .days(2) && copy.retention == .random)
    }
}
