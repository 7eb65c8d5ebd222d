import Foundation
import Testing
@testable import PushSim

/// The outbox draws on the stream docs/model.md names `sender` (its stream table: per send
/// the answerLatency unless constant, …): a run whose outbox has a drawn answer latency
/// creates that stream and no other sender stream.
@Suite struct SenderStreamTests {
    @Test("an outbox with a drawn answerLatency draws from the stream named \"sender\"")
    func outboxDrawsFromSender() throws {
        let json = """
        {"name": "s", "seed": 5, "replications": 1, "horizon": "10m",
         "server": {"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "1s"}},
         "sender": {"kind": "outbox", "answerLatency": {"kind": "uniform", "min": 0, "max": 1, "unit": "s"}},
         "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}]}
        """
        let sc = try Scenario.decode(Data(json.utf8), file: "s.json")
        let streams = RandomStreams(generator: sc.generator, seed: sc.seed, replication: 0)
        let o = Simulation.simulate(channel: sc.variants[0].channel, strategy: HintPull(), setup: Simulation(scenario: sc).setup(variant: 0),
                                    streams: streams)
        #expect(o.pushesSent > 0, "the outbox sent (so it drew its latencies)")
        #expect(streams.names.contains("sender"), "\(streams.names)")
        #expect(streams.names.allSatisfy { $0 == "sender" || !$0.hasPrefix("sender") }, "\(streams.names)")
    }
}
