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
        } else {
            changes = [try c.decode(ChangeSchedule.self, forKey: .changes)]  // rethrows the object's own error
        }
    }

    /// Every change of one replication in time order: (time, key, schedule index).
    /// Changes after `horizon` are not drawn (they could never run). Schedule 0 draws from
    /// the `server` stream, schedule i > 0 from `server.<i>`, so no schedule's draws depend
    /// on another's or on the horizon.
    public func drawChanges(until horizon: SimTime, streams: RandomStreams) -> [(time: SimTime, key: Int32, schedule: Int)] {
        if changes.count == 1 {
            // One schedule is already in time order (gaps are never negative).
            return changes[0].draw(keys: keys, until: horizon, random: streams.stream(StreamName.server)).map { ($0.time, $0.key, 0) }
        }
        var all: [(time: SimTime, key: Int32, schedule: Int)] = []
        for (i, s) in changes.enumerated() {
            let random = streams.stream(i == 0 ? StreamName.server : "\(StreamName.server).\(i)")
            all += s.draw(keys: keys, until: horizon, random: random).map { ($0.time, $0.key, i) }
        }
        // Stable merge: equal times keep schedule order, then draw order.
        return all.enumerated().sorted { a, b in
            (a.element.time, a.element.schedule, a.offset) < (b.element.time, b.element.schedule, b.offset)
        }.map(\.element)
    }
}

/// When the server's changes happen and which key each one writes.
///
/// `count` changes; the first at `start`; then either every `interval`, or after gaps
/// drawn from `gap` (a duration distribution). Each change's key is drawn uniformly from
/// `0 ..< keys` on the `server` stream; its value is its own sequence number. Draw order on
/// the stream: per change, the gap (if any, from the second change on), then the key.
public struct ChangeSchedule: Decodable, Sendable {
    /// Number of changes (0 … 10,000,000).
    public var count: Int
    /// Time of the first change (default `"0s"`).
    public var start: SimDuration
    /// Fixed spacing between changes, or …
    public var interval: SimDuration?
    /// … gaps drawn from a distribution (exactly one of the two).
    public var gap: DurationDistribution?

    /// The message sent for each of these changes (`nil`: the variant's or scenario's).
    public var message: MessageTemplate?

    enum CodingKeys: String, CodingKey, CaseIterable { case count, start, interval, gap, message }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decodeInt(.count, in: 0...10_000_000)
        start = try c.decodeDurationIfPresent(.start) ?? .zero
        interval = try c.decodeDurationIfPresent(.interval)
        gap = try c.decodeIfPresent(DurationDistribution.self, forKey: .gap)
        message = try c.decodeIfPresent(MessageTemplate.self, forKey: .message)
        if (interval == nil) == (gap == nil) && count > 1 {
            throw decoder.invalid("give exactly one of \"interval\" (a duration) or \"gap\" (a duration distribution)")
        }
    }

    /// The change times and keys for one replication, up to `horizon`.
    /// - Returns: at most `count` (time, key) pairs in non-decreasing time, none after
    ///   `horizon`. The draws for the changes it returns do not depend on the horizon.
    public func draw(keys: Int, until horizon: SimTime, random: RandomStream) -> [(time: SimTime, key: Int32)] {
        var out: [(time: SimTime, key: Int32)] = []
        out.reserveCapacity(min(count, 1 << 12))
        var t = SimTime.zero + start
        for i in 0..<count {
            if i > 0 { t = t + (interval ?? gap!.sample(random)) }   // each step ≤ 100 years: no overflow
            guard t <= horizon else { break }
            out.append((t, Int32(random.uniformInt(below: keys))))
        }
        return out
    }
}
