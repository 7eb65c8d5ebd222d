/// Android Doze, deep and light, as a deterministic state machine over simulated time.
///
/// Rules (PushSim's platform-rules table, docs/model.md): D1 from the Android page "Optimize for Doze and App
/// Standby" (Doze needs the device unplugged, stationary and screen off; movement,
/// screen-on or charging ends it); D2, D3 timings from the AOSP DeviceIdleController
/// constants (see `DozeParameters`); F6 from Firebase "Set and manage message priority"
/// (normal-priority FCM waits for a maintenance window).
///
/// Deep Doze (D2), with the screen off, unplugged and no motion:
/// INACTIVE `inactive` → IDLE_PENDING `motionCheck` → SENSING `sensing` → LOCATING `locating`
/// → IDLE, then IDLE and IDLE_MAINTENANCE alternate. IDLE lasts `idle` (1 h), growing by
/// `idleFactor` up to `maxIdle` (1, 2, 4, 6, 6 … h); maintenance lasts `maintenance` (5 min),
/// growing by `maintenanceFactor` up to `maxMaintenance`, never below `minMaintenance`
/// (5, 10, 10 … min). With the AOSP defaults the first IDLE begins 64 min 30 s after screen-off.
/// Motion (D1, AOSP `handleMotionDetectedLocked`): the significant-motion sensor is watched
/// from IDLE_PENDING on, so a `motion(at:)` in ACTIVE or INACTIVE changes nothing; in any
/// later state deep Doze goes back to INACTIVE for `motionInactive` (AOSP
/// `MOTION_INACTIVE_TIMEOUT`, 10 min, not the 30 min of `inactive`) with its initial idle and
/// maintenance lengths; the device is taken as stationary again right after. (AOSP's
/// AnyMotion check during SENSING, which goes back with `INACTIVE_TIMEOUT`, is not modelled:
/// motion comes only from the `motion` inputs.)
///
/// Quick Doze (I8: Android Battery Saver, AOSP `BatterySaverPolicy` `enableQuickDoze`;
/// `DeviceIdleController` `updateQuickDozeFlagLocked`, `becomeInactiveIfAppropriateLocked`):
/// while `quickDoze` is on, a screen-off, unplugged device goes to QUICK_DOZE_DELAY for
/// `quickDozeDelay` (AOSP `QUICK_DOZE_DELAY_TIMEOUT`, 60 s) and then straight to IDLE with
/// the initial idle and maintenance lengths, skipping the motion check, sensing and locating;
/// IDLE and IDLE_MAINTENANCE then alternate as above. Turning it on in INACTIVE,
/// IDLE_PENDING, SENSING or LOCATING moves deep Doze to QUICK_DOZE_DELAY at once; in IDLE or
/// IDLE_MAINTENANCE it changes nothing (AOSP: "already idling"). QUICK_DOZE_DELAY stops the
/// significant-motion sensor, so motion never leaves Quick Doze; a device already idling
/// through the normal ladder keeps it, and motion there goes back through QUICK_DOZE_DELAY
/// (AOSP: "come out briefly on motion"). Turning Quick Doze off changes no state (AOSP
/// leaves the device "in deep doze ... until the next natural time to come out of it":
/// screen-on, charging, or motion once the sensor is watched again).
///
/// Light Doze (D3), with the screen off and unplugged (motion does not matter):
/// INACTIVE `lightAfterInactive` → PRE_IDLE `lightPreIdle` → LIGHT_IDLE, then LIGHT_IDLE
/// (`lightIdle` 5 min growing to `lightMaxIdle` 15 min) and LIGHT_MAINTENANCE
/// (`lightMaintenance`, 1 min) alternate. When deep Doze reaches IDLE, light Doze is
/// suspended (OVERRIDE) until screen-on, charging or motion; after motion it restarts at
/// INACTIVE, as AOSP does.
///
/// Screen on or charging makes both ACTIVE at once and cancels every timer. Inputs that do
/// not change a condition (screen off while off) change nothing.
///
/// Driving it: call `advance(to:)` at `nextTransition` (later is also correct: every
/// transition happens at its own deadline, in time order). Deep transitions run before
/// light ones at the same instant. Each input first advances to its time, then applies,
/// then performs any zero-length phases, so after every call `nextTransition` is later than
/// `time` or nil. Time never moves back (a trap otherwise). No randomness, integer time.
public struct DozeController: Sendable, Equatable {
    /// Deep Doze states, named after AOSP `STATE_*`.
    public enum DeepState: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
        case active, inactive, idlePending, sensing, locating, idle, idleMaintenance
        /// AOSP `STATE_QUICK_DOZE_DELAY`: Quick Doze's wait before IDLE (I8).
        case quickDozeDelay
    }

    /// Light Doze states, named after AOSP `LIGHT_STATE_*`. `override`: suspended because
    /// deep Doze is IDLE or IDLE_MAINTENANCE.
    public enum LightState: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
        case active, inactive, preIdle, idle, idleMaintenance, override
    }

    /// The timing in use.
    public let parameters: DozeParameters
    /// The state (`DozeState`), which the parameters drive.
    private(set) var state: DozeState

    /// The deep Doze state at `time`.
    public var deep: DeepState { state.deep }
    /// The light Doze state at `time`.
    public var light: LightState { state.light }
    /// Whether the screen is on.
    public var screenOn: Bool { state.screenOn }
    /// Whether the device is charging.
    public var charging: Bool { state.charging }
    /// The latest time the controller was advanced to.
    public var time: SimTime { state.time }
    /// Whether Quick Doze is on (Android Battery Saver, I8).
    public var quickDoze: Bool { state.quickDoze }

    /// A device whose screen and charger are as given at `at`. If the screen is off and
    /// the device unplugged, Doze starts counting from `at` (both at INACTIVE).
    /// - Precondition: `parameters.isValid` (decoded parameters always are).
    public init(parameters: DozeParameters, screenOn: Bool, charging: Bool, at: SimTime) {
        self.parameters = parameters
        state = DozeState(parameters, screenOn: screenOn, charging: charging, at: at)
    }

    /// Network restricted for normal-priority FCM and app network access (rule F6): deep
    /// IDLE, or LIGHT_IDLE while deep Doze is not IDLE or IDLE_MAINTENANCE.
    public var isRestricted: Bool { state.isRestricted }

    /// Inside a deep or light maintenance window, when deferred work and messages get through.
    public var isMaintenance: Bool { state.isMaintenance }

    /// The earliest pending timed transition; nil when none (ACTIVE, or both disabled).
    public var nextTransition: SimTime? { state.nextTransition }

    /// Performs every timed transition with deadline ≤ `now`, in time order (deep first on
    /// ties), each at its own deadline. - Complexity: O(transitions performed).
    /// - Precondition: `now >= time`.
    public mutating func advance(to now: SimTime) { state.advance(parameters, to: now) }

    /// The screen turns on (both ACTIVE) or off (Doze starts counting if unplugged).
    public mutating func setScreen(on: Bool, at now: SimTime) { state.setScreen(parameters, on: on, at: now) }

    /// The charger is plugged in (both ACTIVE) or out (Doze starts counting if screen off).
    public mutating func setCharging(_ charging: Bool, at now: SimTime) { state.setCharging(parameters, charging, at: now) }

    /// Quick Doze turns on or off (Android Battery Saver, I8; see the type's comment). On,
    /// with the screen off and unplugged, outside QUICK_DOZE_DELAY, IDLE and IDLE_MAINTENANCE:
    /// deep Doze goes to QUICK_DOZE_DELAY now. Off: only the flag changes.
    public mutating func setQuickDoze(_ on: Bool, at now: SimTime) { state.setQuickDoze(parameters, on, at: now) }

    /// The significant-motion sensor fires. If it is watched (from IDLE_PENDING on, along
    /// the normal ladder), deep Doze restarts at INACTIVE for `motionInactive` (at
    /// QUICK_DOZE_DELAY while Quick Doze is on) with its initial idle and maintenance
    /// lengths; in ACTIVE, INACTIVE and Quick Doze nothing watches for motion, so nothing
    /// changes. Light Doze restarts only if it was overridden.
    public mutating func motion(at now: SimTime) { state.motion(parameters, at: now) }
}
