/// A fleet (JSON `"fleet"`): a population of recipients in one world that share the
/// app's server, its sender and the providers' quotas (docs/model.md, Fleets).
///
/// ```json
/// "fleet": {"population": {"count": 10000, "profiles": [...], "timeZones": [...]},
///           "server": {"capacity": 8, "service": {"kind": "exponential", "mean": "40ms"}},
///           "sender": {"kind": "outbox", "batch": 100},
///           "quotas": {"fcmProject": {"perMinute": 600000}},
///           "topic": {"changes": {"count": 1, "start": "1h"}, "fanOutRate": 10000}}
/// ```
/// Every part but `population` is optional; a part left out is not shared: each
/// recipient then pulls with its own `client.pullLatency`, sends through its own
/// `sender`, and meets no project quota, exactly as a lone recipient does.
public struct FleetSpec: Decodable, Sendable {
    /// Who the recipients are.
    public var population: FleetPopulation
    /// The server's shared pull handling; nil: each pull takes the client's `pullLatency`.
    public var server: FleetServerSpec?
    /// The one sender every recipient's messages go through; nil: one per recipient
    /// (the scenario's or variant's `sender`).
    public var sender: (any SenderPolicy)?
    /// The providers' quotas; nil: none.
    public var quotas: FleetQuotas?
    /// Topic messages to every recipient, fanned out by the provider; nil: none.
    public var topic: FleetTopic?

    enum CodingKeys: String, CodingKey, CaseIterable { case population, server, sender, quotas, topic }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        population = try c.decode(FleetPopulation.self, forKey: .population)
        server = try c.decodeOptional(FleetServerSpec.self, forKey: .server)
        if c.contains(.sender) { sender = try PluginRegistry.of(decoder).decodeSender(from: c.superDecoder(forKey: .sender)) }
        quotas = try c.decodeOptional(FleetQuotas.self, forKey: .quotas)
        topic = try c.decodeOptional(FleetTopic.self, forKey: .topic)
        if let s = sender, !(s is any SharedSender) {
            throw c.invalid(.sender, "sender \"\(type(of: s).kind)\" cannot serve a fleet; a shared sender is one of: \(Self.sharedSenderKinds)")
        }
    }

    /// The sender kinds that can serve a whole fleet.
    static var sharedSenderKinds: String { [Outbox.kind, PerChange.kind].joined(separator: ", ") }
}

/// The server's shared pull handling (`fleet.server`): `capacity` pulls in service at
/// once, each taking a `service` time drawn on the requesting recipient's `client` stream;
/// the rest wait in one FIFO queue of at most `queueLimit` (nil: unbounded); a pull that
/// finds the queue full is refused at once with 503 and `retryAfter`, which the client
/// strategy sees (`AppContext.retryAfter`).
public struct FleetServerSpec: Decodable, Sendable {
    /// Pulls served at once, 1 … 1,000,000.
    public var capacity: Int
    /// Time a pull holds a slot (µs, drawn per pull).
    public var service: DurationDistribution
    /// Pulls that may wait, 0 … 100,000,000; nil: no limit.
    public var queueLimit: Int?
    /// The Retry-After of a refused pull (µs, > 0; default 30 s).
    public var retryAfter: SimDuration

    enum CodingKeys: String, CodingKey, CaseIterable { case capacity, service, queueLimit, retryAfter }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        capacity = try c.decodeInt(.capacity, in: 1...1_000_000)
        service = try c.decode(DurationDistribution.self, forKey: .service)
        queueLimit = c.contains(.queueLimit) ? try c.decodeInt(.queueLimit, in: 0...100_000_000) : nil
        retryAfter = try c.decodeDurationIfPresent(.retryAfter) ?? .seconds(30)
        guard retryAfter > .zero else { throw c.invalid(.retryAfter, "expected a Retry-After longer than 0s") }
    }
}

/// The providers' quotas (`fleet.quotas`).
///
/// - `fcmProject`: FCM HTTP v1's per-project rate quota (F8, Firebase "Throttling and
///   quotas": 600,000 messages per minute by default), counted per calendar minute of
///   simulated time over every send to an Android device; a send past it is answered 429
///   `QUOTA_EXCEEDED` with `retryAfter` (default 60 s: F9 asks for at least a minute).
/// - `apnsDevice`: APNs answers 429 `TooManyRequests` to bursts to one device token
///   (A9, "Handling error responses from APNs"); Apple publishes no figure, so the limit
///   is the scenario's: at most `perMinute` sends per iOS device per calendar minute.
public struct FleetQuotas: Decodable, Sendable {
    public var fcmProject: Limit?
    public var apnsDevice: Limit?

    /// At most `perMinute` requests per minute (1 … 10⁹); the answer past it carries
    /// `retryAfter` (nil: none given).
    public struct Limit: Decodable, Sendable {
        public var perMinute: Int
        public var retryAfter: SimDuration?

        enum CodingKeys: String, CodingKey, CaseIterable { case perMinute, retryAfter }

        public init(perMinute: Int, retryAfter: SimDuration?) { self.perMinute = perMinute; self.retryAfter = retryAfter }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            perMinute = try c.decodeInt(.perMinute, in: 1...1_000_000_000)
            retryAfter = try c.decodeDurationIfPresent(.retryAfter)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case fcmProject, apnsDevice }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fcmProject = try c.decodeOptional(Limit.self, forKey: .fcmProject)
        if fcmProject != nil, fcmProject!.retryAfter == nil { fcmProject!.retryAfter = .minutes(1) }
        apnsDevice = try c.decodeOptional(Limit.self, forKey: .apnsDevice)
    }
}

/// Topic messages (`fleet.topic`): at each time its `changes` schedule draws (on the
/// `fleet.topic` stream), one change to the drawn key is committed for every recipient,
/// and one provider request to the topic fans out to every recipient's registrations,
/// `fanOutRate` recipients per second in population order (nil: all at once).
public struct FleetTopic: Decodable, Sendable {
    public var changes: ChangeSchedule
    public var fanOutRate: Double?
    /// The topic's message template (nil: the scenario's or variant's `message`).
    public var message: MessageTemplate?

    enum CodingKeys: String, CodingKey, CaseIterable { case changes, fanOutRate, message }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        changes = try c.decode(ChangeSchedule.self, forKey: .changes)
        if changes.traces != nil || changes.recorded != nil {
            let t = try c.superDecoder(forKey: .changes)
            throw DecodingError.dataCorrupted(.init(codingPath: t.codingPath + [AnyCodingKey("trace")],
                                                    debugDescription: "a topic's changes are drawn; a trace is for the recipients' server (server.changes)"))
        }
        fanOutRate = c.contains(.fanOutRate) ? try c.decodeDouble(.fanOutRate, in: 1e-6...1e9) : nil
        message = try c.decodeOptional(MessageTemplate.self, forKey: .message)
    }
}
