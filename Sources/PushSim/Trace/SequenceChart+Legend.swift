/// The legend, below the cursor panel (outside the data): every symbol the chart uses, in
/// four columns.
extension SequenceChart {
    /// One legend entry's symbol, drawn in a 24 × 12 box whose left middle is (x, y).
    enum Symbol {
        case dot(String), square(String), diamond(String), triangle(String), cross, tick(String)
        case line(String, marker: String?), band(String), strip(String)
    }

    static let legendColumns = 4, legendColumnWidth = 270, legendRow = 17

    static let legend: [(Symbol, String)] = [
        (.dot("change"), "server change (value or stage)"),
        (.square("send"), "provider request (send)"),
        (.line("copy", marker: "arrow-copy"), "push copy to the device"),
        (.line("copy duplicate", marker: "arrow-copy"), "duplicate copy"),
        (.line("copy-other", marker: "arrow-other"), "copy to another device"),
        (.line("held-0", marker: nil), "held for Doze (delayed_device_doze)"),
        (.line("held-1", marker: nil), "held while offline"),
        (.line("held-2", marker: nil), "held: throttled, priority or budget"),
        (.line("held-3", marker: nil), "held: app stopped by the user"),
        (.line("stored", marker: nil), "stored, then ended without arriving"),
        (.cross, "copy ended here: outcome (×n: n of them)"),
        (.line("handoff", marker: nil), "change → its send (slanted: sent later)"),
        (.line("pull-request", marker: "arrow-pull"), "pull request (app → server)"),
        (.line("pull-answer", marker: "arrow-pull"), "pull answer (+n changes, reset)"),
        (.dot("pull-write"), "write from a pull"),
        (.dot("payload-write"), "write of a push payload"),
        (.dot("regression"), "write regressing to an older state"),
        (.diamond("fresh"), "notification shown, current"),
        (.diamond("stale"), "notification shown, stale"),
        (.triangle("tap"), "notification tapped"),
        (.tick("timer"), "strategy timer"),
        (.tick("event"), "device event (named)"),
        (.band("shade-foreground"), "app in the foreground"),
        (.band("shade-background"), "app running in the background"),
        (.band("shade-offline"), "device offline"),
        (.strip("shade-screenOn"), "screen on"),
        (.band("shade-lightIdle"), "light Doze idle"),
        (.band("shade-deepIdle"), "deep Doze idle"),
        (.line("server-cursor", marker: nil), "server cursor (newest change)"),
        (.line("client-cursor", marker: nil), "client cursor (newest pulled)"),
        (.line("client-applied", marker: nil), "newest change applied (payloads too)"),
        (.band("stale-gap"), "client state differs from the server"),
        (.band("break"), "time cut (skipped duration above)"),
    ]

    /// The document's height: down to the legend's last row.
    var height: Int { legendTop + 16 + (Self.legend.count + Self.legendColumns - 1) / Self.legendColumns * Self.legendRow + 8 }

    mutating func drawLegend() {
        let top = legendTop
        svg.text(12, top, "legend", "lane-name")
        for (i, entry) in Self.legend.enumerated() {
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
