/// The keys of `device.doze`, declared from the decoder's `CodingKeys` (see
/// `AnyParam.keyed`), with the AOSP defaults of `DozeParameters.aosp`.
extension DozeParameters: ParamDeclaring {
    /// One declaration per key of `device.doze`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let d = DozeParameters.aosp, n = key.stringValue
        func duration(_ v: SimDuration, repeats: Bool, _ doc: String) -> AnyParam {
            Param.duration(n, default: v, range: repeats ? .positive() : .any, doc: doc).any
        }
        func factor(_ v: Double, _ doc: String) -> AnyParam {
            .value(n, type: "factor ≥ 1", default: .number(v), doc: doc, schema: .object(["type": "number", "minimum": 1]))
        }
        func flag(_ v: Bool, _ doc: String) -> AnyParam { Param.boolean(n, default: v, doc: doc).any }
        switch key {
        case .inactive: return duration(d.inactive, repeats: false, "deep INACTIVE after screen off, unplugged (AOSP INACTIVE_TIMEOUT)")
        case .motionCheck: return duration(d.motionCheck, repeats: false, "deep IDLE_PENDING, waiting for no motion (AOSP IDLE_AFTER_INACTIVE_TIMEOUT)")
        case .motionInactive: return duration(d.motionInactive, repeats: false, "deep INACTIVE after motion from IDLE_PENDING on (AOSP MOTION_INACTIVE_TIMEOUT)")
        case .sensing: return duration(d.sensing, repeats: false, "deep SENSING (AOSP SENSING_TIMEOUT)")
        case .locating: return duration(d.locating, repeats: false, "deep LOCATING (AOSP LOCATING_TIMEOUT)")
        case .idle: return duration(d.idle, repeats: true, "first deep IDLE period, > 0 (AOSP IDLE_TIMEOUT)")
        case .idleFactor: return factor(d.idleFactor, "growth of each deep IDLE period, ≥ 1 (AOSP IDLE_FACTOR)")
        case .maxIdle: return duration(d.maxIdle, repeats: true, "cap on a deep IDLE period (AOSP MAX_IDLE_TIMEOUT)")
        case .maintenance: return duration(d.maintenance, repeats: true, "first deep maintenance window, > 0 (AOSP IDLE_PENDING_TIMEOUT)")
        case .maintenanceFactor: return factor(d.maintenanceFactor, "growth of each deep maintenance window, ≥ 1 (AOSP IDLE_PENDING_FACTOR)")
        case .maxMaintenance: return duration(d.maxMaintenance, repeats: true, "cap on a deep maintenance window (AOSP MAX_IDLE_PENDING_TIMEOUT)")
        case .minMaintenance: return duration(d.minMaintenance, repeats: false, "floor on a deep maintenance window (AOSP MIN_DEEP_MAINTENANCE_TIME)")
        case .quickDozeDelay: return duration(d.quickDozeDelay, repeats: false,
                                              "QUICK_DOZE_DELAY before deep IDLE while Battery Saver's Quick Doze is on (I8; AOSP QUICK_DOZE_DELAY_TIMEOUT)")
        case .lightAfterInactive: return duration(d.lightAfterInactive, repeats: false, "light INACTIVE; older builds 3m (AOSP LIGHT_IDLE_AFTER_INACTIVE_TIMEOUT)")
        case .lightPreIdle: return duration(d.lightPreIdle, repeats: false, "light PRE_IDLE (AOSP LIGHT_PRE_IDLE_TIMEOUT)")
        case .lightIdle: return duration(d.lightIdle, repeats: true, "first LIGHT_IDLE period, > 0 (AOSP LIGHT_IDLE_TIMEOUT)")
        case .lightIdleFactor: return factor(d.lightIdleFactor, "growth of each LIGHT_IDLE period, ≥ 1 (AOSP LIGHT_IDLE_FACTOR)")
        case .lightMaxIdle: return duration(d.lightMaxIdle, repeats: true, "cap on a LIGHT_IDLE period (AOSP LIGHT_MAX_IDLE_TIMEOUT)")
        case .lightMaintenance: return duration(d.lightMaintenance, repeats: true, "light maintenance window; AOSP budget 1m-5m (LIGHT_IDLE_MAINTENANCE_*_BUDGET)")
        case .deepEnabled: return flag(d.deepEnabled, "whether deep Doze runs")
        case .lightEnabled: return flag(d.lightEnabled, "whether light Doze runs")
        }
    }
}
