/// The summary rules of `Columns.runs` compiled once into slots of a cell's state
/// (`CellSummary`) and into the `summary.csv` columns that read them.
///
/// A cell keeps one integer sum per summarised count or time column (microseconds for a
/// time), one per tally label, one `RunningMoments` per `.meanWithInterval` or `.meanAndInterval`, one
/// `RunningQuantiles` per `.quantiles`, one maximum per `.max`, one run count per
/// `.runRate` and one real sum per `.hours` term: O(columns) memory, plus the quantiles'
/// bounded histograms.
struct SummaryLayout: Sendable {
    /// Where one column's value goes: slot numbers, `-1` for none (plain integers, so the
    /// per-run walk reads them in place: no copy, no optional unwrapping of a wide value).
    struct Slots: Sendable {
        var sum: Int32 = -1, moments: Int32 = -1, quantiles: Int32 = -1, maximum: Int32 = -1, runsWith: Int32 = -1
    }

    /// A column a cell reads on every run, and the slots it feeds: one concrete type per
    /// kind of value, so that the per-run walk calls each column's value closure directly
    /// (no enum payload copied out per column, no reabstraction thunk). Slots belong to
    /// one column each, so walking the columns kind by kind feeds every slot the same
    /// values in the same run order as walking them in table order.
    struct FlagFeed: Sendable { let value: @Sendable (RunOutcome) -> Bool; let slots: Slots }
    struct CountFeed: Sendable { let value: @Sendable (RunOutcome) -> Int; let slots: Slots }
    struct DurationFeed: Sendable { let value: @Sendable (RunOutcome) -> SimDuration?; let slots: Slots }
    struct TallyFeed: Sendable { let value: @Sendable (RunOutcome) -> FixedCounts; let sums: Range<Int> }
    /// A per-run real amount (a `.hours` term).
    struct RealFeed: Sendable { let value: @Sendable (RunOutcome) -> Double }

    /// A pooled ratio's term: a sum slot (divided by `scale` when given) or a real sum slot.
    enum Term: Sendable {
        case sum(Int, scale: Double?)
        case real(Int)
    }

    /// How a `summary.csv` field is read from a cell.
    enum Read: Sendable {
        case key(Int), runs, sum(Int), tally(Range<Int>, labels: [String]), mean(Int, scale: Double?)
        /// The ends of the interval around `.mean(sum, scale)` from the moments' variance.
        case meanLow(Int, moments: Int, scale: Double?), meanHigh(Int, moments: Int, scale: Double?)
        case momentsMean(Int), momentsLow(Int), momentsHigh(Int), momentsCount(Int), quantile(Int, Double)
        case maxCount(Int), maxDuration(Int), runsWith(Int), runRate(Int), runLow(Int), runHigh(Int)
        case pooled(Term, Term)
    }

    /// One `summary.csv` column: its name, docs and reading.
    struct Output: Sendable {
        let name: String, type: String, doc: String, emptyWhen: String?
        let read: Read
        /// The `runs.csv` column it summarises.
        let column: String
    }

    private(set) var flags: [FlagFeed] = [], counts: [CountFeed] = [], durations: [DurationFeed] = [], tallies: [TallyFeed] = []
    /// Per-run real amounts (the `.hours` terms), summed in run order.
    private(set) var reals: [RealFeed] = []
    private(set) var sumCount = 0, momentsCount = 0, maximumCount = 0, runsWithCount = 0, keyCount = 0
    /// The probabilities of each quantile slot.
    private(set) var quantileProbabilities: [[Double]] = []
    private(set) var outputs: [Output] = []
    /// Sum slot by column name (for pooled terms and `CellSummary.total`).
    private(set) var sumSlot: [String: Int] = [:]
    private(set) var runsWithSlot: [String: Int] = [:]
    private(set) var quantileSlot: [String: Int] = [:]
    private(set) var tallySlots: [String: Range<Int>] = [:]

    /// The layout of `Columns.runs`.
    static let shared = SummaryLayout(Columns.runs)

    init(_ columns: [Column]) {
        let byName = Dictionary(columns.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in preconditionFailure("two columns \(a.name)") })
        var referenced = Set<String>()
        for c in columns { for case .pooled(_, let a, let b) in c.summary { for case .column(let n) in [a, b] { referenced.insert(n) } } }
        // Sums first, so that a pooled ratio may name any column.
        for c in columns {
            if c.isNumeric && (!c.summary.isEmpty || referenced.contains(c.name)) { sumSlot[c.name] = Self.next(&sumCount) }
            if case .tally(let labels, _) = c.value {
                tallySlots[c.name] = sumCount ..< sumCount + labels.count
                sumCount += labels.count
            }
        }
        for c in columns {
            var slots = Slots()
            if let i = sumSlot[c.name] { slots.sum = Int32(i) }
            for rule in c.summary { add(rule, of: c, byName, &slots) }
            let fed = slots.sum >= 0 || slots.moments >= 0 || slots.quantiles >= 0 || slots.maximum >= 0 || slots.runsWith >= 0
            switch c.value {
            case .flag(let value): if fed { flags.append(FlagFeed(value: value, slots: slots)) }
            case .count(let value): if fed { counts.append(CountFeed(value: value, slots: slots)) }
            case .duration(let value): if fed { durations.append(DurationFeed(value: value, slots: slots)) }
            case .tally(_, let value): if let range = tallySlots[c.name] { tallies.append(TallyFeed(value: value, sums: range)) }
            case .label, .decimal: break
            }
        }
        precondition(Set(outputs.map(\.name)).count == outputs.count, "two summary columns with the same name")
    }

    private static func next(_ count: inout Int) -> Int { defer { count += 1 }; return count }

    /// A slot a rule needs (a summarised numeric column always has its sum slot).
    private static func slot(_ i: Int32, _ c: Column) -> Int {
        precondition(i >= 0, "column \(c.name) has no sum slot")
        return Int(i)
    }

    private mutating func add(_ rule: SummaryRule, of c: Column, _ byName: [String: Column], _ slots: inout Slots) {
        let seconds = c.unitSuffix == "_s", decimals = seconds ? "`%.6f` seconds" : "`%.6f`"
        let withValue = c.emptyWhen == nil ? "all runs" : "the runs with a value"
        let emptyNone = c.emptyWhen == nil ? nil : "no run with a value"
        let named = "`\(c.name)`" + (c.gloss.map { " (\($0))" } ?? "")
        func out(_ name: String, _ type: String, _ doc: String, _ empty: String?, _ read: Read) {
            outputs.append(Output(name: name, type: type, doc: doc, emptyWhen: empty, read: read, column: c.name))
        }
        switch rule {
        case .key:
            out(c.name, c.type, "the cell's \(c.name)", nil, .key(Self.next(&keyCount)))
        case .runs(let name):
            out(name, "integer ≥ 1", "runs in the cell", nil, .runs)
        case .total(let name):
            if let range = tallySlots[c.name], case .tally(let labels, _) = c.value {
                out(name ?? "total_\(c.name)", "text", "as `\(c.name)`, with the totals over the cell", c.emptyWhen,
                    .tally(range, labels: labels))
            } else {
                out(name ?? "total_\(c.name)", "integer", "Σ `\(c.name)` over the cell's runs", nil, .sum(Self.slot(slots.sum, c)))
            }
        case .mean:
            out("mean_\(c.name)", decimals, "mean `\(c.name)` per run: Σ / `replications`, over all runs", nil,
                .mean(Self.slot(slots.sum, c), scale: seconds ? 1_000_000 : nil))
        case .meanAndInterval:
            precondition(c.emptyWhen == nil, "meanAndInterval is for a column every run has: \(c.name)")
            let i = Self.next(&momentsCount)
            slots.moments = Int32(i)
            let (sum, scale) = (Self.slot(slots.sum, c), seconds ? 1_000_000.0 : nil)
            out("mean_\(c.name)", decimals, "mean `\(c.name)` per run: Σ / `replications`, over all runs", nil, .mean(sum, scale: scale))
            out("mean_\(c.name)_ci_low", decimals, "low end of its 95% Student-t interval over the runs", "fewer than two runs",
                .meanLow(sum, moments: i, scale: scale))
            out("mean_\(c.name)_ci_high", decimals, "high end of that interval", "fewer than two runs", .meanHigh(sum, moments: i, scale: scale))
        case .meanWithInterval:
            let i = Self.next(&momentsCount)
            slots.moments = Int32(i)
            let mean = "mean_\(c.stem)\(c.unitSuffix)"
            out(mean, decimals, "mean `\(c.name)` over \(withValue)", emptyNone, .momentsMean(i))
            out(mean + "_ci_low", decimals, "low end of its 95% Student-t interval", "fewer than two runs with a value",
                .momentsLow(i))
            out(mean + "_ci_high", decimals, "high end of that interval", "fewer than two runs with a value",
                .momentsHigh(i))
            if c.emptyWhen != nil {
                // Where a run may have no value, the mean's n (for `pushsim compare`'s Welch test).
                out(mean + "_runs", "integer", "runs with a value: the n of the mean and its interval", nil, .momentsCount(i))
            }
        case .quantiles(let ps):
            let i = quantileProbabilities.count
            quantileProbabilities.append(ps)
            slots.quantiles = Int32(i)
            quantileSlot[c.name] = i
            for p in ps {
                out("\(c.stem)_p\(Int((p * 100).rounded()))\(c.unitSuffix)", decimals,
                    "quantile \(p) of \(named) over \(withValue)", emptyNone, .quantile(i, p))
            }
        case .max(let name):
            let i = Self.next(&maximumCount)
            slots.maximum = Int32(i)
            out(name, seconds ? "exact seconds" : "integer", "the largest `\(c.name)` of any run", emptyNone,
                seconds ? .maxDuration(i) : .maxCount(i))
        case .runRate(let names):
            let i = Self.next(&runsWithCount)
            slots.runsWith = Int32(i)
            runsWithSlot[c.name] = i
            let test: String
            if case .flag = c.value { test = "`\(c.name)` = 1" } else { test = "`\(c.name)` > 0" }
            out(names.runs, "integer", "runs with \(test)", nil, .runsWith(i))
            out(names.rate, "`%.6f`", "their share of the runs, in [0, 1]", nil, .runRate(i))
            out(names.low, "`%.6f`", "low end of its 95% Wilson score interval", nil, .runLow(i))
            out(names.high, "`%.6f`", "high end of that interval", nil, .runHigh(i))
        case .pooled(let name, let a, let b):
            let bothTimes = isTime(a, byName) && isTime(b, byName)
            let type = isTime(a, byName) && !bothTimes ? "`%.6f` seconds" : "`%.6f`"
            out(name, type, "Σ \(describe(a)) / Σ \(describe(b)) over the cell's runs (pooled)", "Σ \(describe(b)) = 0",
                .pooled(term(a, bothTimes, byName), term(b, bothTimes, byName)))
        }
    }

    private func isTime(_ a: SummaryRule.Amount, _ byName: [String: Column]) -> Bool {
        guard case .column(let n) = a else { return false }
        return byName[n]?.unitSuffix == "_s"
    }

    private func describe(_ a: SummaryRule.Amount) -> String {
        switch a {
        case .column(let n): "`\(n)`"
        case .hours: "simulated hours"
        }
    }

    private mutating func term(_ a: SummaryRule.Amount, _ bothTimes: Bool, _ byName: [String: Column]) -> Term {
        switch a {
        case .column(let n):
            guard let i = sumSlot[n] else { preconditionFailure("pooled ratio over \(n), which is no count or time column") }
            return .sum(i, scale: isTime(a, byName) && !bothTimes ? 1_000_000 : nil)
        case .hours:
            reals.append(RealFeed { $0.experience.hours })
            return .real(reals.count - 1)
        }
    }
}
