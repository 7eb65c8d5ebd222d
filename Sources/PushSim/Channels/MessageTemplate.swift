/// What the sender sets on the push it sends for each change (JSON `"message"`).
///
/// ```json
/// {"type": "data", "priority": "normal", "apnsPriority": 5, "collapseKey": "order-{key}",
///  "tag": "order-{key}", "ttl": "1h", "size": 512, "send": true}
/// ```
/// `{key}` in `collapseKey` / `tag` stands for the changed key, so `"order-{key}"` gives
/// one collapse key per entity. The lifetime is `ttl` (FCM's TTL, 0 … 28 d) or
/// `expiration` (APNs' `apns-expiration` relative to the send time, 0 … 30 d); either
/// serves both channels (FCM caps it at 28 d); `"0s"` means deliver now or never. `send: false` makes changes that send no push at all.
public struct MessageTemplate: Decodable, Sendable, Equatable {
    public var type: MessageType = .data
    public var priority: FCMPriority?
    public var apnsPriority: Int8?
    public var collapseKey: KeyPattern?
    public var tag: KeyPattern?
    public var lifetime: SimDuration?
    public var size: Int32 = 0
    public var send = true
    /// APNs `mutable-content: 1` (I7; alerts on iOS only).
    public var mutableContent = false

    /// A data message with the default priorities (FCM normal, apns-priority 5), no
    /// collapse key, default lifetime.
    public static let `default` = MessageTemplate()

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, priority, apnsPriority, collapseKey, tag, ttl, expiration, size, send, mutableContent
    }

    /// FCM's TTL maximum, 2,419,200 s (Firebase, "Setting the lifespan of a message", F4).
    public static let maximumTTL = SimDuration.days(28)

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let t = try c.decodeOptional(String.self, forKey: .type) {
            switch t {
            case "data", "background": type = .data
            case "notification", "alert": type = .notification
            case "both": type = .both
            default: throw c.invalid(.type, "unknown message type \"\(t)\"; valid: data, notification, both (APNs aliases: background, alert)")
            }
        }
        if let p = try c.decodeOptional(String.self, forKey: .priority) {
            guard let v = FCMPriority(rawValue: p) else { throw c.invalid(.priority, "expected \"high\" or \"normal\", got \"\(p)\"") }
            priority = v
        }
        if c.contains(.apnsPriority) {
            let v = try c.decodeInt(.apnsPriority, in: 1...10)
            guard [1, 5, 10].contains(v) else { throw c.invalid(.apnsPriority, "apns-priority is 10, 5 or 1, got \(v)") }
            apnsPriority = Int8(v)
        }
        collapseKey = try c.decodeOptional(KeyPattern.self, forKey: .collapseKey)
        tag = try c.decodeOptional(KeyPattern.self, forKey: .tag)
        if c.contains(.ttl) && c.contains(.expiration) { throw c.invalid(.expiration, "give \"ttl\" or \"expiration\", not both") }
        let lifetimeKey: CodingKeys = c.contains(.expiration) ? .expiration : .ttl
        lifetime = try c.decodeDurationIfPresent(lifetimeKey)
        if let l = lifetime, lifetimeKey == .ttl, l > Self.maximumTTL {
            throw c.invalid(lifetimeKey, "an FCM TTL is at most 28d (2,419,200 s), got \(l) s")
        }
        if let l = lifetime, lifetimeKey == .expiration, l > .days(30) {
            throw c.invalid(lifetimeKey, "APNs stores a notification at most about 30d, got \(l) s")
        }
        size = Int32(try c.decodeInt(.size, in: 0...4096, default: 0))
        send = try c.decodeBool(.send, default: true)
        mutableContent = try c.decodeBool(.mutableContent, default: false)
    }

    /// The push for `change`, sent now.
    public func push(id: Int64, cursor: Int64, change: Change, at now: SimTime) -> Push {
        Shape(self).push(id: id, cursor: cursor, change: change, at: now)
    }

    /// What a template sets on its pushes, without the patterns' texts: a value with no
    /// references, which the world keeps per change schedule and reads per change for free
    /// (a `MessageTemplate` copy retains two strings).
    struct Shape: Sendable {
        let type: MessageType, priority: FCMPriority?, apnsPriority: Int8?
        let collapseKey: KeyPattern.IDs?, tag: KeyPattern.IDs?
        let lifetime: SimDuration?, size: Int32, send: Bool, mutableContent: Bool

        init(_ t: MessageTemplate) {
            type = t.type; priority = t.priority; apnsPriority = t.apnsPriority
            collapseKey = t.collapseKey?.ids; tag = t.tag?.ids
            lifetime = t.lifetime; size = t.size; send = t.send; mutableContent = t.mutableContent
        }

        /// `MessageTemplate.push`.
        func push(id: Int64, cursor: Int64, change: Change, at now: SimTime) -> Push {
            var p = Push(id: id, cursor: cursor, change: change, sentAt: now)
            p.type = type
            // FCM's defaults: notification messages high, data messages normal. apns-priority:
            // as given; else 10 for FCM high and 5 for normal; else 10, except background
            // pushes, which must use 5 (A6, A7).
            p.priority = priority ?? (type == .data ? .normal : .high)
            p.apnsPriority = apnsPriority ?? priority.map { $0 == .high ? 10 : 5 } ?? (type == .data ? 5 : 10)
            p.collapseKey = collapseKey?.id(for: change.key)
            p.displayTag = tag?.id(for: change.key)
            p.lifetime = lifetime
            p.size = size
            p.mutableContent = mutableContent
            return p
        }
    }
}

/// A collapse key or tag string, where `{key}` stands for the changed key; turned into a
/// stable integer id (FNV-1a over the text, mixed with the key when `{key}` occurs).
public struct KeyPattern: Decodable, Sendable, Equatable {
    public var text: String
    private var base: Int64
    private var perKey: Bool

    public init(_ text: String) {
        self.text = text
        perKey = text.contains("{key}")
        base = Int64(bitPattern: UInt64(FNV1a64.hex(text.utf8), radix: 16)!)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard !text.isEmpty, text.utf8.count <= 64 else {
            throw decoder.invalid("expected a non-empty key of at most 64 bytes (apns-collapse-id limit, A8)")
        }
        self.init(text)
    }

    /// The id for a change of `key`.
    public func id(for key: Int32) -> Int64 { ids.id(for: key) }

    /// The pattern's ids without its text.
    var ids: IDs { IDs(base: base, perKey: perKey) }

    /// How a pattern turns a key into an id (`id(for:)`), as a value with no references.
    struct IDs: Sendable {
        let base: Int64, perKey: Bool
        func id(for key: Int32) -> Int64 { perKey ? base &+ Int64(key) &* 0x9E37_79B9 : base }
    }
}
