import Foundation

extension ScenarioSize {
    /// The estimate's constants, measured on release builds with `/usr/bin/time` (maximum
    /// resident size) and the `events` column of runs.csv, one replication, `--jobs 1`
    /// (docs/model.md, "Limits", gives each measurement). Bytes are per worker's world.
    public enum Calibration {
        /// The process before any world: 29 MB measured.
        public static let processBytes = 32e6
        /// A built world without its timeline.
        public static let bytesPerWorld = 64e3
        /// Events of a run besides its items (the study's smallest runs: 2 to 7 measured).
        public static let eventsPerRun = 4.0
        /// Per change (lossy channel and hintPull: 1.8 measured; FCM on Android 1.3).
        public static let eventsPerChange = 2.0
        /// Per change and other device (3 other devices: 4.2 per change in all measured).
        public static let eventsPerChangePerOtherDevice = 0.8
        /// Per change: the drawn change, its staged event, the push ledger and the trackers
        /// (10^7 changes: 2.1 GB measured, 208 B each; 9 cells of 10^6: 206 B).
        public static let bytesPerChange = 220.0
        /// Per change and other device (3 other devices: +330 B per change measured).
        public static let bytesPerChangePerOtherDevice = 110.0
        /// Per change under the outbox sender, its rows (+280 B per change measured).
        public static let bytesPerOutboxRow = 290.0
        /// Per change the server's log keeps (`retainLast`; 23 B measured).
        public static let bytesPerLoggedChange = 24.0
        /// Per drawn offline period (`device.connectivity`; 10^7 periods: 127 B each measured).
        public static let bytesPerDrawnPeriod = 135.0
        /// Per app session: its open and its end (2.0 measured).
        public static let eventsPerSession = 2.0
        /// Per drawn app open (`device.app.opens`; 10^7 opens: 81 B each measured).
        public static let bytesPerDrawnSession = 90.0
        /// Per restart: switch-off, boot, first unlock, launch window.
        public static let eventsPerRestart = 4.0
        /// Per staged event of an explicit list (and per drawn restart).
        public static let bytesPerTimelineEvent = 48.0
        /// Per poll: its timer (and its pull's answer when pulls take time; 1.0 measured with instant pulls).
        public static let eventsPerPoll = 1.5
        /// Doze (Android) runs about one transition per this much time (a year: 2,878 events measured): 3 h in µs.
        public static let dozeEventEvery = 3.0 * 3600e6
        /// A runs.csv row (the study: 276 B; a sweep's rows with their axis columns: 314 B).
        public static let csvBytesPerRow = 320.0
        /// A runs.csv.gz row (the study: 26 B).
        public static let gzipBytesPerRow = 40.0
        /// summary.csv and paired.csv per cell, with meta.json and plot.gp shared out.
        public static let bytesPerCell = 2_000.0
        /// Events per second of one core, release build (2.4e6 with 10^7 changes, 4.2e6 with
        /// drawn connectivity, 8.6e6 polling, measured): for the time in messages only.
        public static let eventsPerSecond = 4e6
        /// What a fleet's recipient holds besides its timeline's items: its world (without
        /// a reused world's spare buffers) and its outcome (`fleet-day.json`, measured).
        public static let bytesPerFleetRecipient = 6.5e3
    }

    /// What the machine can give a run: `run` and `sweep` refuse (exit 2) a scenario whose
    /// estimate passes one, unless `--allow-large` is given.
    public struct Limits: Sendable {
        /// The most events all runs together may ask for: 3·10^10, hours of computing (about
        /// 2 h on one core at `Calibration.eventsPerSecond`; 1 h to 3.5 h at the rates measured).
        public static let eventCeiling = 3e10
        /// Memory the process may take, in bytes (the memory available on the machine).
        public var memory: Double
        /// Free bytes where the reports go; nil when nothing is written (not checked).
        public var disk: Double?
        /// The event ceiling (`eventCeiling` unless a caller sets another).
        public var events = Limits.eventCeiling

        public init(memory: Double, disk: Double?, events: Double = Limits.eventCeiling) {
            self.memory = memory; self.disk = disk; self.events = events
        }
    }

    /// The item of the largest total over the cells of `measure` (events or bytes).
    func dominant(_ measure: (Item) -> Double) -> Item? {
        var totals: [String: (Item, Double)] = [:]
        var order: [String] = []
        for cell in cells {
            for item in cell.items {
                if totals[item.path] == nil { order.append(item.path) }
                totals[item.path, default: (item, 0)].1 += measure(item)
            }
        }
        return order.map { totals[$0]! }.max { $0.1 < $1.1 }.map { $0.0 }
    }

    /// The short line `validate` prints: events, memory per worker, output.
    public func summary(format: RunsFormat = .csv) -> String {
        "estimate: \(Self.count(events)) events in \(Self.count(runs)) run\(runs == 1 ? "" : "s") (\(Self.duration(events / Calibration.eventsPerSecond)) "
            + "on one core), \(Self.bytes(bytesPerWorker + Calibration.processBytes)) of memory with one worker, "
            + "\(Self.bytes(outputBytes(format))) of reports"
    }

    /// Checks the estimate against `limits` with `jobs` workers writing rows in `format`
    /// into `folder` (named in the message).
    /// - Throws: `ScenarioError` at the JSON path of the dominant item of the first limit
    ///   passed (memory, then events, then disk), saying what it asks, the limit, and the way out.
    public func check(_ limits: Limits, jobs: Int, format: RunsFormat, file: String, folder: String) throws(ScenarioError) {
        if let (path, message) = memoryProblem(limits, jobs: jobs) { throw ScenarioError(file: file, path: path, message: message) }
        if events > limits.events {
            let (path, what) = blamedForEvents()
            throw ScenarioError(file: file, path: path, message: "\(what): " + Self.eventsMessage(events, limits))
        }
        let written = outputBytes(format)
        if let disk = limits.disk, written > disk {
            throw ScenarioError(file: file, path: "$.replications", message: "\(Self.count(runs)) runs: "
                + Self.diskMessage(written, gzip: rowBytes(.gzip) + outputBytes(.none), format: format, disk: disk, folder: folder))
        }
    }

    static let anyway = "pass --allow-large to run anyway (docs/model.md, Limits)"

    /// When the process with `jobs` workers needs more than `limits.memory`: the dominant
    /// item's path and the message (what it takes, the limit, `--jobs` that would fit).
    func memoryProblem(_ limits: Limits, jobs: Int) -> (String, String)? {
        let needed = memory(jobs: jobs)
        guard needed > limits.memory else { return nil }
        if recipients > 1 {
            let fit = Int(((limits.memory - Calibration.processBytes) / bytesPerWorker).rounded(.down))
            let remedy = fit >= 1 ? "run with --jobs \(fit), or \(Self.anyway)" : "make the population smaller, or \(Self.anyway)"
            // Blamed on a recipient's item when it is most of a recipient, else on the count.
            let perRecipient = bytesPerWorker / Double(recipients)
            let heavy = dominant(\.bytes).flatMap { $0.bytes > perRecipient / 2 ? $0 : nil }
            return (heavy?.path ?? "$.fleet.population.count", "\(recipients) recipients take about \(Self.bytes(bytesPerWorker)) per fleet run"
                + (heavy.map { " (\($0.what) take about \(Self.bytes($0.bytes)) of each recipient's \(Self.bytes(perRecipient)))" } ?? "")
                + "; the process needs about \(Self.bytes(needed)), more than the \(Self.bytes(limits.memory)) of memory available; \(remedy)")
        }
        guard let item = dominant(\.bytes) else { return nil }
        let workers = max(1, min(jobs, replications))
        let fit = Int(((limits.memory - Calibration.processBytes) / bytesPerWorker).rounded(.down))
        let remedy = fit >= 1 ? "run with --jobs \(fit), or \(Self.anyway)" : "make it smaller, or \(Self.anyway)"
        let cellText = cells.count == 1 ? "the one (variant, strategy) cell" : "each of the \(cells.count) (variant, strategy) cells"
        return (item.path, "\(item.what) take about \(Self.bytes(item.bytes)) in \(cellText)'s world; a worker holds "
            + "\(Self.bytes(bytesPerWorker)), and \(workers == 1 ? "the process with one worker needs" : "\(workers) workers need") about \(Self.bytes(needed)), "
            + "more than the \(Self.bytes(limits.memory)) of memory available; \(remedy)")
    }

    /// What the events are blamed on: `$.replications` when there are more runs than events
    /// per run (many small runs), else the item with the most events.
    func blamedForEvents() -> (path: String, what: String) {
        let perRun = cells.reduce(0) { $0 + $1.eventsPerRun } / Double(max(1, cells.count))
        if recipients > 1 {
            // Blamed on a recipient's item when it is most of a recipient's events, else on the count.
            if let item = dominant(\.events), item.events > perRun / 2 {
                return (item.path, "\(recipients) recipients of about \(Self.count(perRun)) events each (\(item.what) each)")
            }
            return ("$.fleet.population.count", "\(recipients) recipients of about \(Self.count(perRun)) events each")
        }
        guard runs <= perRun, let item = dominant(\.events) else {
            return ("$.replications", "\(Self.count(runs)) runs of about \(Self.count(perRun)) events")
        }
        return (item.path, "\(item.what), about \(Self.count(perRun)) events per run")
    }

    /// `about N events in all, beyond the limit …; this takes about …; pass --allow-large …`.
    static func eventsMessage(_ events: Double, _ limits: Limits) -> String {
        "about \(count(events)) events in all, beyond the limit of \(count(limits.events)) (hours of computing); at "
            + "\(count(Calibration.eventsPerSecond)) events/s on one core they take \(duration(events / Calibration.eventsPerSecond)); \(anyway)"
    }

    /// `about N of reports, more than the M free at DIR; use …`.
    static func diskMessage(_ written: Double, gzip: Double, format: RunsFormat, disk: Double, folder: String) -> String {
        let other = format == .csv ? "--runs gzip (about \(bytes(gzip))) or --runs none" : "--runs none"
        return "about \(bytes(written)) of reports, more than the \(bytes(disk)) free at \(folder); use \(other), fewer replications, or \(anyway)"
    }

    /// A time for messages: `under a second`, `about 40 s`, `about 12 min`, `about 7.0 h`,
    /// `about 3.2 days`, `about 5.1e3 years`.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "forever" }
        guard seconds >= 1 else { return "under a second" }
        return "about " + roughly(seconds)
    }

    private static func roughly(_ seconds: Double) -> String {
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
        if seconds < 3 * 86400 { return String(format: "%.1f h", seconds / 3600) }
        if seconds < 365 * 86400 { return String(format: "%.1f days", seconds / 86400) }
        let years = seconds / (365.25 * 86400)
        return (years < 1e6 ? String(format: "%.1f", years) : count(years)) + " years"
    }
}
