import Testing
@testable import PushSim

/// A stream first asked for after `RandomStreams.restart(replication:)` belongs to the new
/// replication, as in a fresh set of streams (a reused world may create a stream it never
/// needed before).
@Suite("RandomStreams: a stream created after restart")
struct RandomStreamsLateStreamTests {
    @Test("a stream first requested after restart(replication:) draws that replication's draws",
          arguments: ["philox4x32-10", "mt19937"])
    func lateStreamIsOfTheNewReplication(generator: String) {
        let type = GeneratorType.named(generator)!
        let streams = RandomStreams(generator: type, seed: 41, replication: 3)
        _ = streams.stream(StreamName.channel).uniform()
        streams.restart(replication: 7)
        #expect(streams.replication == 7)
        let late = streams.stream(StreamName.deviceUser)
        let fresh = RandomStreams(generator: type, seed: 41, replication: 7).stream(StreamName.deviceUser)
        #expect((0..<20).map { _ in late.uniform() } == (0..<20).map { _ in fresh.uniform() })
    }
}
