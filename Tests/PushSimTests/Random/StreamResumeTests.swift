import Testing
@testable import PushSim

/// Resuming a counter-based stream at a position (a fleet's shared streams, `FleetWorlds`).
@Suite("RandomStream: resume at a position")
struct StreamResumeTests {
    /// `n` draws of one word each (`uniform`).
    private func draws(_ s: RandomStream, _ n: Int) -> [Double] { (0..<n).map { _ in s.uniform() } }

    @Test("A stream resumed k draws in draws what the stream draws after k draws, and says where it is")
    func resumeMatchesDrawing() {
        let positions: [UInt64] = Array(0...13) + [63, 64, 65, 1_000, 4_097]
        for base: UInt64 in [0, 7, 1 << 33] {
            for k in positions {
                let drawn = RandomStream(type: .philox4x32_10, key: 99, base: base)
                _ = draws(drawn, Int(k))
                #expect(drawn.position == k)
                let resumed = RandomStream(type: .philox4x32_10, key: 99, base: 0)
                _ = draws(resumed, 3)                      // somewhere else first
                resumed.resume(base: base, position: k) { 99 }
                #expect(resumed.position == k)             // before its first draw too
                #expect(draws(resumed, 9) == draws(drawn, 9), "base \(base), position \(k)")
                #expect(resumed.position == k + 9)
            }
        }
    }

    @Test("A set of streams resumed per replication gives each replication's own draws")
    func streamsResumeByReplication() {
        let names = ["device.user", "client", "channel"]
        // Replication 5's and 6's own streams, three draws each from each name.
        func own(_ replication: Int) -> [[Double]] {
            let s = RandomStreams(generator: .philox4x32_10, seed: 11, replication: replication)
            return names.map { draws(s.stream($0), 3) }
        }
        let five = own(5), six = own(6)
        // One shared set: replication 5 draws one, 6 draws two, 5 resumes and draws two more.
        let shared = RandomStreams(generator: .philox4x32_10, seed: 11, replication: 5)
        let first = names.map { draws(shared.stream($0), 1) }
        let out = UnsafeMutablePointer<UInt64>.allocate(capacity: names.count)
        defer { out.deallocate() }
        #expect(shared.positions(into: out) == 3 && (0..<3).allSatisfy { out[$0] == 1 })
        let held = (0..<3).map { out[$0] }
        shared.resume(replication: 6) { _ in 0 }
        let sixDrawn = names.map { draws(shared.stream($0), 3) }
        shared.resume(replication: 5) { held[$0] }
        let rest = names.map { draws(shared.stream($0), 2) }
        for i in names.indices {
            #expect(first[i] + rest[i] == five[i], "\(names[i])")
            #expect(sixDrawn[i] == six[i], "\(names[i])")
        }
        shared.resume(replication: 5) { _ in 0 }
        #expect(shared.positions(into: out) == 0)
    }
}
