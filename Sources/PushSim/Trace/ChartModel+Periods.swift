/// The shaded periods and the cursor panel's series, from the `state` records (the main
/// device and app after each event that changed them), the other devices' `other_device`
/// records, the changes and the writes.
extension ChartModel {
    mutating func readPeriods(_ records: [TraceRecord], horizon: SimTime) {
        var open: [ChartLane.Shade: SimTime] = [:]
        func set(_ shade: ChartLane.Shade, _ on: Bool, _ t: SimTime, lane: ChartLane.ID) {
            if on, open[shade] == nil { open[shade] = t }
            if !on, let from = open[shade] {
                open[shade] = nil
                if t > from { periods.append(ChartLane.Period(lane: lane, shade: shade, from: from, to: t)) }
            }
        }
        var deep: String?, light: String?
        var otherOffline: [Int: SimTime] = [:]
        var server: [Int64: Int64] = [:], client: [Int64: Int64] = [:]
        var differing = 0, staleSince: SimTime?
        var cursor: Int64 = 0, written: Int64 = 0, aheadOfCursor = false
        func applied(_ t: SimTime) {
            let v = max(cursor, written)
            aheadOfCursor = aheadOfCursor || v != cursor
            if clientApplied.last?.value != v { clientApplied.append((t, v)) }
        }
        func compare(_ key: Int64, _ update: () -> Void, at t: SimTime) {
            let before = server[key, default: 0] != client[key, default: 0]
            update()
            let after = server[key, default: 0] != client[key, default: 0]
            differing += (after ? 1 : 0) - (before ? 1 : 0)
            if differing > 0, staleSince == nil { staleSince = t }
            if differing == 0, let from = staleSince {
                staleSince = nil
                if t > from { stale.append((from, t)) }
            }
        }
        serverHead.append((.zero, 0))
        for r in records {
            switch r.kind {
            case .state:
                if let app = r.text("app") {
                    set(.foreground, app == "foreground", r.time, lane: .app)
                    set(.background, app == "background", r.time, lane: .app)
                }
                if let online = r.flag("online") { set(.offline, !online, r.time, lane: .device(0)) }
                if let screen = r.flag("screen_on") { set(.screenOn, screen, r.time, lane: .device(0)) }
                if let d = r.text("deep") { deep = d }
                if let l = r.text("light") { light = l }
                if deep != nil || light != nil {
                    set(.deepIdle, deep == "idle", r.time, lane: .device(0))
                    set(.lightIdle, deep != "idle" && light == "idle", r.time, lane: .device(0))
                }
                if let c = r.int("cursor") {
                    clientCursor.append((r.time, c))
                    cursor = c
                    applied(r.time)
                }
            case .otherDevice:
                let device = Int(r.entity ?? 1)
                if r.text("change") == "offline", otherOffline[device] == nil { otherOffline[device] = r.time }
                if r.text("change") == "online", let from = otherOffline.removeValue(forKey: device), r.time > from {
                    periods.append(ChartLane.Period(lane: .device(device), shade: .offline, from: from, to: r.time))
                }
            case .change:
                guard let key = r.entity, let value = r.int("value") else { break }
                serverHead.append((r.time, value))
                compare(key, { server[key] = value }, at: r.time)
            case .write:
                guard let key = r.entity, let value = r.int("new") else { break }
                compare(key, { client[key] = value }, at: r.time)
                if r.text("from") == "payload" {
                    written = max(written, value)
                    applied(r.time)
                }
            case .reinstall:
                written = 0   // empty local state; the cursor's reset follows in a state record
            default: break
            }
        }
        for shade in ChartLane.Shade.allCases {
            let lane: ChartLane.ID = shade == .foreground || shade == .background ? .app : .device(0)
            set(shade, false, horizon, lane: lane)
        }
        for (device, from) in otherOffline.sorted(by: { $0.key < $1.key }) where horizon > from {
            periods.append(ChartLane.Period(lane: .device(device), shade: .offline, from: from, to: horizon))
        }
        if let from = staleSince, horizon > from { stale.append((from, horizon)) }
        if clientCursor.first?.time != .zero { clientCursor.insert((.zero, 0), at: 0) }
        if !aheadOfCursor { clientApplied = [] } else if clientApplied.first?.time != .zero { clientApplied.insert((.zero, 0), at: 0) }
        // Shaded periods in a fixed order: by lane, shade, start.
        periods.sort { ($0.lane, $0.shade.rawValue, $0.from) < ($1.lane, $1.shade.rawValue, $1.from) }
    }
}
