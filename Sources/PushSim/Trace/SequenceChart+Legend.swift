/// The legend, below the cursor panel (outside the data): every symbol the chart uses (and
/// only those, in a fixed order), in four columns.
extension SequenceChart {
    /// One legend entry's symbol, drawn in a 24 × 12 box whose left middle is (x, y).
    enum Symbol {
        case dot(String), square(String), diamond(String), triangle(String), cross, tick(String)
        case line(String, marker: String?), band(String), strip(String)
    }

    static let legendColumns = 4, legendColumnWidth = 270, legendRow = 17

    /// What a legend entry stands for, to tell whether a run uses it.
    enum Use {
        case mark(ChartModel.Mark.Kind), copy, duplicate, otherCopy, held(Int), stored, ended, handoff, pullRequest, pullAnswer
        case shade(ChartLane.Shade), always, applied, stale, cut
    }

    /// Every entry, in the legend's fixed order; a chart shows those its run uses (`legend`).
    static let allLegend: [(Symbol, String, Use)] = [
        (.dot("change"), "server change (value or stage)", .mark(.change)),
        (.square("send"), "send (on the sender lane)", .mark(.send)),
        (.line("request", marker: "arrow-request"), "provider request (sender → provider)", .mark(.send)),
        (.line("copy", marker: "arrow-copy"), "push copy to the device", .copy),
        (.line("copy duplicate", marker: "arrow-copy"), "duplicate copy", .duplicate),
        (.line("copy-other", marker: "arrow-other"), "copy to another device", .otherCopy),
        (.line("held-0", marker: nil), "held for Doze (delayed_device_doze)", .held(0)),
        (.line("held-1", marker: nil), "held while offline", .held(1)),
        (.line("held-2", marker: nil), "held: throttled, priority or budget", .held(2)),
        (.line("held-3", marker: nil), "held: app stopped by the user", .held(3)),
        (.line("stored", marker: nil), "stored, then ended without arriving", .stored),
        (.cross, "copy ended here: outcome (×n: n of them)", .ended),
        (.line("deleted", marker: "arrow-deleted"), "deletedMessages (provider → device)", .mark(.deletedMessages)),
        (.line("handoff", marker: nil), "change → its send (slanted: sent later)", .handoff),
        (.line("pull-request", marker: "arrow-pull"), "pull request (app → server)", .pullRequest),
        (.line("pull-answer", marker: "arrow-pull"), "pull answer (+n changes, reset)", .pullAnswer),
        (.dot("pull-write"), "write from a pull", .mark(.pullWrite)),
        (.dot("payload-write"), "write of a push payload", .mark(.payloadWrite)),
        (.dot("regression"), "write regressing to an older state", .mark(.regression)),
        (.diamond("fresh"), "notification shown, current", .mark(.notification)),
        (.diamond("stale"), "notification shown, stale", .mark(.staleNotification)),
        (.triangle("tap"), "notification tapped", .mark(.tap)),
        (.tick("timer"), "strategy timer", .mark(.timer)),
        (.tick("event"), "device event (named)", .mark(.event)),
        (.band("shade-foreground"), "app in the foreground", .shade(.foreground)),
        (.band("shade-background"), "app running in the background", .shade(.background)),
        (.band("shade-offline"), "device offline", .shade(.offline)),
        (.strip("shade-screenOn"), "screen on", .shade(.screenOn)),
        (.band("shade-lightIdle"), "light Doze idle", .shade(.lightIdle)),
        (.band("shade-deepIdle"), "deep Doze idle", .shade(.deepIdle)),
        (.line("server-cursor", marker: nil), "server cursor (newest change)", .always),
        (.line("client-cursor", marker: nil), "client cursor (newest pulled)", .always),
        (.line("client-applied", marker: nil), "newest change applied (payloads too)", .applied),
        (.band("stale-gap"), "client state differs from the server", .stale),
        (.band("break"), "time cut (skipped duration above)", .cut),
    ]

    /// Whether this chart draws what `use` stands for.
    func uses(_ use: Use) -> Bool {
        func held(_ reason: String?) -> Int? { reason.map { Self.heldReasons.firstIndex(of: $0) ?? 3 } }
        let storedEndings = model.endings.filter { !$0.atDevice && $0.time > $0.sent }
        switch use {
        case let .mark(kind): return model.marks.contains { $0.kind == kind }
        case .copy: return model.copies.contains { $0.arrived != nil && $0.device == 0 && $0.copy == 0 }
        case .duplicate: return model.copies.contains { $0.arrived != nil && $0.copy > 0 }
        case .otherCopy: return model.copies.contains { $0.arrived != nil && $0.device > 0 }
        case let .held(i):
            return model.copies.contains { $0.arrived != nil && held($0.held) == i } || storedEndings.contains { held($0.held) == i }
        case .stored: return storedEndings.contains { $0.held == nil }
        case .ended: return !model.endings.isEmpty || model.pulls.contains { $0.failure != nil }
        case .handoff: return !model.handoffs.isEmpty
        case .pullRequest: return !model.pulls.isEmpty
        case .pullAnswer: return model.pulls.contains { $0.failure == nil && $0.end != nil }
        case let .shade(shade): return model.periods.contains { $0.shade == shade }
        case .always: return true
        case .applied: return !model.clientApplied.isEmpty
        case .stale: return !staleSpans.isEmpty
        case .cut: return !axis.breaks.isEmpty
        }
    }

    /// The entries this run uses, in `allLegend`'s order.
    var legend: [(Symbol, String)] { Self.allLegend.filter { uses($0.2) }.map { ($0.0, $0.1) } }

    /// The document's height: down to the legend's last row.
    var height: Int { legendTop + 16 + (legend.count + Self.legendColumns - 1) / Self.legendColumns * Self.legendRow + 8 }

    mutating func drawLegend() {
        let top = legendTop
        svg.text(12, top, "legend", "lane-name")
        for (i, entry) in legend.enumerated() {
            let column = i % Self.legendColumns, row = i / Self.legendColumns
            let x = 12 + column * Self.legendColumnWidth, y = top + 16 + row * Self.legendRow
            draw(entry.0, x, y)
            svg.text(x + 32, y + 4, entry.1, "small")
        }
    }

    private mutating func draw(_ symbol: Symbol, _ x: Int, _ y: Int) {
        switch symbol {
        case let .dot(cls): svg.circle(x + 12, y, 4, cls)
        case let .square(cls): svg.rect(x + 9, y - 3, 6, 6, cls)
        case let .diamond(cls): svg.polygon([(x + 12, y - 5), (x + 17, y), (x + 12, y + 5), (x + 7, y)], cls)
        case let .triangle(cls): svg.polygon([(x + 12, y - 5), (x + 17, y + 4), (x + 7, y + 4)], cls)
        case .cross:
            svg.polyline([(x + 8, y - 4), (x + 16, y + 4)], "ended")
            svg.polyline([(x + 8, y + 4), (x + 16, y - 4)], "ended")
        case let .tick(cls): svg.line(x + 12, y - 6, x + 12, y + 6, cls)
        case let .line(cls, marker): svg.polyline([(x, y), (x + 24, y)], cls, marker: marker)
        case let .band(cls): svg.rect(x, y - 6, 24, 12, cls)
        case let .strip(cls): svg.rect(x, y - 3, 24, 5, cls)
        }
    }
}
