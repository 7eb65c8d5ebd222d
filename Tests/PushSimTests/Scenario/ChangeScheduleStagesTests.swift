import Foundation
import Testing
@testable import PushSim

/// A scenario around one `server` object and optional extra top-level keys.
private func scenario(server: String, extra: String = "") throws(ScenarioError) -> Scenario {
    let json = """
    {"name": "t", "seed": 4, "replications": 1, "horizon": "1h", "server": \(server), \(extra)
     "strategies": ["hintPull"], "variants": [{"name": "a", "channel": {"kind": "lossy"}}]}
    """
    return try Scenario.decode(Data(json.utf8), file: "t.json")
}

private func failure(server: String, extra: String = "") -> String? {
    do { _ = try scenario(server: server, extra: extra); return nil } catch { return error.description }
}

private let orders = """
{"keys": 4, "retainLast": 10, "changes": {"count": 3, "start": "1m", "interval": "10m", "firstKey": 1,
 "stages": [{"name": "accepted"}, {"name": "preparing", "after": "2m"},
            {"name": "delivered", "after": {"kind": "uniform", "min": 5, "max": 15, "unit": "m"}}]}}
"""

@Suite("Change schedules with ordered stages")
struct ChangeScheduleStagesTests {
    @Test("entities go through the stages in order, entity i writing key firstKey + i")
    func drawsStages() throws {
        let sc = try scenario(server: orders)
        let changes = sc.server.drawChanges(until: .zero + .hours(1), streams: RandomStreams(generator: .mt19937, seed: 4, replication: 0))
        #expect(changes.count == 9)
        for (i, key) in [1, 2, 3].enumerated() {
            let mine = changes.filter { $0.key == Int32(key) }.map(\.time)
            let start = SimTime.zero + .minutes(1 + 10 * Int64(i))
            #expect(mine.count == 3 && mine[0] == start && mine[1] == start + .minutes(2))
            #expect(mine[2] >= mine[1] + .minutes(5) && mine[2] < mine[1] + .minutes(15))
        }
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.time <= $1.time }, "merged in time order")
        #expect(sc.server.changes[0].stages?.map(\.name) == ["accepted", "preparing", "delivered"])
    }

    @Test("stages past the horizon are dropped without changing later entities' draws")
    func horizonIndependence() throws {
        let sc = try scenario(server: orders)
        let schedule = sc.server.changes[0]
        func draw(_ horizon: SimDuration) -> [(time: SimTime, key: Int32)] {
            schedule.draw(keys: 4, until: .zero + horizon, random: RandomStreams(generator: .mt19937, seed: 4, replication: 2).stream("server"))
        }
        let long = draw(.hours(1)), short = draw(.minutes(14))
        // Entity 0's third stage (≥ 8 min) and entity 1's stages (from 11 min) may fall past 14 min.
        #expect(short.allSatisfy { $0.time <= .zero + .minutes(14) })
        #expect(short.count < long.count)
        for c in short { #expect(long.contains { $0.time == c.time && $0.key == c.key }) }
    }

    @Test("notify defaults to the message type and can be set")
    func notifyDefault() throws {
        let notification = MessageTemplate.default.with(type: .notification)
        let sc = try scenario(server: orders)
        #expect(!sc.server.changes[0].notifies(with: .default) && sc.server.changes[0].notifies(with: notification))
        let explicit = try scenario(server: orders.replacingOccurrences(of: "\"firstKey\": 1,", with: "\"firstKey\": 1, \"notify\": true,"))
        #expect(explicit.server.changes[0].notifies(with: .default))
    }

    @Test("bad stage schedules name the file and the JSON path", arguments: [
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 3, "interval": "1m", "firstKey": 1, "stages": [{"name": "a"}]}}"#,
         "t.json: $.server.changes.count: a schedule with stages writes keys firstKey … firstKey + count − 1 = 1 … 3, but the server has 3 keys"),
        (#"{"keys": 3, "retainLast": 1, "changes": [{"count": 1}, {"count": 5, "interval": "1m", "stages": [{"name": "a"}]}]}"#,
         "t.json: $.server.changes[1].count: a schedule with stages writes keys firstKey … firstKey + count − 1 = 0 … 4, but the server has 3 keys"),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "stages": [{"name": "a"}, {"name": "a"}]}}"#,
         "t.json: $.server.changes.stages[1]: duplicate stage name \"a\""),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "stages": []}}"#,
         "t.json: $.server.changes.stages: expected 1 to 64 stages, got 0"),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "firstKey": 1}}"#,
         "t.json: $.server.changes.firstKey: \"firstKey\" applies only to a schedule with \"stages\""),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "stages": [{"name": "a", "after": "-1s"}]}}"#,
         "t.json: $.server.changes.stages[0].after:"),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "stages": [{"name": "", "after": "1s"}]}}"#,
         "t.json: $.server.changes.stages[0].name: expected a stage name of 1 to 64 bytes"),
        (#"{"keys": 3, "retainLast": 1, "changes": {"count": 1, "stages": [{"name": "a", "at": "1s"}]}}"#,
         "t.json: $.server.changes.stages[0].at: unknown key \"at\""),
    ])
    func badInput(_ server: String, _ message: String) {
        let error = failure(server: server)
        #expect(error?.hasPrefix(message) == true, "\(error ?? "decoded")")
    }

    @Test("client sizes and the poll interval are checked")
    func badClientAndStrategy() {
        let server = #"{"keys": 1, "retainLast": 1, "changes": {"count": 1}}"#
        #expect(failure(server: server, extra: #""client": {"responseSize": -1},"#)?
            .hasPrefix("t.json: $.client.responseSize: expected an integer in [0, 100000000], got -1") == true)
        #expect(failure(server: server, extra: #""client": {"changeSize": 1.5},"#)?.hasPrefix("t.json: $.client.changeSize:") == true)
        let poll = #"{"name": "t", "seed": 4, "replications": 1, "horizon": "1h", "server": \#(server),"#
            + #" "strategies": [{"kind": "refetchNotifyPoll", "interval": "0s"}], "variants": [{"name": "a", "channel": {"kind": "lossy"}}]}"#
        do { _ = try Scenario.decode(Data(poll.utf8), file: "t.json"); Issue.record("decoded") } catch {
            #expect(error.description == "t.json: $.strategies[0].interval: expected a poll interval with a mean longer than 0s")
        }
    }
}

private extension MessageTemplate {
    func with(type: MessageType) -> MessageTemplate { var m = self; m.type = type; return m }
}
