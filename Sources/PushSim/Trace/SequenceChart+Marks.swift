/// Point marks on the lanes: changes (with their value or stage), provider requests,
/// writes, notifications, taps, timers, `deletedMessages` and device events.
extension SequenceChart {
    mutating func drawMarks() {
        var freeLabel: [ChartLane.ID: Int] = [:]
        /// A label at most once per ~`width` px per lane.
        func labelFits(_ lane: ChartLane.ID, _ x: Int, _ width: Int) -> Bool {
            guard x >= freeLabel[lane, default: Int.min] else { return false }
            freeLabel[lane] = x + width
            return true
        }
        for m in model.marks {
            let lane = lane(m.lane), mx = x(m.time), y = lane.y
            switch m.kind {
            case .change:
                svg.circle(mx, y, 4, "change")
                if let label = m.label, labelFits(m.lane, mx, 12) { svg.text(mx + 2, y - 7, label, "small halo", rotate: -35) }
            case .send:
                svg.rect(mx - 3, y - 3, 6, 6, "send")
            case .notification, .staleNotification:
                // A diamond above the device line: the OS drew it (by=os) or the app posted it.
                let cls = m.kind == .notification ? "fresh" : "stale", top = y - 16
                svg.polygon([(mx, top - 5), (mx + 5, top), (mx, top + 5), (mx - 5, top)], cls)
                if m.label == "app" { svg.circle(mx, top, 1, "pull-write") }
            case .tap:
                svg.polygon([(mx, y + 5), (mx + 5, y + 13), (mx - 5, y + 13)], "tap")
            case .pullWrite: svg.circle(mx, y, 3, "pull-write")
            case .payloadWrite: svg.circle(mx, y, 3, "payload-write")
            case .regression: svg.circle(mx, y, 4, "regression")
            case .timer: svg.line(mx, y - 7, mx, y + 7, "timer")
            case .deletedMessages:
                svg.polyline([(mx, self.lane(.provider).y + 2), (mx, y - 3)], "deleted", marker: "arrow-deleted")
                if labelFits(.provider, mx, 90) { svg.text(mx + 3, y - 8, "deletedMessages", "tiny halo") }
            case .event:
                svg.line(mx, y - 9, mx, y + 9, "event")
                if let label = m.label, labelFits(m.lane, mx, 5 * label.count + 8) { svg.text(mx + 3, y + 18, label, "tiny halo") }
            }
        }
    }
}
