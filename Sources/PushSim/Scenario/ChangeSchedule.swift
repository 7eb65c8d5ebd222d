/// When the server's changes happen and which key each one writes.
///
/// Two forms:
///
/// - **Random keys:** `count` changes; the first at `start`; then either every `interval`,
///   or after gaps drawn from `gap` (a duration distribution). Each change's key is drawn
///   uniformly from `0 ..< keys`; its value is its own sequence number. Draw order on the
///   schedule's stream: per change, the gap (if any, from the second change on), then the key.
/// - **Ordered stages** (`stages` given): `count` entities (e.g. orders), entity i writing
///   key `firstKey + i`. Entity 0 starts at `start`, each later one `interval` or a `gap`
///   draw after the previous one. An entity goes through the stages in order: stage k at
///   the previous stage's time (for stage 0, the entity's start) plus a draw from the
///   stage's `after`. Draw order: per entity, the gap (from the second entity on, if
///   any), then each stage's `after`. No key is drawn.
///
/// `notify` says whether the user is meant to see each of these changes as a notification
/// (it only feeds `notifications_never_displayed`); default: when the message type is
/// `notification` or `both`.
public struct ChangeSchedule: Decodable, Sendable {
    /// Number of changes, or of entities with `stages` (0 … 10,000,000).
    public var count: Int
    /// Time of the first change, or of the first entity's start (default `"0s"`).
    public var start: SimDuration
    /// Fixed spacing between changes (entities), or …
    public var interval: SimDuration?
    /// … gaps drawn from a distribution (exactly one of the two when `count` > 1).
    public var gap: DurationDistribution?
    /// The ordered stages each entity goes through (`nil`: random keys).
    public var stages: [Stage]?
    /// With `stages`: the key of entity 0 (entity i writes `firstKey + i`).
    public var firstKey: Int
    /// The message sent for each of these changes (`nil`: the variant's or scenario's).
    public var message: MessageTemplate?
    /// Whether each change is meant to reach the user as a notification (`nil`: by message type).
    public var notify: Bool?
    /// Recorded change times (and keys) instead of `count`, `start`, `interval`/`gap` and
    /// `stages` (`trace`): the changes of the trace a run follows (`recorded`), chosen per run
    /// from a folder (`forRun`).
    public var traces: ChangeTraces?
    /// The changes this schedule makes in a run: one trace's (nil: drawn as above).
    public var recorded: ChangeTrace?

    /// One stage of an entity, e.g. an order's `picked_up`.
    public struct Stage: Decodable, Sendable, Equatable {
        /// The stage's name (1–64 bytes), shown in traces.
        public var name: String
        /// Time from the previous stage (stage 0: from the entity's start); default `"0s"`.
        public var after: DurationDistribution

        enum CodingKeys: String, CodingKey, CaseIterable { case name, after }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            guard !name.isEmpty, name.utf8.count <= 64 else { throw c.invalid(.name, "expected a stage name of 1 to 64 bytes") }
            after = try c.decodeOptional(DurationDistribution.self, forKey: .after) ?? .zero
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case count, start, interval, gap, stages, firstKey, message, notify, trace }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.trace) {
            if let key = [CodingKeys.count, .start, .interval, .gap, .stages, .firstKey].first(where: c.contains) {
                throw c.invalid(.trace, "a trace gives the changes' times (and keys); \"\(key.stringValue)\" cannot be given with it")
            }
            let traces = try c.decode(ChangeTraces.self, forKey: .trace)
            // For the size estimate and the limits: the longest trace's changes, from its first time.
            count = traces.traces.map(\.times.count).max() ?? 0
            start = traces.traces.compactMap(\.times.first).min() ?? .zero
            (interval, gap, stages, firstKey) = (nil, nil, nil, 0)
            message = try c.decodeOptional(MessageTemplate.self, forKey: .message)
            notify = try c.decodeOptional(Bool.self, forKey: .notify)
            if traces.traces.count == 1 { recorded = traces.traces[0] } else { self.traces = traces }
            return
        }
        count = try c.decodeInt(.count, in: 0...10_000_000)
        start = try c.decodeDurationIfPresent(.start) ?? .zero
        interval = try c.decodeDurationIfPresent(.interval)
        gap = try c.decodeOptional(DurationDistribution.self, forKey: .gap)
        stages = try c.decodeOptional([Stage].self, forKey: .stages)
        message = try c.decodeOptional(MessageTemplate.self, forKey: .message)
        notify = try c.decodeOptional(Bool.self, forKey: .notify)
        if (interval == nil) == (gap == nil) && count > 1 {
            throw decoder.invalid("give exactly one of \"interval\" (a duration) or \"gap\" (a duration distribution)")
        }
        if let stages {
            guard (1...64).contains(stages.count) else { throw c.invalid(.stages, "expected 1 to 64 stages, got \(stages.count)") }
            for (i, s) in stages.enumerated() where stages[..<i].contains(where: { $0.name == s.name }) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.stages, AnyCodingKey(intValue: i)!],
                                                        debugDescription: "duplicate stage name \"\(s.name)\""))
            }
            firstKey = try c.decodeInt(.firstKey, in: 0...999_999, default: 0)
        } else {
            guard !c.contains(.firstKey) else { throw c.invalid(.firstKey, "\"firstKey\" applies only to a schedule with \"stages\"") }
            firstKey = 0
        }
    }

    /// Keys this schedule needs the server to have: `firstKey + count` with stages, else 1.
    public var keysNeeded: Int {
        if let traces { return traces.traces.map(\.keysNeeded).max() ?? 1 }
        if let recorded { return recorded.keysNeeded }
        return stages == nil ? 1 : firstKey + count
    }

    /// The schedule replication `replication` runs with: this one, or with the trace of its
    /// folder that the replication follows (stream `server.trace`, or in order).
    func forRun(replication: Int, streams: RandomStreams) -> ChangeSchedule {
        guard let traces else { return self }
        var s = self
        s.recorded = traces.traces[traces.files.index(replication: replication, streams: streams, stream: StreamName.serverTrace)]
        s.traces = nil
        return s
    }

    /// Whether these changes are meant to notify, for a schedule whose message is `template`.
    public func notifies(with template: MessageTemplate) -> Bool { notify ?? (template.type != .data) }

    /// The change times and keys for one replication, up to `horizon`.
    /// - Returns: at most `count` (random keys) or `count × stages` (stages) (time, key)
    ///   pairs, none after `horizon`; in non-decreasing time for random keys, entity by
    ///   entity for stages. The draws for the changes it returns do not depend on the horizon.
    public func draw(keys: Int, until horizon: SimTime, random: RandomStream) -> [(time: SimTime, key: Int32)] {
        var out: [ServerSpec.TimedChange] = []
        out.reserveCapacity(min(count * (stages?.count ?? 1), 1 << 12))
        draw(keys: keys, until: horizon, random: random, schedule: 0, into: &out)
        return out.map { ($0.time, $0.key) }
    }

    /// `draw(keys:until:random:)` appended to `out` as (time, key, `schedule`), building
    /// nothing else (a reused world's buffer).
    public func draw(keys: Int, until horizon: SimTime, random: RandomStream, schedule: Int, into out: inout [ServerSpec.TimedChange]) {
        precondition(traces == nil, "a folder of change traces is resolved per run (forRun) before its changes are drawn")
        let draws = random.draws   // the same draws, without calling through the stream object
        if let recorded {
            // As a schedule of random keys with these times: a key drawn per change unless the trace gives it.
            for (i, at) in recorded.times.enumerated() {
                let t = SimTime.zero + at
                guard t <= horizon else { break }
                out.append((t, recorded.keys.map { $0[i] } ?? Int32(draws.uniformInt(below: keys)), schedule))
            }
            return
        }
        var t = SimTime.zero + start
        for i in 0..<count {
            if i > 0 { t = t + (interval ?? gap!.sample(draws)) }   // each step ≤ 100 years: no overflow
            guard t <= horizon else { break }
            guard let stages else { out.append((t, Int32(draws.uniformInt(below: keys)), schedule)); continue }
            // Every stage of an entity that started is drawn, so later entities' draws do
            // not depend on the horizon; stages past it are dropped.
            var at = t
            for s in stages {
                at = at + s.after.sample(draws)   // ≤ 64 draws of ≤ 100 years each: no overflow
                if at <= horizon { out.append((at, Int32(firstKey + i), schedule)) }
            }
        }
    }
}
