/// The recipients of a fleet (`fleet.population`): how many, and the distributions
/// their attributes are drawn from, one draw per recipient per replication on the
/// `fleet.population` stream (so every strategy and variant of one replication meets the
/// same fleet: common random numbers).
///
/// ```json
/// {"count": 10000,
///  "profiles": [{"name": "android", "weight": 0.6, "channel": {"kind": "fcm"}, "device": {...}},
///               {"name": "ios", "weight": 0.4, "channel": {"kind": "apns"}, "client": {...}}],
///  "timeZones": [{"timeZone": "Europe/Berlin", "weight": 3}, {"timeZone": "America/New_York", "weight": 1}],
///  "otherDevices": {"kind": "discrete", "weights": [0.7, 0.2, 0.1]}}
/// ```
/// - `profiles`: a mix of platforms, connectivity and app-use patterns: each replaces
///   the variant's `channel`, `device`, `client` or `recipient` where it gives one; drawn
///   with probability weight / Σ weights (default: one profile, the variant as it is).
/// - `timeZones`: the recipients' time zones (quiet hours are read in them), drawn
///   independently of the profile (default: the recipient's own).
/// - `otherDevices`: how many devices besides the main one (0 … 7), a count
///   distribution (`constant`, `uniformInt`, `bernoulli` or `discrete` with
///   non-negative integer values; default: the recipient's own list). The k-th other
///   device is the recipient's `otherDevices[k]`, or the last one given, or a device of
///   the main device's platform when the list is empty.
public struct FleetPopulation: Decodable, Sendable {
    /// Recipients per replication, 1 … 10,000,000.
    public var count: Int
    public var profiles: [Profile]
    public var timeZones: [Zone]
    public var otherDevices: Distribution?

    /// One kind of recipient.
    public struct Profile: Decodable, Sendable {
        public var name: String
        public var weight: Double
        public var channel: (any PushChannel)?
        public var device: DeviceSpec?
        public var client: ClientSpec?
        public var recipient: RecipientSpec?

        enum CodingKeys: String, CodingKey, CaseIterable { case name, weight, channel, device, client, recipient }

        init(name: String) { self.name = name; weight = 1 }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            guard !name.isEmpty else { throw c.invalid(.name, "expected a non-empty profile name") }
            weight = try c.decodeDouble(.weight, in: 0...1e12, default: 1)
            if c.contains(.channel) { channel = try PluginRegistry.of(decoder).decodeChannel(from: c.superDecoder(forKey: .channel)) }
            device = try c.decodeOptional(DeviceSpec.self, forKey: .device)
            client = try c.decodeOptional(ClientSpec.self, forKey: .client)
            recipient = try c.decodeOptional(RecipientSpec.self, forKey: .recipient)
        }
    }

    /// One time zone of the mix.
    public struct Zone: Decodable, Sendable {
        public var timeZone: String
        public var weight: Double

        enum CodingKeys: String, CodingKey, CaseIterable { case timeZone, weight }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            timeZone = try c.decode(String.self, forKey: .timeZone)
            guard LocalClock(timeZone: timeZone, startEpoch: 0, horizon: .zero) != nil else {
                throw c.invalid(.timeZone, "unknown time zone \"\(timeZone)\"; expected an IANA identifier such as \"Europe/Berlin\"")
            }
            weight = try c.decodeDouble(.weight, in: 0...1e12, default: 1)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case count, profiles, timeZones, otherDevices }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decodeInt(.count, in: 1...10_000_000)
        profiles = try c.decodeOptional([Profile].self, forKey: .profiles) ?? [Profile(name: "all")]
        guard !profiles.isEmpty else { throw c.invalid(.profiles, "expected at least one profile (or leave \"profiles\" out)") }
        for (i, p) in profiles.enumerated() where profiles[..<i].contains(where: { $0.name == p.name }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.profiles, AnyCodingKey(intValue: i)!, AnyCodingKey("name")],
                                                    debugDescription: "duplicate profile name \"\(p.name)\"; names must be unique"))
        }
        guard profiles.contains(where: { $0.weight > 0 }) else { throw c.invalid(.profiles, "expected a profile with a weight above 0") }
        timeZones = try c.decodeOptional([Zone].self, forKey: .timeZones) ?? []
        // As the schema says (1 … 10,000): an empty list is a mistake, not "the recipient's" (leave the key out).
        if c.contains(.timeZones), timeZones.isEmpty {
            throw c.invalid(.timeZones, "expected at least one time zone (or leave \"timeZones\" out for the recipient's)")
        }
        if !timeZones.isEmpty, !timeZones.contains(where: { $0.weight > 0 }) {
            throw c.invalid(.timeZones, "expected a time zone with a weight above 0")
        }
        otherDevices = try c.decodeOptional(Distribution.self, forKey: .otherDevices)
        if let d = otherDevices, let problem = Self.countProblem(d) { throw c.invalid(.otherDevices, problem) }
    }

    /// Why `d` is not a count of other devices (it can draw a negative, fractional or too
    /// large number), or nil.
    static func countProblem(_ d: Distribution) -> String? {
        let most = RecipientSpec.maximumOtherDevices
        func check(_ values: [Double]) -> String? {
            if let v = values.first(where: { $0 < 0 }) { return "a count of devices cannot be negative; this distribution can draw \(v)" }
            if let v = values.first(where: { $0 != $0.rounded() }) { return "a count of devices is a whole number; this distribution can draw \(v)" }
            if let v = values.first(where: { $0 > Double(most) }) { return "at most \(most) other devices; this distribution can draw \(Int(v))" }
            return nil
        }
        switch d {
        case let .constant(v): return check([v])
        case let .uniformInt(lo, hi): return check([Double(lo), Double(hi)])
        case .bernoulli: return nil
        case let .discrete(table):
            return check(zip(table.values, table.weights).filter { $0.1 > 0 }.map(\.0))
        case let .empirical(table) where !table.interpolate:
            return check(table.sorted)
        default:
            let what = d.kind == "empirical" ? "an interpolated empirical one" : d.kind
            return "a count of devices needs a distribution of whole numbers 0 … \(most) (constant, uniformInt, bernoulli, discrete or "
                + "empirical without interpolate), not \(what)"
        }
    }

    /// The population stream's name.
    static let stream = "fleet.population"

    /// The attributes of every recipient of one replication: (profile, zone, other
    /// devices) indices, drawn in recipient order, three draws at most per recipient
    /// (none for an attribute with one choice).
    func draw(_ random: RandomStream) -> [Attributes] {
        let profileTable = profiles.count > 1 ? DiscreteTable(weights: profiles.map(\.weight), values: nil) : nil
        let zoneTable = timeZones.count > 1 ? DiscreteTable(weights: timeZones.map(\.weight), values: nil) : nil
        var out: [Attributes] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            let p = profileTable.map { Int(Distribution.discrete($0).sample(random)) } ?? 0
            let z = zoneTable.map { Int(Distribution.discrete($0).sample(random)) } ?? 0
            let d = otherDevices.map { Int($0.sample(random)) } ?? -1
            out.append(Attributes(profile: UInt16(p), zone: UInt16(z), otherDevices: Int8(d)))
        }
        return out
    }

    /// One recipient's drawn attributes: indices into `profiles` and `timeZones`, and
    /// the number of other devices (−1: the recipient's own list).
    struct Attributes: Hashable, Sendable {
        var profile: UInt16
        var zone: UInt16
        var otherDevices: Int8
    }
}
