/// The app and its user (JSON `"device.app"`): when the user opens it and for how long,
/// when they force-quit or swipe it away, whether they tap notifications.
///
/// ```json
/// {"foreground": ["60s"], "sessionLength": "1m",
///  "sessions": [{"at": "2h", "length": "5m"}],
///  "opens": {"gap": {"kind": "exponential", "mean": 4, "unit": "h"}, "session": "2m"},
///  "initialState": "background", "forceQuit": ["5m"], "swipeAway": [],
///  "tap": {"probability": 0.3, "delay": "20s"}, "handlerTime": "30s"}
/// ```
public struct AppSpec: Decodable, Sendable {
    /// App opens at these times, each for `sessionLength`.
    public var foreground: [SimDuration] = []
    /// Session length for `foreground` opens and taps (default 1 min).
    public var sessionLength: SimDuration = .minutes(1)
    /// App opens with their own lengths.
    public var sessions: [Session] = []
    /// App opens as a renewal process drawn per replication on the `device.user` stream.
    public var opens: RandomOpens?
    /// State at t = 0.
    public var initialState: AppState = .background
    /// Times the user force-quits (iOS: swipes away, I2) or force-stops (Android
    /// Settings → Force stop, D5) the app; it stays stopped until the next launch.
    public var forceQuit: [SimDuration] = []
    /// Android: swiped from Recents (process ends, not a force stop, D5).
    public var swipeAway: [SimDuration] = []
    /// Chance (0…1) that the user taps a displayed notification, and after how long.
    public var tapProbability: Double = 0
    public var tapDelay: DurationDistribution = .constant(.seconds(10))
    /// Wall time the app has to finish work started in the background (pull included);
    /// default: iOS 30 s (I5), Android 10 s (D6), generic unlimited.
    public var handlerTime: SimDuration?
    /// How long the Notification Service Extension may take before the original content is
    /// shown (I7; Apple, "UNNotificationServiceExtension": "about 30 seconds"; µs, > 0).
    public var serviceExtensionTime = SimDuration.seconds(30)

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case foreground, sessionLength, sessions, opens, initialState, forceQuit, swipeAway, tap, handlerTime, serviceExtensionTime
    }
    enum TapKeys: String, CodingKey, CaseIterable { case probability, delay }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        foreground = try c.decodeDurations(.foreground)
        sessionLength = try c.decodeDurationIfPresent(.sessionLength) ?? .minutes(1)
        sessions = try c.decodeOptional([Session].self, forKey: .sessions) ?? []
        opens = try c.decodeOptional(RandomOpens.self, forKey: .opens)
        initialState = try c.decodeEnum(.initialState, default: .background)
        forceQuit = try c.decodeDurations(.forceQuit)
        swipeAway = try c.decodeDurations(.swipeAway)
        if c.contains(.tap) {
            let t = try c.superDecoder(forKey: .tap)
            try t.rejectUnknownKeys(TapKeys.self)
            let tc = try t.container(keyedBy: TapKeys.self)
            tapProbability = try tc.decodeProbability(.probability)
            tapDelay = try tc.decodeOptional(DurationDistribution.self, forKey: .delay) ?? .constant(.seconds(10))
        }
        handlerTime = try c.decodeDurationIfPresent(.handlerTime)
        serviceExtensionTime = try c.decodeDurationIfPresent(.serviceExtensionTime) ?? .seconds(30)
        guard serviceExtensionTime > .zero else { throw c.invalid(.serviceExtensionTime, "expected a service extension time longer than 0s") }
    }

    /// Every app session (start, length) up to `horizon`, sorted by start; random opens
    /// are drawn from `random`.
    public func sessions(until horizon: SimTime, random: RandomStream) -> [Session] {
        var all: [Session] = []
        sessions(until: horizon, random: random, into: &all)
        return all
    }

    /// `sessions(until:random:)` into `out` (emptied first, its storage kept: a reused
    /// world's buffer).
    public func sessions(until horizon: SimTime, random: RandomStream, into out: inout [Session]) {
        out.removeAll(keepingCapacity: true)
        for at in foreground { out.append(Session(at: at, length: sessionLength)) }
        out.append(contentsOf: sessions)
        if let opens {
            var t = SimDuration.zero
            while true {
                t = t + max(SimDuration(microseconds: 1), opens.gap.sample(random))
                guard .zero + t <= horizon else { break }
                out.append(Session(at: t, length: opens.session.sample(random)))
            }
        }
        out.sort { $0.at < $1.at }
    }
}

/// The app's process state.
public enum AppState: String, Sendable, CaseIterable, Decodable {
    /// On screen; the user is looking at it.
    case foreground
    /// Running (or suspended) in the background.
    case background
    /// No process (never launched, swiped away, or stopped).
    case notRunning
}

/// One app session: opened at `at`, in the foreground for `length`.
public struct Session: Decodable, Sendable, Equatable, ParamFieldDeclaring {
    public static let at = Param.duration("at", default: nil, doc: "when the user opens the app")
    public static let length = Param.duration("length", default: .minutes(1), doc: "how long the app stays in the foreground")
    public static let fields: [ParamField<Self>] = [.bind(at, \.at), .bind(length, \.length)]

    public var at: SimDuration
    public var length: SimDuration

    public init(at: SimDuration, length: SimDuration) { self.at = at; self.length = length }

    public init(from decoder: any Decoder) throws {
        self.init(at: .zero, length: Session.length.defaultValue)
        try decodeFields(from: decoder)
    }
}

/// App opens as a renewal process: gaps between opens and session lengths are drawn.
public struct RandomOpens: Decodable, Sendable {
    public var gap: DurationDistribution
    public var session: DurationDistribution

    enum CodingKeys: String, CodingKey, CaseIterable { case gap, session }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gap = try c.decode(DurationDistribution.self, forKey: .gap)
        session = try c.decodeOptional(DurationDistribution.self, forKey: .session) ?? .constant(.minutes(1))
        guard gap.meanDuration >= .seconds(1) else { throw c.invalid(.gap, "the gap between app opens needs a mean of at least 1s") }
    }
}
