import Testing
@testable import PushSim

/// `RecipientBuffer`, the fleet's one storage type with unsafe pointers: elements stored,
/// reached in place, moved out and released; buffers past 2 MiB (aligned and advised as
/// huge pages) behave as small ones.
@Suite("RecipientBuffer", .serialized)
struct RecipientBufferTests {
    /// A class element, so that a release missed or made twice would show in the count (the
    /// suite is serialized: its cases share the count).
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) { self.value = value; Tracked.alive += 1 }
        deinit { Tracked.alive -= 1 }
    }

    @Test("Stored elements are reached in place, changed, moved out and released", arguments: [3, 300_000])
    func storeReachMove(count: Int) {
        let before = Tracked.alive
        do {
            let buffer = RecipientBuffer<(Int, Tracked), Int>(count: count, header: 7)
            for i in 0..<count { buffer.initialize(i, to: (i, Tracked(2 * i))) }
            #expect(Tracked.alive == before + count)
            for i in stride(from: 0, to: count, by: max(1, count / 1000)) { buffer[i].0 += 1 }
            #expect(buffer[count - 1].1.value == 2 * (count - 1))
            #expect(buffer.read(0) { $0.0 } == 1)
            let moved = buffer.move(count / 2)
            #expect(moved.1.value == 2 * (count / 2))
            buffer.header += 1
            #expect(buffer.header == 8)
            // Stored again after a move, as a fleet's taken world may be.
            buffer.initialize(count / 2, to: moved)
        }
        #expect(Tracked.alive == before, "every element still stored was released with the buffer")
    }

    @Test("An element moved out is not reached again, while the others are stored (small and huge-page buffers)")
    func movedIsRefused() async {
        await #expect(processExitsWith: .failure) { RecipientBufferTests.reachMoved(count: 3) }
        await #expect(processExitsWith: .failure) { RecipientBufferTests.reachMoved(count: 300_000) }
    }

    /// Stores `count` elements, moves element 1 out and reaches it (an exit test's body: it
    /// must trap).
    static func reachMoved(count: Int) {
        let buffer = storing(count, of: count)
        _ = buffer.move(1)
        _ = buffer[1]
    }

    /// A buffer of `count` elements with the first `stored` stored (element i holds i).
    static func storing(_ stored: Int, of count: Int) -> RecipientBuffer<Int, Int> {
        let buffer = RecipientBuffer<Int, Int>(count: count, header: 0)
        for i in 0..<stored { buffer.initialize(i, to: i) }
        return buffer
    }

    @Test("An index past the end is refused while every element is stored")
    func pastTheEndIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = RecipientBufferTests.storing(4, of: 4)[4]
        }
    }

    @Test("An element never stored is not reached")
    func neverStoredIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = RecipientBufferTests.storing(3, of: 4).read(3) { $0 }
        }
    }
}
