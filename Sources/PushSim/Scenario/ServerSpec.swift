/// The server side of a scenario: keys, log retention and the change schedule.
///
/// JSON: `{"keys": 5, "retainLast": 8, "changes": {"count": 30, "start": "1s", "interval": "1s"}}`;
/// `changes` may also be a list of schedules (merged in time order; at equal times the
/// earlier schedule first), each with its own `message` template.
public struct ServerSpec: Decodable, Sendable {
    /// Number of keys in the server state (1 … 1,000,000).
    public var keys: Int
    /// Changes the log keeps for `changes(since:)` (0 … 10,000,000); older cursors get a reset.
    public var retainLast: Int
    /// When changes happen.
    public var changes: [ChangeSchedule]
    /// Whether the file gave `changes` as a list (JSON paths `changes[i]`) or one object.
    public internal(set) var changesListed = false

    enum CodingKeys: String, CodingKey, CaseIterable { case keys, retainLast, changes }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keys = try c.decodeInt(.keys, in: 1...1_000_000)
        retainLast = try c.decodeInt(.retainLast, in: 0...10_000_000)
        if let one = try? c.decode(ChangeSchedule.self, forKey: .changes) {
            changes = [one]
        } else if (try? c.nestedUnkeyedContainer(forKey: .changes)) != nil {
            changes = try c.decode([ChangeSchedule].self, forKey: .changes)
            // Every run draws from schedule 0 (`drawChanges`); no changes at all is `{"count": 0}`.
            guard !changes.isEmpty else {
                throw c.invalid(.changes, "expected at least one change schedule (a server with no changes: {\"count\": 0})")
            }
        } else {
            changes = [try c.decode(ChangeSchedule.self, forKey: .changes)]  // rethrows the object's own error
        }
        let listed = (try? c.nestedUnkeyedContainer(forKey: .changes)) != nil
        changesListed = listed
        for (i, schedule) in changes.enumerated() where schedule.keysNeeded > keys {
            let traced = schedule.traces != nil || schedule.recorded != nil
            let path = c.codingPath + [CodingKeys.changes] + (listed ? [AnyCodingKey(intValue: i)!] : []) + [AnyCodingKey(traced ? "trace" : "count")]
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: traced
                ? "the trace writes keys up to \(schedule.keysNeeded - 1), but the server has \(keys) keys"
                : "a schedule with stages writes keys firstKey … firstKey + count − 1 = \(schedule.firstKey) … \(schedule.keysNeeded - 1), but the server has \(keys) keys"))
        }
    }

    /// The spec replication `replication` runs with: each schedule with a folder of traces
    /// given the trace that replication follows (`ChangeSchedule.forRun`).
    func forRun(replication: Int, streams: RandomStreams) -> ServerSpec {
        guard changes.contains(where: { $0.traces != nil }) else { return self }
        var s = self
        s.changes = changes.map { $0.forRun(replication: replication, streams: streams) }
        return s
    }

    /// Whether a schedule follows a folder of traces (a run is then built for its trace).
    var tracedPerRun: Bool { changes.contains { $0.traces != nil } }

    /// Every change of one replication in time order: (time, key, schedule index).
    /// Changes after `horizon` are not drawn (they could never run). Schedule 0 draws from
    /// the `server` stream, schedule i > 0 from `server.<i>`, so no schedule's draws depend
    /// on another's or on the horizon.
    public func drawChanges(until horizon: SimTime, streams: RandomStreams) -> [TimedChange] {
        var out: [TimedChange] = []
        drawChanges(until: horizon, streams: streams, into: &out)
        return out
    }

    /// One drawn change: when, which key, from which schedule.
    public typealias TimedChange = (time: SimTime, key: Int32, schedule: Int)

    /// `drawChanges(until:streams:)` into `out` (emptied first, its storage kept: a reused
    /// world's buffer).
    public func drawChanges(until horizon: SimTime, streams: RandomStreams, into out: inout [TimedChange]) {
        drawChanges(until: horizon, streams: changeStreams(in: streams), into: &out)
    }

    /// The stream of each change schedule, in schedule order: `server`, `server.1`, `server.2`, …
    public func changeStreams(in streams: RandomStreams) -> [RandomStream] {
        changes.indices.map { i in streams.stream(i == 0 ? StreamName.server : "\(StreamName.server).\(i)") }
    }

    /// `drawChanges(until:streams:into:)` with the schedules' streams already looked up
    /// (`changeStreams(in:)`, one per schedule): a reused world keeps them.
    public func drawChanges(until horizon: SimTime, streams: [RandomStream], into out: inout [TimedChange]) {
        precondition(streams.count == changes.count, "one stream per change schedule")
        out.removeAll(keepingCapacity: true)
        for (i, s) in changes.enumerated() {
            s.draw(keys: keys, until: horizon, random: streams[i], schedule: i, into: &out)
        }
        // One schedule of random keys is already in time order (gaps are never negative);
        // stage schedules come entity by entity and need the merge below.
        guard changes.count > 1 || changes[0].stages != nil else { return }
        // Stable merge: equal times keep schedule order, then draw order.
        out = out.enumerated().sorted { a, b in
            (a.element.time, a.element.schedule, a.offset) < (b.element.time, b.element.schedule, b.offset)
        }.map(\.element)
    }
}
