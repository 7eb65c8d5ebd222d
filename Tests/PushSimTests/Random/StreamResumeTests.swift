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

    @Test("A set of streams shared by recipients gives each recipient its replication's own draws")
    func streamsResumeByReplication() {
        let names = ["device.user", "client", "channel"]
        // Replication 5's and 6's own streams, three draws each from each name.
        func own(_ replication: Int) -> [[Double]] {
            let s = RandomStreams(generator: .philox4x32_10, seed: 11, replication: replication)
            return names.map { draws(s.stream($0), 3) }
        }
        let five = own(5), six = own(6)
        // One shared set: recipient 0 (replication 5) draws one, 1 (replication 6) draws
        // two, 0 comes back and draws two more.
        let shared = RandomStreams(generator: .philox4x32_10, seed: 11, replication: 5)
        shared.share(recipients: 2, firstReplication: 5)
        let first = names.map { draws(shared.stream($0), 1) }
        #expect((0..<3).allSatisfy { shared.position(of: $0) == 1 })
        shared.load(recipient: 1)
        #expect((0..<3).allSatisfy { shared.position(of: $0) == 0 })
        let sixDrawn = names.map { draws(shared.stream($0), 3) }
        shared.load(recipient: 0)
        #expect((0..<3).allSatisfy { shared.position(of: $0) == 1 })
        let rest = names.map { draws(shared.stream($0), 2) }
        for i in names.indices {
            #expect(first[i] + rest[i] == five[i], "\(names[i])")
            #expect(sixDrawn[i] == six[i], "\(names[i])")
        }
        shared.load(recipient: 1)
        #expect((0..<3).allSatisfy { shared.position(of: $0) == 3 })
    }

    @Test("Two recipients drawing in turn from different streams of a shared set each draw their own")
    func interleavedRecipients() {
        // Recipient r's k-th turn draws from stream (r + k / 2) mod 4 (each twice running,
        // then the next); the recipients' turns interleave, each after a load.
        let names = ["a", "b", "c", "d"]
        let shared = RandomStreams(generator: .philox4x32_10, seed: 2, replication: 30)
        shared.share(recipients: 3, firstReplication: 30)
        var got = [[Double]](repeating: [], count: 3)
        for step in 0..<12 {
            let r = step % 3
            shared.load(recipient: r)
            let k = step / 3
            got[r].append(shared.stream(names[(r + k / 2) % 4]).uniform())
        }
        for r in 0..<3 {
            let own = RandomStreams(generator: .philox4x32_10, seed: 2, replication: 30 + r)
            let expected = (0..<4).map { k in own.stream(names[(r + k / 2) % 4]).uniform() }
            #expect(got[r] == expected, "recipient \(r)")
        }
    }
}
