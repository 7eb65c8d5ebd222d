/// The panel under the lanes: the server's cursor (its newest change's sequence number) and
/// the client's (the newest change applied through a pull, or `advanceCursor`) as step
/// lines over time, and for a client that applies payloads the newest change it applied
/// (dotted); where the client's state differs from the server's, the gap between the
/// server's line and the client's upper one is shaded and a red strip runs under the panel.
extension SequenceChart {
    mutating func drawPanel() {
        let top = panelTop, bottom = panelBottom, x0 = left, x1 = left + axis.width
        svg.rect(x0, top, x1 - x0, bottom - top, "panel")
        let maxValue = max(1, model.serverHead.map(\.value).max() ?? 1, model.clientCursor.map(\.value).max() ?? 1)
        let inner = bottom - top - 12
        func y(_ v: Int64) -> Int { bottom - 6 - Int(v * Int64(inner) / maxValue) }
        // The value of a step series at `t` (the last point at or before it).
        func value(_ series: [(time: SimTime, value: Int64)], at t: SimTime) -> Int64 {
            var v: Int64 = 0
            for p in series { if p.time <= t { v = p.value } else { break } }
            return v
        }
        // The client's upper line: what it has applied (payloads too), else its cursor.
        let client = model.clientApplied.isEmpty ? model.clientCursor : model.clientApplied
        for s in model.stale {
            // Shade between the lines piece by piece: the pieces end where either series steps.
            var cuts = [s.from, s.to]
            cuts += (model.serverHead + client).map(\.time).filter { $0 > s.from && $0 < s.to }
            cuts.sort()
            for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
                let head = value(model.serverHead, at: a), cursor = value(client, at: a)
                if head > cursor { svg.rect(x(a), y(head), x(b) - x(a), y(cursor) - y(head), "stale-gap") }
            }
            svg.rect(x(s.from), bottom + 2, x(s.to) - x(s.from), 4, "stale-strip")
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
        svg.text(x1 + 6, y(finalHead) + 4, "server \(finalHead)", "small")
        if finalCursor != finalHead { svg.text(x1 + 6, y(finalCursor) + 4, "client \(finalCursor)", "small") }
        if let applied = model.clientApplied.last?.value, applied != finalHead, applied != finalCursor {
            svg.text(x1 + 6, y(applied) + 4, "applied \(applied)", "small")
        }
    }
}
