import Testing
@testable import SimKernel

@Suite("EventQueue: part addresses from a value's bytes")
struct EventQueuePartAddressesTests {
    /// A queue with a heap, a packed staged list and cancelled entries, popped one event at a
    /// time: the addresses `partAddresses` finds in a copy of its bytes are those of its
    /// parts (the arrays' storage objects, the staged list's next entry, the packed codes'
    /// read position), read from the live queue.
    @Test("The addresses found in a copy of a queue's bytes are its parts'")
    func addressesAreTheParts() {
        var q = EventQueue<Int64>(reservingCapacity: 8)
        q.beginStaging()
        for i in 0..<40 { _ = q.schedule(at: .zero + .seconds(Int64(i)), tier: 0, Int64(i)) }
        q.endStaging()
        for i in 0..<10 { _ = q.schedule(at: .zero + .milliseconds(Int64(2_500 * i + 700)), -Int64(i)) }
        _ = q.cancel(q.schedule(at: .zero + .seconds(3), 99))
        q.packStaged()
        let offsets = EventQueue<Int64>.partOffsets
        let header = 4 * MemoryLayout<Int>.size
        var pops = 0
        while true {
            let bits = withUnsafeBytes(of: q) { Array($0) }   // a copy of the value's bytes
            let found = bits.withUnsafeBytes { EventQueue<Int64>.partAddresses(ofBits: $0.baseAddress!, offsets) }
            let next = q.nextEntryAddresses
            if let root = next.heap { #expect(found.heap.map { $0 + header } == root, "pop \(pops)") }
            if let head = next.lane { #expect(found.lane == head, "pop \(pops)") }
            q.lane.withUnsafeBufferPointer { lane in
                if let first = lane.baseAddress { #expect(found.laneHeader.map { $0 + header } == UnsafeRawPointer(first), "pop \(pops)") }
            }
            q.packed.bytes.withUnsafeBytes { codes in
                if let base = codes.baseAddress { #expect(found.packed == base + q.packed.next, "pop \(pops)") }
            }
            q.flags.withUnsafeBufferPointer { flags in
                if let first = flags.baseAddress { #expect(found.flags.map { $0 + header } == UnsafeRawPointer(first), "pop \(pops)") }
            }
            guard q.next(until: .zero + .days(1)) != nil else { break }
            pops += 1
        }
        #expect(pops == 50)
    }
}
