/// The time axis of a sequence chart: simulated time to x pixels, compressed where nothing
/// happens. Between two consecutive instants at which something happens the axis is
/// linear (`microsecondsPerPixel`, at least `minimumSeparation` px apart) unless the gap is
/// longer than `breakThreshold`: then it is a break of `breakWidth` px (drawn as a break
/// mark labelled with the skipped duration). The scale and the threshold are chosen so that
/// the data fit in about `targetWidth` px: the median gap gets 40 px, halved until the
/// breaks fit, and the threshold is the largest (at most `longestLinear` px of linear time)
/// that keeps the width within the target.
///
/// All arithmetic is integer (µs and px), so equal instants give equal bytes.
struct ChartTimeAxis: Equatable {
    /// A gap drawn as a break: from `from` to `to` (both instants at which something happens),
    /// occupying `x ..< x + width` px.
    struct Break: Equatable {
        var from: SimTime
        var to: SimTime
        var x: Int
        var width: Int
        var skipped: SimDuration { to - from }
    }

    /// A tick: its x and label (e.g. "2h4m30s"); `major` for the first instant after a break.
    struct Tick: Equatable {
        var x: Int
        var label: String
        var major: Bool
    }

    static let breakWidth = 48
    static let minimumSeparation = 3
    static let longestLinear = 480
    static let targetWidth = 2400
    static let medianGapWidth: Int64 = 40

    /// The distinct instants, sorted (the first is 0, the last the horizon), and their x.
    private(set) var instants: [SimTime]
    private(set) var positions: [Int]
    /// Per gap after `instants[i]`: whether it is a break.
    private(set) var isBreak: [Bool]
    private(set) var microsecondsPerPixel: Int64
    private(set) var breakThreshold: SimDuration
    /// The x of the horizon: the width of the data.
    var width: Int { positions.last ?? 0 }

    /// The axis through `times` (any order, repeats allowed) from 0 to `horizon`.
    init(times: [SimTime], horizon: SimTime) {
        var all = times.filter { $0 >= .zero && $0 <= horizon }
        all.append(.zero)
        all.append(horizon)
        all.sort()
        var unique: [SimTime] = []
        for t in all where unique.last != t { unique.append(t) }
        instants = unique
        let gaps = zip(unique.dropFirst(), unique).map { ($0 - $1).microseconds }
        let sorted = gaps.sorted()
        let median = sorted.isEmpty ? 1_000_000 : sorted[sorted.count / 2]
        var unit = max(1, median / Self.medianGapWidth)
        let span = max(1, horizon.microseconds)
        func width(_ threshold: Int64, _ unit: Int64) -> Int {
            gaps.reduce(0) { $0 + ($1 > threshold ? Self.breakWidth : max(Self.minimumSeparation, Int($1 / unit))) }
        }
        // Coarser until even the smallest threshold (every gap wider than a break broken) fits.
        while width(Int64(Self.breakWidth) * unit, unit) > Self.targetWidth && unit < span { unit *= 2 }
        let low = Int64(Self.breakWidth) * unit, high = Int64(Self.longestLinear) * unit
        var threshold = low
        for g in sorted.reversed() where g > low && g <= high {
            if width(g, unit) <= Self.targetWidth { threshold = g; break }
        }
        if width(high, unit) <= Self.targetWidth { threshold = high }
        microsecondsPerPixel = unit
        breakThreshold = SimDuration(microseconds: threshold)
        isBreak = gaps.map { $0 > threshold }
        var x = 0
        positions = [0]
        for (g, broken) in zip(gaps, isBreak) {
            x += broken ? Self.breakWidth : max(Self.minimumSeparation, Int(g / unit))
            positions.append(x)
        }
    }

    /// The x of `t` (clamped to 0 … horizon): linear within a gap, the middle of a break.
    func x(_ t: SimTime) -> Int {
        if t <= instants[0] { return 0 }
        if t >= instants[instants.count - 1] { return width }
        var lo = 0, hi = instants.count - 1   // instants[lo] <= t < instants[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if instants[mid] <= t { lo = mid } else { hi = mid }
        }
        if instants[lo] == t { return positions[lo] }
        let w = positions[lo + 1] - positions[lo]
        if isBreak[lo] { return positions[lo] + w / 2 }
        let gap = (instants[lo + 1] - instants[lo]).microseconds, into = (t - instants[lo]).microseconds
        return positions[lo] + Int(into * Int64(w) / gap)
    }

    /// The breaks, in time order.
    var breaks: [Break] {
        isBreak.indices.filter { isBreak[$0] }.map {
            Break(from: instants[$0], to: instants[$0 + 1], x: positions[$0], width: positions[$0 + 1] - positions[$0])
        }
    }

    /// Tick labels that do not overlap (about 6 px per character, 12 px apart): first the
    /// start of each linear stretch (0 and the instant after each break, `major`, rounded to
    /// a power of ten of µs no longer than a pixel, at most 1 s), then, where they fit,
    /// multiples of a round step at least 90 px apart inside the stretches.
    var ticks: [Tick] {
        var taken: [(from: Int, to: Int)] = []
        var out: [Tick] = []
        func add(_ x: Int, _ label: String, major: Bool) {
            let half = label.count * 3 + 6
            guard !taken.contains(where: { x - half < $0.to && x + half > $0.from }) else { return }
            taken.append((x - half, x + half))
            out.append(Tick(x: x, label: label, major: major))
        }
        let step = Self.steps.first { $0 / microsecondsPerPixel >= 90 } ?? Self.steps[Self.steps.count - 1]
        var precision: Int64 = 1
        while precision * 10 <= min(microsecondsPerPixel, 1_000_000) { precision *= 10 }
        func rounded(_ t: SimTime) -> SimTime { SimTime(microseconds: (t.microseconds + precision / 2) / precision * precision) }
        // The linear stretches: instants[start] … instants[end].
        var stretches: [(start: Int, end: Int)] = []
        var start = 0
        for i in 0...isBreak.count where i == isBreak.count || isBreak[i] {
            stretches.append((start, i))
            start = i + 1
        }
        for s in stretches { add(positions[s.start], Self.label(rounded(instants[s.start])), major: s.start > 0) }
        for s in stretches {
            let from = instants[s.start].microseconds, to = instants[s.end].microseconds
            var t = (from / step + 1) * step
            while t <= to {
                add(x(SimTime(microseconds: t)), Self.label(SimTime(microseconds: t)), major: false)
                t += step
            }
        }
        return out.sorted { $0.x < $1.x }
    }

    /// Round tick steps, 1 ms to 7 d, in µs.
    static let steps: [Int64] = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000].map { Int64($0) }
        + [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800]
        .map { Int64($0) * 1_000_000 }

    /// A time with units, largest first, every unit that is not zero and nothing else, the
    /// same format for every tick of an axis: "0s", "250ms", "1.5s", "45s", "1m", "4m30s",
    /// "2h4m30s", "1d2h".
    static func label(_ t: SimTime) -> String {
        let us = t.microseconds
        if us == 0 { return "0s" }
        if us < 1_000_000 && us % 1_000 == 0 { return "\(us / 1_000)ms" }
        let total = us / 1_000_000, fraction = us % 1_000_000
        let d = total / 86_400, h = total / 3_600 % 24, m = total / 60 % 60, s = total % 60
        var seconds = String(s)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            seconds += "." + digits
        }
        var out = ""
        for (v, unit) in [(d, "d"), (h, "h"), (m, "m")] where v > 0 { out += "\(v)\(unit)" }
        if s > 0 || fraction != 0 { out += seconds + "s" }
        return out
    }

    /// A duration to its two largest units, rounded: "800ms", "29s", "1m30s", "1h55m", "2d3h".
    static func shortDuration(_ d: SimDuration) -> String {
        let us = d.microseconds
        if us < 1_000_000 { return us % 1_000 == 0 || us >= 1_000 ? "\((us + 500) / 1_000)ms" : "\(us)µs" }
        let units: [(Int64, String)] = [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")]
        let seconds = (us + 500_000) / 1_000_000
        for (i, (size, name)) in units.enumerated() where seconds >= size {
            guard i + 1 < units.count else { return "\(seconds)\(name)" }
            let (next, nextName) = units[i + 1]
            let rounded = (seconds + next / 2) / next   // in the lower unit
            let high = rounded / (size / next), low = rounded % (size / next)
            return low == 0 ? "\(high)\(name)" : "\(high)\(name)\(low)\(nextName)"
        }
        return "\(seconds)s"
    }
}
