import Foundation
import Testing
@testable import PushSim

/// A change schedule's `trace`: the recorded times and keys are the changes a run makes;
/// without keys, the keys a schedule of random keys at those times would draw.
@Suite struct ChangeTraceTests {
    static func server(_ changes: String, in folder: URL) throws -> ServerSpec {
        try decodeStrictJSON(ServerSpec.self, Data(#"{"keys": 5, "retainLast": 4, "changes": \#(changes)}"#.utf8),
                             file: folder.appendingPathComponent("s.json").path)
    }

    @Test("recorded keys are used as written; without them the keys are the interval schedule's draws")
    func keys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "time_s,key\n1,3\n2.5,1\n4,4\n".write(to: folder.appendingPathComponent("k.csv"), atomically: true, encoding: .utf8)
        try "time_s\n1\n3\n5\n".write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let streams = RandomStreams(generator: .default, seed: 3, replication: 0)
        let keyed = try Self.server(#"{"trace": {"file": "k.csv"}}"#, in: folder).drawChanges(until: .zero + .seconds(60), streams: streams)
        #expect(keyed.map(\.key) == [3, 1, 4] && keyed.map(\.time) == [.zero + .seconds(1), .zero + .milliseconds(2_500), .zero + .seconds(4)])
        let timed = try Self.server(#"{"trace": {"file": "t.csv"}}"#, in: folder)
            .drawChanges(until: .zero + .seconds(4), streams: RandomStreams(generator: .default, seed: 3, replication: 0))
        let drawn = try Self.server(#"{"count": 3, "start": "1s", "interval": "2s"}"#, in: folder)
            .drawChanges(until: .zero + .seconds(4), streams: RandomStreams(generator: .default, seed: 3, replication: 0))
        #expect(timed.count == 2 && timed.map(\.key) == drawn.map(\.key) && timed.map(\.time) == drawn.map(\.time), "the horizon cuts both at 4 s")
    }
}
