/// The state of Android Doze on one device (D1–D3, I8): what varies per device, without
/// the timing (`DozeParameters`), which every call is given. A device holds this (its
/// profile's parameters are shared), and `DozeController` wraps it with its parameters;
/// the rules are on `DozeController`. Plain data (`BitwiseCopyable`, checked by the
/// compiler), 64 bytes where the controller with its parameters was 232. The fields are
/// declared by size: the 8-byte ones first, the one-byte ones in the first optional's padding.
struct DozeState: Sendable, Equatable, BitwiseCopyable {
    /// The latest time the controller was advanced to.
    private(set) var time: SimTime
    /// Length of the next deep IDLE, next deep maintenance window, next LIGHT_IDLE.
    private var nextIdle: SimDuration
    private var nextMaintenance: SimDuration
    private var nextLightIdle: SimDuration
    /// When the current deep state ends by itself (nil: it does not).
    private var deepDeadline: SimTime?
    /// The deep Doze state at `time`.
    private(set) var deep: DozeController.DeepState
    /// The light Doze state at `time`.
    private(set) var light: DozeController.LightState
    /// Whether the screen is on.
    private(set) var screenOn: Bool
    /// Whether the device is charging.
    private(set) var charging: Bool
    /// Whether Quick Doze is on (Android Battery Saver, I8).
    private(set) var quickDoze = false
    /// Whether the significant-motion sensor is watched (AOSP `startMonitoringMotionLocked`
    /// at INACTIVE → IDLE_PENDING; stopped by ACTIVE, INACTIVE and QUICK_DOZE_DELAY).
    private var motionWatched = false
    /// When the current light state ends by itself (nil: it does not).
    private var lightDeadline: SimTime?

    /// See `DozeController.init`.
    init(_ parameters: DozeParameters, screenOn: Bool, charging: Bool, at: SimTime) {
        precondition(parameters.isValid, "DozeParameters would make Doze loop forever: \(parameters)")
        self.screenOn = screenOn
        self.charging = charging
        time = at
        deep = .active
        light = .active
        nextIdle = parameters.idle
        nextMaintenance = parameters.maintenance
        nextLightIdle = parameters.lightIdle
        if dozeAllowed {
            startDeep(parameters, at: at)
            startLight(parameters, at: at)
            advance(parameters, to: at)
        }
    }

    /// Network restricted for normal-priority FCM and app network access (rule F6): deep
    /// IDLE, or LIGHT_IDLE while deep Doze is not IDLE or IDLE_MAINTENANCE.
    var isRestricted: Bool { Self.isRestricted(deep: deep, light: light) }

    /// `isRestricted` for the states `deep` and `light` (for callers that read the two
    /// fields in place: reading a computed property of a stored controller copied it).
    @inline(__always)
    static func isRestricted(deep: DozeController.DeepState, light: DozeController.LightState) -> Bool {
        deep == .idle || (light == .idle && deep != .idle && deep != .idleMaintenance)
    }

    /// Inside a deep or light maintenance window, when deferred work and messages get through.
    var isMaintenance: Bool { deep == .idleMaintenance || light == .idleMaintenance }

    /// The earliest pending timed transition; nil when none (ACTIVE, or both disabled).
    var nextTransition: SimTime? {
        switch (deepDeadline, lightDeadline) {
        case let (d?, l?): return min(d, l)
        case let (d?, nil): return d
        case let (nil, l?): return l
        case (nil, nil): return nil
        }
    }

    /// Performs every timed transition with deadline ≤ `now`, in time order (deep first on
    /// ties), each at its own deadline. - Complexity: O(transitions performed).
    /// - Precondition: `now >= time`.
    mutating func advance(_ p: DozeParameters, to now: SimTime) {
        precondition(now >= time, "Doze cannot go back in time (\(now) < \(time))")
        while let next = nextTransition, next <= now {
            if let d = deepDeadline, d == next { stepDeep(p, at: d) } else { stepLight(p, at: next) }
        }
        time = now
    }

    /// The screen turns on (both ACTIVE) or off (Doze starts counting if unplugged).
    mutating func setScreen(_ p: DozeParameters, on: Bool, at now: SimTime) {
        apply(p, at: now) { $0.screenOn = on }
    }

    /// The charger is plugged in (both ACTIVE) or out (Doze starts counting if screen off).
    mutating func setCharging(_ p: DozeParameters, _ charging: Bool, at now: SimTime) {
        apply(p, at: now) { $0.charging = charging }
    }

    /// Quick Doze turns on or off (Android Battery Saver, I8; see the type's comment). On,
    /// with the screen off and unplugged, outside QUICK_DOZE_DELAY, IDLE and IDLE_MAINTENANCE:
    /// deep Doze goes to QUICK_DOZE_DELAY now. Off: only the flag changes.
    mutating func setQuickDoze(_ p: DozeParameters, _ on: Bool, at now: SimTime) {
        advance(p, to: now)
        quickDoze = on
        guard on, dozeAllowed, deep != .quickDozeDelay, deep != .idle, deep != .idleMaintenance else { return }
        startDeep(p, at: now)
        advance(p, to: now)
    }

    /// The significant-motion sensor fires. If it is watched (from IDLE_PENDING on, along
    /// the normal ladder), deep Doze restarts at INACTIVE for `motionInactive` (at
    /// QUICK_DOZE_DELAY while Quick Doze is on) with its initial idle and maintenance
    /// lengths; in ACTIVE, INACTIVE and Quick Doze nothing watches for motion, so nothing
    /// changes. Light Doze restarts only if it was overridden.
    mutating func motion(_ p: DozeParameters, at now: SimTime) {
        advance(p, to: now)
        guard motionWatched else { return }
        let wasOverridden = light == .override
        startDeep(p, at: now, inactive: p.motionInactive)
        if wasOverridden { startLight(p, at: now) }
        advance(p, to: now)
    }

    // MARK: - Internals

    private var dozeAllowed: Bool { !screenOn && !charging }

    private mutating func apply(_ p: DozeParameters, at now: SimTime, _ change: (inout DozeState) -> Void) {
        advance(p, to: now)
        let wasAllowed = dozeAllowed
        change(&self)
        if !dozeAllowed {
            becomeActive()
        } else if !wasAllowed {
            startDeep(p, at: now)
            startLight(p, at: now)
            advance(p, to: now)
        }
    }

    private mutating func becomeActive() {
        deep = .active; deepDeadline = nil; motionWatched = false
        light = .active; lightDeadline = nil
    }

    /// Deep Doze from INACTIVE at `t`, for `inactive` (default: `p.inactive`), or from
    /// QUICK_DOZE_DELAY while Quick Doze is on; either way the motion sensor is off.
    private mutating func startDeep(_ p: DozeParameters, at t: SimTime, inactive: SimDuration? = nil) {
        nextIdle = p.idle
        nextMaintenance = p.maintenance
        motionWatched = false
        guard p.deepEnabled else { deep = .active; deepDeadline = nil; return }
        if quickDoze { deep = .quickDozeDelay; deepDeadline = t + p.quickDozeDelay; return }
        deep = .inactive
        deepDeadline = t + (inactive ?? p.inactive)
    }

    private mutating func startLight(_ p: DozeParameters, at t: SimTime) {
        nextLightIdle = p.lightIdle
        guard p.lightEnabled else { light = .active; lightDeadline = nil; return }
        light = .inactive
        lightDeadline = t + p.lightAfterInactive
    }

    private mutating func stepDeep(_ p: DozeParameters, at t: SimTime) {
        switch deep {
        case .inactive: deep = .idlePending; deepDeadline = t + p.motionCheck; motionWatched = true
        case .idlePending: deep = .sensing; deepDeadline = t + p.sensing
        case .sensing: deep = .locating; deepDeadline = t + p.locating
        case .locating, .idleMaintenance, .quickDozeDelay:
            deep = .idle
            deepDeadline = t + nextIdle
            nextIdle = Self.grow(nextIdle, by: p.idleFactor, cap: p.maxIdle, floor: p.idle)
            light = .override
            lightDeadline = nil
        case .idle:
            deep = .idleMaintenance
            deepDeadline = t + max(nextMaintenance, p.minMaintenance)
            nextMaintenance = Self.grow(nextMaintenance, by: p.maintenanceFactor, cap: p.maxMaintenance, floor: p.maintenance)
        case .active:
            preconditionFailure("Doze: a deep deadline is pending while ACTIVE")
        }
    }

    private mutating func stepLight(_ p: DozeParameters, at t: SimTime) {
        switch light {
        case .inactive: light = .preIdle; lightDeadline = t + p.lightPreIdle
        case .preIdle, .idleMaintenance:
            light = .idle
            lightDeadline = t + nextLightIdle
            nextLightIdle = Self.grow(nextLightIdle, by: p.lightIdleFactor, cap: p.lightMaxIdle, floor: p.lightIdle)
        case .idle: light = .idleMaintenance; lightDeadline = t + p.lightMaintenance
        case .active, .override:
            preconditionFailure("Doze: a light deadline is pending while \(light)")
        }
    }

    /// AOSP growth: min(d × factor, cap) truncated to whole microseconds, but ≥ floor.
    static func grow(_ d: SimDuration, by factor: Double, cap: SimDuration, floor: SimDuration) -> SimDuration {
        let product = Double(d.microseconds) * factor
        let capped = product >= Double(cap.microseconds) ? cap : SimDuration(microseconds: Int64(product))
        return max(capped, floor)
    }
}
