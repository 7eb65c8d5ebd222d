import Foundation

/// A recorded device timeline (`device.trace`): what a scenario's fixed periods say, read
/// from a CSV file instead (docs/model.md, Trace-driven devices).
///
/// The file: a header with `time_s` and `event`, then one row per event in time order
/// (equal times keep file order): `time_s` a decimal number of seconds ≥ 0 (rounded to the
/// microsecond), `event` one of `events`. The device starts online, screen off, unplugged,
/// the app not open; each `offline` … `online`, `screen_on` … `screen_off`, `charging` …
/// `unplugged` and `app_open` … `app_close` makes one period or session (one left open
/// lasts past any horizon; a period that starts when the last one of its kind ended
/// continues it, as touching periods written in a scenario are merged), and `motion`,
/// `swipe_away` and `restart` are instants.
public struct DeviceTrace: Sendable, Equatable {
    /// The event names a trace may use.
    public static let events = ["offline", "online", "screen_on", "screen_off", "charging", "unplugged", "motion",
                                "app_open", "app_close", "swipe_away", "restart"]
    /// The `DeviceSpec` and `AppSpec` keys a trace sets (a scenario gives them or a trace, not both).
    public static let replacedKeys = ["offline", "connectivity", "screenOn", "charging", "motion", "restarts", "foreground"]
    public static let replacedAppKeys = ["foreground", "sessions", "opens", "swipeAway"]
    /// Where an open period ends: past every horizon (100 years).
    static let open = SimDuration.longestSample

    public var offline: [Period] = []
    public var screenOn: [Period] = []
    public var charging: [Period] = []
    public var motion: [SimDuration] = []
    public var sessions: [Session] = []
    public var swipeAway: [SimDuration] = []
    public var restarts: [SimDuration] = []

    /// `spec` with its timeline from this trace (the keys `replacedKeys` and `replacedAppKeys` name).
    public func applied(to spec: DeviceSpec) -> DeviceSpec {
        var s = spec
        s.offline = offline
        s.connectivity = nil
        s.screenOn = screenOn
        s.charging = charging
        s.motion = motion
        s.restarts = restarts
        s.app.foreground = []
        s.app.sessions = sessions
        s.app.opens = nil
        s.app.swipeAway = swipeAway
        return s
    }

    /// Reads the trace at `path` (relative to `directory` when given), recording the file
    /// in `log` (for `meta.json`'s `sample_files`).
    /// - Throws: `ScenarioError` naming the file and `row N, column K (name)`: an unreadable
    ///   file, a missing `time_s` or `event` column, a time that is not a number ≥ 0 or is
    ///   earlier than the row before, an unknown event (the list is given), an event that
    ///   does not fit the state (`online` while online, `app_close` with the app not open …).
    public static func read(_ path: String, relativeTo directory: URL?) throws(ScenarioError) -> DeviceTrace {
        try read(path, relativeTo: directory, log: nil)
    }

    static func read(_ path: String, relativeTo directory: URL?, log: SampleFile.Log?) throws(ScenarioError) -> DeviceTrace {
        let bytes = try SampleFile.contents(path, relativeTo: directory, what: "the device trace", log: log)
        var builder = Builder()
        var (timeColumn, eventColumn) = (0, 0)
        try CSVReader.read(bytes, file: path, header: { (r: CSVReader) throws(ScenarioError) in
            guard let t = r.column("time_s"), let e = r.column("event") else {
                throw ScenarioError(file: path, path: "row 1", message: "a device trace needs the columns time_s and event; the header has: "
                                    + r.header.joined(separator: ", "))
            }
            (timeColumn, eventColumn) = (t, e)
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            guard let seconds = try record.number(timeColumn), seconds >= 0, seconds < 3.1e9 else {
                throw record.error(timeColumn, "expected a time in seconds from 0 to 3.1e9 (about 100 years), got \"\(record[timeColumn])\"")
            }
            let time = SimDuration(microseconds: Int64((seconds * 1_000_000).rounded()))
            guard time >= builder.last else {
                throw record.error(timeColumn, "\(record[timeColumn]) is earlier than the row before; events must be in time order")
            }
            builder.last = time
            if let problem = builder.add(record[eventColumn], at: time) { throw record.error(eventColumn, problem) }
        })
        return builder.finished()
    }

    /// The state a trace's rows are read into.
    struct Builder {
        var trace = DeviceTrace()
        var last = SimDuration.zero
        var offlineSince: SimDuration?, screenSince: SimDuration?, chargingSince: SimDuration?, openSince: SimDuration?

        /// Adds one event; the problem, or nil.
        mutating func add(_ event: String, at t: SimDuration) -> String? {
            func start(_ since: inout SimDuration?, _ what: String, _ list: inout [Period]) -> String? {
                guard since == nil else { return "\(event) while already \(what)" }
                // A period that starts where the last one ended continues it, as written
                // periods that touch are merged (`decodePeriods`).
                if let last = list.last, last.to == t { since = last.from; list.removeLast() } else { since = t }
                return nil
            }
            func end(_ since: inout SimDuration?, _ what: String, _ into: inout [Period]) -> String? {
                guard let from = since else { return "\(event) while not \(what)" }
                since = nil
                if t > from { into.append(Period(from: from, to: t)) }   // an empty period changes nothing
                return nil
            }
            switch event {
            case "offline": return start(&offlineSince, "offline", &trace.offline)
            case "online": return end(&offlineSince, "offline", &trace.offline)
            case "screen_on": return start(&screenSince, "on", &trace.screenOn)
            case "screen_off": return end(&screenSince, "on (screen_on)", &trace.screenOn)
            case "charging": return start(&chargingSince, "charging", &trace.charging)
            case "unplugged": return end(&chargingSince, "charging", &trace.charging)
            case "app_open":
                guard openSince == nil else { return "app_open while already open" }
                openSince = t
                return nil
            case "app_close":
                guard let from = openSince else { return "app_close while the app is not open (app_open)" }
                openSince = nil
                trace.sessions.append(Session(at: from, length: t - from))
                return nil
            case "motion": trace.motion.append(t)
            case "swipe_away": trace.swipeAway.append(t)
            case "restart": trace.restarts.append(t)
            default:
                return "unknown event \"\(event)\"; expected one of: \(DeviceTrace.events.joined(separator: ", "))"
            }
            return nil
        }

        /// The trace, with every period still open closed past any horizon.
        func finished() -> DeviceTrace {
            var t = trace
            if let from = offlineSince { t.offline.append(Period(from: from, to: DeviceTrace.open)) }
            if let from = screenSince { t.screenOn.append(Period(from: from, to: DeviceTrace.open)) }
            if let from = chargingSince { t.charging.append(Period(from: from, to: DeviceTrace.open)) }
            if let from = openSince { t.sessions.append(Session(at: from, length: DeviceTrace.open - from)) }
            return t
        }
    }
}
