/// What moves between lanes: the server's hand-off to the sender, provider requests, push
/// copies (held ones along the provider lane), copies that ended elsewhere, pulls.
extension SequenceChart {
    /// A dotted line from each change to the sends it caused (vertical when at once; slanted
    /// when the sender, e.g. the outbox, sent later).
    mutating func drawHandoffs() {
        let server = lane(.server).y, sender = lane(.sender).y
        var seen = Set<[Int]>()
        for h in model.handoffs {
            let key = [x(h.change), x(h.send)]
            guard seen.insert(key).inserted else { continue }
            svg.line(key[0], server + 4, key[1], sender - 4, "handoff")
        }
    }

    /// The y of storage track `track` under the provider line (held and stored copies are
    /// stacked there so that overlapping ones stay apart).
    func trackY(_ track: Int) -> Int { lane(.provider).y + 6 + 3 * min(track, 8) }

    /// Stacking tracks for stretches (from, to): the lowest free one, in the given order.
    static func tracks(_ stretches: [(from: Int, to: Int)]) -> [Int] {
        var ends: [Int] = []
        return stretches.map { s in
            if let i = ends.firstIndex(where: { $0 < s.from }) { ends[i] = s.to; return i }
            ends.append(s.to)
            return ends.count - 1
        }
    }

    /// Per copy: the request (sender → provider) at its send, then a line to the device
    /// at its arrival; a copy held for a recorded delay reason runs along the provider lane
    /// in that reason's colour until it arrives. A push stored until it ended otherwise runs
    /// there too (dashed grey, or its delay reason's colour) up to its mark.
    mutating func drawCopies() {
        let sender = lane(.sender).y, provider = lane(.provider).y
        var requested = Set<Int>()
        for s in model.marks where s.kind == .send {
            let sx = x(s.time)
            if requested.insert(sx).inserted { svg.polyline([(sx, sender + 4), (sx, provider - 2)], "request", marker: "arrow-request") }
        }
        let holds = model.copies.filter { $0.held != nil }.map { (from: x($0.sent), to: x($0.arrived ?? context.horizon)) }
        let stored = model.endings.filter { !$0.atDevice && $0.time > $0.sent }.map { (from: x($0.sent), to: x($0.time)) }
        let tracks = Self.tracks(holds + stored)
        // A copy's vertical stretch to the device steps aside (6 px) from a pull's request
        // or answer line at the same x, so that both stay visible.
        let pullXs = model.pulls.flatMap { p in [x(p.start) - 2] + (p.end != nil && p.failure == nil ? [x(p.end!) + 2] : []) }
        func clear(_ cx: Int) -> Int {
            func free(_ v: Int) -> Bool { !pullXs.contains { abs($0 - v) < 4 } }
            if free(cx) { return cx }
            return [cx - 6, cx + 6, cx - 10, cx + 10].first(where: free) ?? cx - 6
        }
        var heldIndex = 0
        for c in model.copies {
            guard let arrived = c.arrived else { continue }
            let device = lane(.device(c.device)).y, x0 = x(c.sent), x1 = x(arrived)
            let cls = (c.device == 0 ? "copy" : "copy-other") + (c.copy > 0 ? " duplicate" : "")
            let marker = c.device == 0 ? "arrow-copy" : "arrow-other"
            if let reason = c.held {
                let y = trackY(tracks[heldIndex])
                heldIndex += 1
                let drop = clear(x1)
                svg.polyline([(x0, provider), (x0, y), (drop, y)], Self.heldClass(reason))
                svg.polyline([(drop, y), (drop, device - 3)], cls, marker: marker)
            } else if x0 == x1 {
                let drop = clear(x1)
                svg.polyline([(drop, provider), (drop, device - 3)], cls, marker: marker)
            } else {
                svg.polyline([(x0, provider), (x1, device - 3)], cls, marker: marker)
            }
        }
        // Stored copies that ended without arriving: a dashed stretch to their mark.
        var storedIndex = holds.count
        for e in model.endings where !e.atDevice && e.time > e.sent {
            let y = trackY(tracks[storedIndex])
            storedIndex += 1
            svg.polyline([(x(e.sent), provider), (x(e.sent), y), (x(e.time), y)], e.held.map(Self.heldClass) ?? "stored")
        }
    }

    /// A red cross per push that did not end delivered, on the provider lane (or the
    /// device's, when it had reached the device), and its outcome's name; equal outcomes
    /// less than 14 px apart share one label with a count ("lost ×3").
    mutating func drawEndings() {
        struct Group { var x: Int; var y: Int; var outcome: String; var count: Int; var atDevice: Bool }
        var groups: [Group] = []
        let ordered = model.endings.enumerated().sorted { (x($0.element.time), $0.offset) < (x($1.element.time), $1.offset) }.map(\.element)
        for e in ordered {
            let ex = x(e.outcome == "pending" ? context.horizon : e.time)
            let ey = e.atDevice ? lane(.device(e.device)).y : lane(.provider).y
            svg.polyline([(ex - 4, ey - 4), (ex + 4, ey + 4)], "ended")
            svg.polyline([(ex - 4, ey + 4), (ex + 4, ey - 4)], "ended")
            if let i = groups.indices.last, groups[i].outcome == e.outcome, groups[i].y == ey, ex - groups[i].x < 14 {
                groups[i].count += 1
            } else {
                groups.append(Group(x: ex, y: ey, outcome: e.outcome, count: 1, atDevice: e.atDevice))
            }
        }
        for g in groups {
            let label = g.count > 1 ? "\(g.outcome) ×\(g.count)" : g.outcome
            if g.atDevice {
                svg.text(g.x + 6, g.y + 16, label, "ended-label halo")
            } else {
                svg.text(g.x + 2, g.y - 8, label, "ended-label halo", rotate: -50)
            }
        }
    }

    /// Each pull: the request from the app to the server (dashed) and the answer back
    /// (solid, labelled with the number of changes or "reset"); a failed one ends in a cross
    /// at the server (or at the device, without a network) with the reason.
    mutating func drawPulls() {
        let app = lane(.app).y, server = lane(.server).y, device = lane(.device(0)).y
        var freeLabel = Int.min
        for p in model.pulls {
            let x0 = x(p.start), x1 = x(p.end ?? context.horizon)
            if let failure = p.failure {
                let y = p.network ? server : device
                svg.polyline([(x0 - 2, app - 3), (x1 - 2, y + 6)], "pull-request")
                svg.polyline([(x1 - 6, y + 2), (x1 + 2, y + 10)], "ended")
                svg.polyline([(x1 - 6, y + 10), (x1 + 2, y + 2)], "ended")
                if x1 >= freeLabel {
                    svg.text(x1 + 4, y + 16, "pull failed: \(failure)", "ended-label halo")
                    freeLabel = x1 + 5 * (failure.count + 14)
                }
                continue
            }
            svg.polyline([(x0 - 2, app - 3), (x1 - 2, server + 4)], "pull-request", marker: "arrow-pull")
            guard p.end != nil else { continue }
            svg.polyline([(x1 + 2, server + 4), (x1 + 2, app - 3)], "pull-answer", marker: "arrow-pull")
            if x1 >= freeLabel {
                let label = p.reset ? "reset" : "+\(p.changes)"
                svg.text(x1 + 4, server + 14, label, "pull-label halo")
                freeLabel = x1 + 5 * label.count + 8
            }
        }
    }
}
