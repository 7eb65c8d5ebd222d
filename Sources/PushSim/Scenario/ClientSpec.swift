/// How the app's client code behaves (JSON `"client"`).
///
/// Pulls: each pull takes `pullLatency` and fails with probability `pullFailure` (both
/// drawn on the `client` stream); a pull also fails when the app has no network when it
/// starts (offline, or held back by Doze), when the device is offline when it completes,
/// or when it was started in the background and outlasts the app's background handler
/// time.
///
/// Tokens: `registration` says when the app sends its registration token to the server
/// (A10: Apple asks apps to register on every launch). Duplicates: with `dedupe` the app
/// (and its notification extension) drops a push whose notification id it has already
/// seen on that device.
public struct ClientSpec: Decodable, Sendable, ParamFieldDeclaring {
    public static let pullLatency = Param.distribution("pullLatency", default: .zero, doc: "time from a pull's request to its answer")
    public static let pullFailure = Param.probability("pullFailure", default: 0, doc: "chance a pull fails on its own")
    public static let registration = Param.enumeration("registration", default: Registration.everyLaunch,
                                                       doc: "when the app sends its registration token to the server")
    public static let dedupe = Param.boolean("dedupe", default: false, doc: "drop a push whose notification id the app has already seen")
    public static let responseSize = Param.integer("responseSize", default: 0, range: 0...100_000_000,
                                                   doc: "bytes of every applied pull answer (cost columns only)")
    public static let changeSize = Param.integer("changeSize", default: 0, range: 0...100_000_000,
                                                 doc: "bytes per change (per key for a snapshot) in an applied answer (cost columns only)")
    public static let pullJitter = Param.duration("pullJitter", default: .zero,
                                                  doc: "a pull the strategy asks for on a push starts after a uniform delay in [0, pullJitter)")
    public static let fields: [ParamField<Self>] = [
        .bind(pullLatency, \.pullLatency), .bind(pullFailure, \.pullFailure), .bind(registration, \.registration),
        .bind(dedupe, \.dedupe), .bind(responseSize, \.responseSize), .bind(changeSize, \.changeSize),
        .bind(pullJitter, \.pullJitter),
    ]

    public var pullLatency = ClientSpec.pullLatency.defaultValue
    public var pullFailure = ClientSpec.pullFailure.defaultValue
    /// When the app registers its token with the server.
    public var registration = ClientSpec.registration.defaultValue
    /// Whether the app drops copies of a notification id it has already seen.
    public var dedupe = ClientSpec.dedupe.defaultValue
    /// Bytes of every applied pull answer (0 … 100,000,000; default 0); with `changeSize`,
    /// only feeds the cost columns: an applied answer is `responseSize` bytes plus
    /// `changeSize` per change it carries (per key for a snapshot).
    public var responseSize = ClientSpec.responseSize.defaultValue
    /// Bytes per change (or, for a snapshot, per key) in an applied answer (0 … 100,000,000; default 0).
    public var changeSize = ClientSpec.changeSize.defaultValue
    /// The spread of the delay before a pull asked for on a push (`AppEvent.push`) starts (µs, ≥ 0; default 0,
    /// no delay and no draw): uniform in [0, pullJitter) on the `client` stream, the classic
    /// answer to a broadcast's thundering herd of pulls.
    public var pullJitter = ClientSpec.pullJitter.defaultValue

    /// When the app sends its registration token to the app server.
    public enum Registration: String, Sendable, CaseIterable {
        /// At every launch (A10, "Registering your app with APNs"): a rotated token is
        /// stale until the next launch, a token the server deleted comes back then.
        case everyLaunch
        /// When the platform hands the app a new token (FCM `onNewToken`): when the token
        /// rotates if the app's process runs, else when the process next starts (F15), and
        /// at a launch only if the token differs from the one the app last registered
        /// (after a reinstall). A token the server deleted while it was
        /// still current is not registered again until it changes.
        case tokenRefresh
    }

    /// Instantaneous pulls that never fail on their own; register at every launch; no de-duplication.
    public static let instant = ClientSpec()

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeFields(from: decoder)
    }
}
