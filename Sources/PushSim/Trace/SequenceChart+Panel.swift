/// The panel under the lanes: the server's cursor (its newest change's sequence number) and
/// the client's (the newest change applied through a pull, or `advanceCursor`) as step
/// lines over time, and for a client that applies payloads the newest change it applied
/// (dotted); where the client's state differs from the server's (`ChartModel.stale`) the
/// panel is shaded across its height and a red strip runs under it, over the same x ranges.
extension SequenceChart {
    /// The x ranges (page coordinates) in which the client's state differs from the
    /// server's: both the panel's shading and the strip under it are drawn from these.
    var staleSpans: [(from: Int, to: Int)] {
        model.stale.map { (x($0.from), x($0.to)) }.filter { $0.to > $0.from }
    }

    mutating func drawPanel() {
        let top = panelTop, bottom = panelBottom, x0 = left, x1 = left + axis.width
        svg.rect(x0, top, x1 - x0, bottom - top, "panel")
        let maxValue = max(1, model.serverHead.map(\.value).max() ?? 1, model.clientCursor.map(\.value).max() ?? 1)
        let inner = bottom - top - 12
        func y(_ v: Int64) -> Int { bottom - 6 - Int(v * Int64(inner) / maxValue) }
        // One source of truth: the same x ranges are shaded in the panel and drawn as the strip.
        for (a, b) in staleSpans {
            svg.rect(a, top + 1, b - a, bottom - top - 2, "stale-gap")
            svg.rect(a, bottom + 2, b - a, 4, "stale-strip")
        }
        for (series, cls) in [(model.clientApplied, "client-applied"), (model.serverHead, "server-cursor"), (model.clientCursor, "client-cursor")]
            where !series.isEmpty {
            var points: [(Int, Int)] = []
            var last: Int64 = 0
            for p in series {
                let px = x(p.time)
                points.append((px, y(last)))
                points.append((px, y(p.value)))
                last = p.value
            }
            points.append((x(context.horizon), y(last)))
            // Drop repeated points: the same bytes, shorter.
            var compact: [(Int, Int)] = []
            for p in points where compact.last.map({ $0 != p }) ?? true { compact.append(p) }
            if compact.count >= 2 { svg.polyline(compact, cls) }
        }
        svg.text(x0, top - 7, "cursor (sequence number of the newest change): server against client; shaded, and a red strip below, "
                 + "while the client's state differs from the server's", "small major")
        svg.text(x0 - 6, y(maxValue) + 4, String(maxValue), "small", anchor: "end")
        svg.text(x0 - 6, y(0) + 4, "0", "small", anchor: "end")
        svg.line(x0 - 4, y(maxValue), x0, y(maxValue), "axis")
        svg.line(x0 - 4, y(0), x0, y(0), "axis")
        let finalHead = model.serverHead.last?.value ?? 0, finalCursor = model.clientCursor.last?.value ?? 0
        // Right-edge labels, nudged apart (11 px) where the lines end at the same height.
        var labels: [(y: Int, text: String)] = [(y(finalHead), "server \(finalHead)")]
        if let applied = model.clientApplied.last?.value {
            labels.append((y(finalCursor), "client pulled \(finalCursor)"))
            labels.append((y(applied), "client applied \(applied)"))
        } else if finalCursor != finalHead {
            labels.append((y(finalCursor), "client \(finalCursor)"))
        }
        var placed: [Int] = []
        for label in labels {
            var ly = label.y
            while placed.contains(where: { abs($0 - ly) < 11 }) { ly += 11 }
            placed.append(ly)
            svg.text(x1 + 6, ly + 4, label.text, "small")
        }
    }
}
