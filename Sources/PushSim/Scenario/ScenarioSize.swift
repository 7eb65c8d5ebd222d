import Foundation

/// What running a scenario asks of the machine, estimated from the decoded file alone
/// (nothing is drawn or run): the events per run (the time it takes), the memory a worker
/// holds, and the rows of runs.csv. `pushsim validate` prints it; `run` and `sweep` check
/// it against the machine first (`ScenarioSize.Limits`, docs/model.md "Limits").
///
/// **What the model materialises.** A run draws its whole timeline at t = 0 and stages it
/// (`World.scheduleTimeline`): every change of every schedule up to the horizon (with its
/// push's ledger entries and the experience trackers' slots, reserved per change), drawn
/// connectivity periods, drawn app opens, drawn restarts and every explicit list. A worker
/// keeps one world per (variant, strategy) cell and keeps its buffers between replications
/// (`RunWorkspace`), so a worker's memory is the sum over the cells, and the whole process
/// holds one such set per worker that has run every cell. Events during the run (pushes,
/// arrivals, pulls, poll timers, Doze) cost time, not memory: they are few at any moment.
///
/// **Accuracy.** The constants in `Calibration` were measured with `/usr/bin/time` on
/// release builds (docs/model.md, "Limits", has the table). For the shipped scenarios the
/// estimated events per run are within a factor of 3 of the `events` column (most within
/// ±50%), and the memory per worker within ±25% where it is above the process's own
/// 30 MB; drawn processes (connectivity, opens, gaps) are estimated from their means.
public struct ScenarioSize: Sendable {
    /// One thing a cell's runs ask for, with the JSON path of the key that asks for it.
    public struct Item: Sendable, Equatable {
        /// The key, e.g. `$.server.changes.count` or `$.variants[1].device.connectivity`.
        public var path: String
        /// What it is, for messages: `10000000 changes`.
        public var what: String
        /// Events it adds to each run (≥ 0).
        public var events: Double
        /// Bytes a worker's world for the cell holds for it (≥ 0).
        public var bytes: Double
    }

    /// One (variant, strategy) cell.
    public struct Cell: Sendable {
        public var variant: String
        public var strategy: String
        public var items: [Item]
        /// Events of one run of the cell (a fixed part plus the items').
        public var eventsPerRun: Double { Calibration.eventsPerRun + items.reduce(0) { $0 + $1.events } }
        /// Bytes one worker holds for the cell once it has run it.
        public var bytes: Double { Calibration.bytesPerWorld + items.reduce(0) { $0 + $1.bytes } }
    }

    /// Every cell, variant-major (the order of the reports).
    public var cells: [Cell]
    /// Replications of each cell.
    public var replications: Int
    /// Recipients per run: a fleet's population (`fleet.population.count`), else 1.
    public var recipients = 1

    /// Runs: cells × replications (× recipients for a fleet: a row per recipient).
    public var runs: Double { Double(cells.count) * Double(replications) * Double(recipients) }
    /// Events of all runs.
    public var events: Double { cells.reduce(0) { $0 + $1.eventsPerRun } * Double(replications) * Double(recipients) }
    /// Bytes a worker holds once it has run every cell (the sum over the cells); for a
    /// fleet, the worlds of one fleet run (its recipients, each once, freed at its end).
    public var bytesPerWorker: Double {
        guard recipients > 1 else { return cells.reduce(0) { $0 + $1.bytes } }
        let perRecipient = cells.map { Calibration.bytesPerFleetRecipient + $0.items.reduce(0) { $0 + $1.bytes } }.max() ?? 0
        return Double(recipients) * perRecipient
    }

    /// The process's memory with `jobs` worker threads: its own, plus one set of worlds per
    /// worker that runs every cell (at most one per replication); for a fleet, one fleet
    /// run per worker (at most one per run).
    public func memory(jobs: Int) -> Double {
        let parallel = recipients > 1 ? cells.count * replications : replications
        return Calibration.processBytes + Double(max(1, min(jobs, parallel))) * bytesPerWorker
    }

    /// Bytes of the per-run rows in `format` (runs.csv, runs.csv.gz, none).
    public func rowBytes(_ format: RunsFormat) -> Double {
        switch format {
        case .csv: runs * Calibration.csvBytesPerRow
        case .gzip: runs * Calibration.gzipBytesPerRow
        case .none: 0
        }
    }

    /// The bytes a run writes: the rows plus summary.csv, paired.csv and the rest.
    public func outputBytes(_ format: RunsFormat) -> Double { rowBytes(format) + Double(cells.count) * Calibration.bytesPerCell }

    /// The estimate for `scenario` as it will run (its `replications` and `horizon`).
    public init(_ scenario: Scenario) {
        replications = scenario.replications
        recipients = scenario.fleet?.population.count ?? 1
        cells = []
        for (v, variant) in scenario.variants.enumerated() {
            let items = scenario.fleet.map { Self.fleetItems(scenario, v, $0.population) } ?? Self.variantItems(scenario, v)
            for (s, strategy) in scenario.strategies.enumerated() {
                cells.append(Cell(variant: variant.name, strategy: strategy.name,
                                  items: items.compactMap { $0 } + Self.strategyItems(scenario, v, s)))
            }
        }
    }

    /// A fleet's recipient of variant `v`: each profile's items (its device and recipient in
    /// place of the variant's), weighted by the profile's share; an item several profiles
    /// ask for (the changes, say) is summed into one.
    static func fleetItems(_ scenario: Scenario, _ v: Int, _ population: FleetPopulation) -> [Item?] {
        let profiles = population.profiles
        guard !profiles.isEmpty else { return variantItems(scenario, v) }
        let total = profiles.reduce(0) { $0 + $1.weight }
        var merged: [Item] = []
        for (i, profile) in profiles.enumerated() {
            let share = total > 0 ? profile.weight / total : 1 / Double(profiles.count)
            let own = "$.fleet.population.profiles[\(i)]"
            let items = variantItems(scenario, v, device: profile.device.map { ($0, own + ".device") },
                                     recipient: profile.recipient.map { ($0, own + ".recipient") })
            for case var item? in items {
                item.events *= share; item.bytes *= share
                if let k = merged.firstIndex(where: { $0.path == item.path }) {
                    merged[k].events += item.events; merged[k].bytes += item.bytes
                } else {
                    merged.append(item)
                }
            }
        }
        return merged
    }

    /// The items every strategy of variant `v` shares: changes, the log, the drawn and
    /// explicit timeline, Doze.
    /// - Parameters:
    ///   - deviceOverride: a fleet profile's device and its path, in place of the variant's.
    ///   - recipientOverride: a fleet profile's recipient and its path.
    static func variantItems(_ scenario: Scenario, _ v: Int, device deviceOverride: (DeviceSpec, String)? = nil,
                             recipient recipientOverride: (RecipientSpec, String)? = nil) -> [Item?] {
        let variant = scenario.variants[v], own = "$.variants[\(v)]"
        let server = variant.server ?? scenario.server, serverPath = (variant.server == nil ? "$" : own) + ".server"
        let device = deviceOverride?.0 ?? variant.device ?? scenario.device
        let devicePath = deviceOverride?.1 ?? (variant.device == nil ? "$" : own) + ".device"
        let recipient = recipientOverride?.0 ?? variant.recipient ?? scenario.recipient
        let recipientPath = recipientOverride?.1 ?? (variant.recipient == nil ? "$" : own) + ".recipient"
        let outbox = (variant.sender ?? scenario.sender) as? Outbox, isOutbox = outbox != nil
        let horizon = Double(scenario.horizon.microseconds)
        let others = Double(recipient.otherDevices.count)
        var items: [Item?] = []
        var changes = 0.0, first = horizon, last = 0.0
        for (i, schedule) in server.changes.enumerated() {
            let (n, from, to) = Self.changes(schedule, horizon: horizon)
            changes += n
            if n > 0 { first = min(first, from); last = max(last, to) }
            let bytes = Calibration.bytesPerChange + others * Calibration.bytesPerChangePerOtherDevice + (isOutbox ? Calibration.bytesPerOutboxRow : 0)
            items.append(n == 0 ? nil : Item(path: serverPath + ".changes" + (server.changesListed ? "[\(i)]" : "") + ".count",
                                             what: "\(Self.count(n)) changes up to the horizon",
                                             events: n * (Calibration.eventsPerChange + others * Calibration.eventsPerChangePerOtherDevice),
                                             bytes: n * bytes))
        }
        if let outbox, changes > 0 {
            // Workers sweep every period while a row is live. A row lives a few periods, and a
            // retry's backoff; under quiet hours up to its expiry. The sweeps are those of
            // every change's rows, at most those of the whole span they fall in.
            let period = max(1, Double(outbox.period.microseconds)), expiry = Double(outbox.expiry.microseconds)
            let life = recipient.quietHours != nil ? expiry : min(expiry, 3 * period + 2 * Double(outbox.backoff.initial.microseconds))
            let span = min(horizon, last + expiry) - first
            let n = Double(outbox.workers) * min(span, changes * life) / period
            items.append(Item(path: (variant.sender == nil ? "$" : own) + ".sender.period", what: "\(Self.count(n)) outbox sweeps",
                              events: n, bytes: 0))
        }
        let logged = min(Double(server.retainLast), changes)
        if logged > 0 {
            items.append(Item(path: serverPath + ".retainLast", what: "a log of \(Self.count(logged)) changes", events: 0,
                              bytes: logged * Calibration.bytesPerLoggedChange))
        }
        if let c = device.connectivity {
            let n = horizon / (Self.mean(c.online) + Self.mean(c.offline))
            items.append(Item(path: devicePath + ".connectivity", what: "\(Self.count(n)) drawn offline periods",
                              events: 2 * n, bytes: n * Calibration.bytesPerDrawnPeriod))
        }
        if let o = device.app.opens {
            let n = horizon / Self.mean(o.gap)
            items.append(Item(path: devicePath + ".app.opens.gap", what: "\(Self.count(n)) drawn app opens",
                              events: n * Calibration.eventsPerSession, bytes: n * Calibration.bytesPerDrawnSession))
        }
        if device.restart.every != .zero {
            let n = horizon / max(Double(device.restart.bootTime.microseconds), Self.mean(device.restart.every))
            items.append(Item(path: devicePath + ".restart.every", what: "\(Self.count(n)) drawn restarts",
                              events: n * Calibration.eventsPerRestart, bytes: n * Calibration.bytesPerTimelineEvent))
        }
        items.append(Self.explicitLists(device, devicePath, recipient, recipientPath))
        if device.platform == .android {
            items.append(Item(path: devicePath + ".platform", what: "Doze over the horizon", events: horizon / Calibration.dozeEventEvery, bytes: 0))
        }
        return items
    }

    /// The poll timers of strategy `s` in variant `v`: one per `foregroundPollInterval`
    /// over the foreground time (the sessions' lengths, at most the horizon).
    static func strategyItems(_ scenario: Scenario, _ v: Int, _ s: Int) -> [Item] {
        guard let every = scenario.strategies[s].prototype.capabilities.foregroundPollInterval else { return [] }
        let app = (scenario.variants[v].device ?? scenario.device).app
        let horizon = Double(scenario.horizon.microseconds)
        var foreground = Double(app.foreground.count) * Double(app.sessionLength.microseconds)
            + app.sessions.reduce(0) { $0 + Double($1.length.microseconds) }
        if let o = app.opens { foreground += horizon / Self.mean(o.gap) * Double(o.session.meanDuration.microseconds) }
        let n = min(horizon, foreground) / max(1, Double(every.microseconds))
        guard n >= 1 else { return [] }
        return [Item(path: "$.strategies[\(s)].interval", what: "\(Self.count(n)) polls", events: n * Calibration.eventsPerPoll, bytes: 0)]
    }

    /// Every explicit list of the timeline as one item, named by its longest list.
    static func explicitLists(_ d: DeviceSpec, _ path: String, _ r: RecipientSpec, _ recipientPath: String) -> Item? {
        typealias List = (path: String, count: Int, events: Double)   // events per element
        let session = Calibration.eventsPerSession, restart = Calibration.eventsPerRestart
        let own: [List] = [("offline", d.offline.count, 2), ("screenOn", d.screenOn.count, 2), ("charging", d.charging.count, 2),
                           ("motion", d.motion.count, 1), ("lowPowerMode", d.lowPowerMode.count, 2), ("lowBattery", d.lowBattery.count, 2),
                           ("batterySaver", d.batterySaver.count, 2), ("tokenRotations", d.tokenRotations.count, 1),
                           ("uninstalled", d.uninstalled.count, 2), ("restarts", d.restarts.count, restart),
                           ("app.foreground", d.app.foreground.count, session), ("app.sessions", d.app.sessions.count, session),
                           ("app.forceQuit", d.app.forceQuit.count, 1), ("app.swipeAway", d.app.swipeAway.count, 1)]
        var lists: [List] = own.map { (path + "." + $0.path, $0.count, $0.events) }
        for (i, o) in r.otherDevices.enumerated() {
            let p = recipientPath + ".otherDevices[\(i)]."
            let theirs: [List] = [(p + "offline", o.offline.count, 2), (p + "tokenRotations", o.tokenRotations.count, 1),
                                  (p + "uninstalled", o.uninstalled.count, 2), (p + "launches", o.launches.count, 1)]
            lists += theirs
        }
        guard let longest = lists.max(by: { $0.count < $1.count }), longest.count > 0 else { return nil }
        let events = lists.reduce(0.0) { $0 + Double($1.count) * $1.events }
        let elements = lists.reduce(0) { $0 + $1.count }
        return Item(path: longest.path, what: "explicit timeline lists of \(elements) elements",
                    events: events, bytes: events * Calibration.bytesPerTimelineEvent)
    }

    /// Changes (times stages) of `schedule` up to `horizon` µs: `count`, or fewer when the
    /// horizon ends them first (a `gap` by its mean); with the times (µs) of the first and
    /// the last entity.
    static func changes(_ schedule: ChangeSchedule, horizon: Double) -> (count: Double, first: Double, last: Double) {
        let start = Double(schedule.start.microseconds)
        guard schedule.count > 0, start <= horizon else { return (0, 0, 0) }
        let step = schedule.interval.map { Double($0.microseconds) } ?? schedule.gap.map(mean) ?? 0
        let n = step > 0 ? min(Double(schedule.count), ((horizon - start) / step).rounded(.down) + 1) : Double(schedule.count)
        return (n * Double(schedule.stages?.count ?? 1), start, min(horizon, start + (n - 1) * step))
    }

    /// A distribution's mean in µs, at least 1 µs (the model draws at least 1 µs a step).
    static func mean(_ d: DurationDistribution) -> Double { max(1, Double(d.meanDuration.microseconds)) }

    /// `n` for messages: an integer with thousands separated up to 10^6 (`660,000`), else
    /// two significant digits (`1.6e9`).
    public static func count(_ n: Double) -> String {
        guard n.isFinite else { return "∞" }
        if n < 1_000_000 {
            let digits = Array(String(Int(n.rounded())))
            return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0 ? [","] : []) + [d] })
        }
        let exponent = Int(log10(n).rounded(.down))
        var mantissa = (n / pow(10, Double(exponent)) * 10).rounded() / 10
        var e = exponent
        if mantissa >= 10 { mantissa /= 10; e += 1 }
        return (mantissa == mantissa.rounded() ? String(Int(mantissa)) : String(mantissa)) + "e\(e)"
    }

    /// Bytes for messages: `850 B`, `4.2 MB`, `2.1 GB` (powers of 1000).
    public static func bytes(_ b: Double) -> String {
        guard b.isFinite else { return "∞ B" }
        for (unit, scale) in [("PB", 1e15), ("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)] where b >= scale {
            let x = b / scale
            return (x < 10 ? String(format: "%.1f", x) : String(Int(x.rounded()))) + " " + unit
        }
        return "\(Int(b)) B"
    }
}
