/// The timing of Android Doze, deep and light, as `DozeController` plays it.
///
/// Defaults are the AOSP DeviceIdleController constants (platform rules D2, D3, and I8's
/// `quickDozeDelay`); vendors change them, so every one is a parameter. Doze itself (rule
/// D1) is described in the Android page "Optimize for Doze and App Standby": it starts when
/// the device is unplugged, stationary and the screen is off, and movement, screen-on or
/// charging ends it.
///
/// JSON (every key optional; absent keys keep the AOSP default; unknown keys are errors):
/// ```json
/// {"inactive": "30m", "idle": "1h", "idleFactor": 2, "maxIdle": "6h",
///  "lightAfterInactive": "3m", "deepEnabled": true}
/// ```
/// Durations are strings with a unit (`"30s"`, `"5m"`); factors are numbers ≥ 1.
/// `idle`, `maxIdle`, `maintenance`, `maxMaintenance`, `lightIdle`, `lightMaxIdle` and
/// `lightMaintenance` must be > 0 (they repeat forever); the one-shot phases may be `"0s"`.
/// Growth follows AOSP: next = min(previous × factor, max), but never below the initial
/// value, so a cap below the initial value means every period has the initial length.
public struct DozeParameters: Decodable, Sendable, Equatable {
    // MARK: Deep Doze (D2)

    /// Screen-off, unplugged time before the motion check starts (INACTIVE).
    /// AOSP `INACTIVE_TIMEOUT`, 30 min.
    public var inactive: SimDuration
    /// Length of IDLE_PENDING, the wait for no motion. AOSP `IDLE_AFTER_INACTIVE_TIMEOUT`, 30 min.
    public var motionCheck: SimDuration
    /// INACTIVE after the motion sensor fires (from IDLE_PENDING onwards), instead of
    /// `inactive`. AOSP `MOTION_INACTIVE_TIMEOUT`, 10 min (`handleMotionDetectedLocked`).
    public var motionInactive: SimDuration
    /// Length of SENSING (motion sensor sampling). AOSP `SENSING_TIMEOUT`, 4 min.
    public var sensing: SimDuration
    /// Length of LOCATING (location fix). AOSP `LOCATING_TIMEOUT`, 30 s.
    public var locating: SimDuration
    /// First deep IDLE period. AOSP `IDLE_TIMEOUT`, 1 h. Must be > 0.
    public var idle: SimDuration
    /// Growth of each following IDLE period. AOSP `IDLE_FACTOR`, 2. ≥ 1.
    public var idleFactor: Double
    /// Cap on an IDLE period. AOSP `MAX_IDLE_TIMEOUT`, 6 h. Must be > 0.
    public var maxIdle: SimDuration
    /// First deep maintenance window (IDLE_MAINTENANCE). AOSP `IDLE_PENDING_TIMEOUT`, 5 min. > 0.
    public var maintenance: SimDuration
    /// Growth of each following maintenance window. AOSP `IDLE_PENDING_FACTOR`, 2. ≥ 1.
    public var maintenanceFactor: Double
    /// Cap on a maintenance window. AOSP `MAX_IDLE_PENDING_TIMEOUT`, 10 min. Must be > 0.
    public var maxMaintenance: SimDuration
    /// Floor on every maintenance window. AOSP `MIN_DEEP_MAINTENANCE_TIME`, 30 s. AOSP may end
    /// a window early once work is done but not before this; PushSim always runs the full window.
    public var minMaintenance: SimDuration
    /// Length of QUICK_DOZE_DELAY, the wait between screen-off and deep IDLE while Quick
    /// Doze is on (Android Battery Saver, I8: AOSP `BatterySaverPolicy` `enableQuickDoze`).
    /// AOSP `QUICK_DOZE_DELAY_TIMEOUT`, 60 s. May be 0 (IDLE at once).
    public var quickDozeDelay: SimDuration

    // MARK: Light Doze (D3)

    /// Screen-off, unplugged time before light PRE_IDLE. AOSP
    /// `LIGHT_IDLE_AFTER_INACTIVE_TIMEOUT`, 1 min (3 min in older builds).
    public var lightAfterInactive: SimDuration
    /// Length of light PRE_IDLE. AOSP `LIGHT_PRE_IDLE_TIMEOUT`, 3 min.
    public var lightPreIdle: SimDuration
    /// First LIGHT_IDLE period. AOSP `LIGHT_IDLE_TIMEOUT`, 5 min. Must be > 0.
    public var lightIdle: SimDuration
    /// Growth of each following LIGHT_IDLE period. AOSP `LIGHT_IDLE_FACTOR`, 2. ≥ 1.
    public var lightIdleFactor: Double
    /// Cap on a LIGHT_IDLE period. AOSP `LIGHT_MAX_IDLE_TIMEOUT`, 15 min. Must be > 0.
    public var lightMaxIdle: SimDuration
    /// Every light maintenance window. AOSP budget `LIGHT_IDLE_MAINTENANCE_MIN_BUDGET` 1 min
    /// … `LIGHT_IDLE_MAINTENANCE_MAX_BUDGET` 5 min; PushSim uses a fixed length. Must be > 0.
    public var lightMaintenance: SimDuration

    /// Whether deep Doze runs at all (`dumpsys deviceidle disable deep`). Default true.
    public var deepEnabled: Bool
    /// Whether light Doze runs at all. Default true.
    public var lightEnabled: Bool

    /// Memberwise; every argument defaults to the AOSP value. Not validated: the decoder
    /// validates JSON, and `DozeController.init` traps on values that would loop forever.
    public init(
        inactive: SimDuration = .minutes(30), motionCheck: SimDuration = .minutes(30),
        motionInactive: SimDuration = .minutes(10),
        sensing: SimDuration = .minutes(4), locating: SimDuration = .seconds(30),
        idle: SimDuration = .hours(1), idleFactor: Double = 2, maxIdle: SimDuration = .hours(6),
        maintenance: SimDuration = .minutes(5), maintenanceFactor: Double = 2,
        maxMaintenance: SimDuration = .minutes(10), minMaintenance: SimDuration = .seconds(30),
        quickDozeDelay: SimDuration = .seconds(60),
        lightAfterInactive: SimDuration = .minutes(1), lightPreIdle: SimDuration = .minutes(3),
        lightIdle: SimDuration = .minutes(5), lightIdleFactor: Double = 2,
        lightMaxIdle: SimDuration = .minutes(15), lightMaintenance: SimDuration = .minutes(1),
        deepEnabled: Bool = true, lightEnabled: Bool = true
    ) {
        self.inactive = inactive; self.motionCheck = motionCheck; self.motionInactive = motionInactive
        self.sensing = sensing; self.locating = locating
        self.idle = idle; self.idleFactor = idleFactor; self.maxIdle = maxIdle
        self.maintenance = maintenance; self.maintenanceFactor = maintenanceFactor
        self.maxMaintenance = maxMaintenance; self.minMaintenance = minMaintenance; self.quickDozeDelay = quickDozeDelay
        self.lightAfterInactive = lightAfterInactive; self.lightPreIdle = lightPreIdle
        self.lightIdle = lightIdle; self.lightIdleFactor = lightIdleFactor
        self.lightMaxIdle = lightMaxIdle; self.lightMaintenance = lightMaintenance
        self.deepEnabled = deepEnabled; self.lightEnabled = lightEnabled
    }

    /// The AOSP DeviceIdleController defaults (platform rules D2, D3).
    public static let aosp = DozeParameters()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case inactive, motionCheck, motionInactive, sensing, locating, idle, idleFactor, maxIdle
        case maintenance, maintenanceFactor, maxMaintenance, minMaintenance, quickDozeDelay
        case lightAfterInactive, lightPreIdle, lightIdle, lightIdleFactor, lightMaxIdle, lightMaintenance
        case deepEnabled, lightEnabled
    }

    /// Decodes strictly; see the type's comment for the shape.
    /// - Throws: `DecodingError` whose coding path ends at the offending key: an unknown key,
    ///   a duration that is not a string with a unit (or is negative), a zero duration where
    ///   one must be > 0, a factor < 1 or not finite, a non-boolean switch.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = DozeParameters.aosp
        func duration(_ key: CodingKeys, _ fallback: SimDuration, positive: Bool) throws -> SimDuration {
            guard let v = try c.decodeDurationIfPresent(key) else { return fallback }
            if positive, v <= .zero { throw c.invalid(key, "expected a duration > 0 (this period repeats), got zero") }
            return v
        }
        func factor(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            guard c.contains(key) else { return fallback }
            let v = try c.decode(Double.self, forKey: key)
            guard v.isFinite, v >= 1 else { throw c.invalid(key, "expected a factor ≥ 1, got \(v)") }
            return v
        }
        inactive = try duration(.inactive, d.inactive, positive: false)
        motionCheck = try duration(.motionCheck, d.motionCheck, positive: false)
        motionInactive = try duration(.motionInactive, d.motionInactive, positive: false)
        sensing = try duration(.sensing, d.sensing, positive: false)
        locating = try duration(.locating, d.locating, positive: false)
        idle = try duration(.idle, d.idle, positive: true)
        idleFactor = try factor(.idleFactor, d.idleFactor)
        maxIdle = try duration(.maxIdle, d.maxIdle, positive: true)
        maintenance = try duration(.maintenance, d.maintenance, positive: true)
        maintenanceFactor = try factor(.maintenanceFactor, d.maintenanceFactor)
        maxMaintenance = try duration(.maxMaintenance, d.maxMaintenance, positive: true)
        minMaintenance = try duration(.minMaintenance, d.minMaintenance, positive: false)
        quickDozeDelay = try duration(.quickDozeDelay, d.quickDozeDelay, positive: false)
        lightAfterInactive = try duration(.lightAfterInactive, d.lightAfterInactive, positive: false)
        lightPreIdle = try duration(.lightPreIdle, d.lightPreIdle, positive: false)
        lightIdle = try duration(.lightIdle, d.lightIdle, positive: true)
        lightIdleFactor = try factor(.lightIdleFactor, d.lightIdleFactor)
        lightMaxIdle = try duration(.lightMaxIdle, d.lightMaxIdle, positive: true)
        lightMaintenance = try duration(.lightMaintenance, d.lightMaintenance, positive: true)
        deepEnabled = try c.decodeBool(.deepEnabled, default: d.deepEnabled)
        lightEnabled = try c.decodeBool(.lightEnabled, default: d.lightEnabled)
    }

    /// Whether the values keep the state machine finite: repeating periods > 0, one-shot
    /// phases ≥ 0, factors finite and ≥ 1. Always true for decoded parameters.
    public var isValid: Bool {
        let repeating = [idle, maxIdle, maintenance, maxMaintenance, lightIdle, lightMaxIdle, lightMaintenance]
        let oneShot = [inactive, motionCheck, motionInactive, sensing, locating, minMaintenance, quickDozeDelay,
                       lightAfterInactive, lightPreIdle]
        let factors = [idleFactor, maintenanceFactor, lightIdleFactor]
        return repeating.allSatisfy { $0 > .zero } && oneShot.allSatisfy { $0 >= .zero }
            && factors.allSatisfy { $0.isFinite && $0 >= 1 }
    }

    /// One row per JSON key, in declaration order, for docs/model.md: `params` as
    /// (name, `duration` | `factor` | `bool`, the default's JSON text, meaning).
    public static var parameterDocs: [(name: String, type: String, defaultValue: String, summary: String)] {
        params.map { p in
            let type = p.type.hasPrefix("duration") ? "duration" : p.type.hasPrefix("factor") ? "factor" : "bool"
            let value: String
            if case .string(let text)? = p.defaultJSON { value = text } else { value = p.defaultJSON?.compact ?? "" }
            return (p.name, type, value, p.doc)
        }
    }
}
