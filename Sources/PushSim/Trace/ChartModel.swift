/// What a sequence chart draws of one run, read from its trace records alone: the push
/// copies (send → arrival, or send → outcome), the pulls and their answers, the marks on
/// the lanes, the shaded periods and the cursor series. `ChartModel+Periods` reads the
/// shaded periods and cursor series; `SequenceChart` places all of it.
struct ChartModel {
    /// A copy of a push on its way to a device: arrived (`arrived`), or ended at the
    /// provider or on the device with a non-delivered outcome (`outcome`).
    struct Copy: Equatable {
        var message: Int64
        /// 0: the main device; 1, 2, …: the recipient's other devices.
        var device: Int
        var sent: SimTime
        /// When it reached the device (nil: it never did).
        var arrived: SimTime?
        /// `copy` of the delivery (0 the first; 1, 2, … duplicates).
        var copy: Int64
        /// The delay reason recorded for the push (held at the provider until it arrived).
        var held: String?
    }

    /// A push that did not end delivered: where and when, with its outcome's name (e.g.
    /// `replaced_in_storage`; `pending` at the horizon for a push without an outcome record).
    struct Ending: Equatable {
        var message: Int64
        var device: Int
        var sent: SimTime
        var time: SimTime
        var outcome: String
        /// The push had reached the device (e.g. `dropped_app_force_stopped`): marked on
        /// the device lane, else on the provider lane.
        var atDevice: Bool
        /// The delay reason recorded for it while it was stored, if any.
        var held: String?
    }

    /// A pull: the request from the app at `start`, the answer (or failure) at `end`.
    struct Pull: Equatable {
        var start: SimTime
        var end: SimTime?
        var failure: String?
        var changes: Int64
        var reset: Bool
        var network: Bool
    }

    /// A point mark on a lane.
    struct Mark: Equatable {
        enum Kind: Equatable {
            case change, send, notification, staleNotification, tap, pullWrite, payloadWrite, regression, timer, event, deletedMessages
        }
        var time: SimTime
        var lane: ChartLane.ID
        var kind: Kind
        /// A short label (a change's value, an event's name), or nil.
        var label: String?
    }

    var copies: [Copy] = []
    var endings: [Ending] = []
    var pulls: [Pull] = []
    var marks: [Mark] = []
    /// Each send's change record time and its own (server → sender connector).
    var handoffs: [(change: SimTime, send: SimTime)] = []
    /// Every instant something happens.
    var times: [SimTime] = []
    var periods: [ChartLane.Period] = []
    /// The server's head and the client's cursor after each change of either, and the
    /// periods in which the client's state differs from the server's.
    var serverHead: [(time: SimTime, value: Int64)] = []
    var clientCursor: [(time: SimTime, value: Int64)] = []
    /// The newest change the client has applied, by its cursor or as a push payload (the
    /// highest value a payload wrote): ahead of the cursor for strategies that apply
    /// payloads. Empty when it never differs from the cursor.
    var clientApplied: [(time: SimTime, value: Int64)] = []
    var stale: [(from: SimTime, to: SimTime)] = []
    /// The highest other-device index seen (0: none).
    var otherDevices = 0

    /// Events drawn as a labelled tick on the device lane.
    static let deviceEvents: Set<TraceKind> = [.forceQuit, .swipeAway, .vendorKill, .uninstall, .reinstall, .tokenRotation, .restart,
                                              .lowPowerOn, .lowPowerOff, .batterySaverOn, .batterySaverOff, .chargingOn, .chargingOff,
                                              .motion, .offlineDetected, .serviceExtensionDone]

    init(_ trace: RunTrace, horizon: SimTime) {
        let records = trace.records
        func record(_ seq: Int?) -> TraceRecord? { seq.flatMap { $0 >= 1 && $0 <= records.count ? records[$0 - 1] : nil } }
        var sendOf: [Int64: TraceRecord] = [:]          // message → its send record
        var delayOf: [Int64: String] = [:]              // message → first delay reason
        var arrivals: [Int64: [TraceRecord]] = [:]      // message → its deliveries
        var changeTimeOf: [Int64: SimTime] = [:]        // change value → time
        var openPull: Int?                              // index into pulls
        var finished = Set<Int64>()                     // messages with an outcome record
        for r in records {
            times.append(r.time)
            switch r.kind {
            case .change:
                let value = r.int("value") ?? 0
                changeTimeOf[value] = r.time
                marks.append(Mark(time: r.time, lane: .server, kind: .change, label: r.text("stage") ?? String(value)))
            case .send:
                sendOf[r.message ?? 0] = r
                let device = Int(r.int("device") ?? 0)
                otherDevices = max(otherDevices, device)
                marks.append(Mark(time: r.time, lane: .sender, kind: .send, label: nil))
                if let t = changeTimeOf[r.int("value") ?? -1] { handoffs.append((t, r.time)) }
            case .delay:
                if let m = r.message, delayOf[m] == nil { delayOf[m] = r.text("reason") }
            case .deliver, .otherDeliver:
                guard let m = r.message, let send = record(r.cause) ?? sendOf[m] else { break }
                arrivals[m, default: []].append(r)
                let device = r.kind == .deliver ? 0 : Int(r.int("device") ?? 1)
                otherDevices = max(otherDevices, device)
                copies.append(Copy(message: m, device: device, sent: send.time, arrived: r.time, copy: r.int("copy") ?? 0, held: delayOf[m]))
            case .outcome:
                if let m = r.message { finished.insert(m) }
                guard let m = r.message, let outcome = r.text("outcome"), outcome != "delivered", let send = record(r.cause) ?? sendOf[m] else { break }
                let device = Int(send.int("device") ?? 0)
                let arrived = arrivals[m]?.contains { $0.time <= r.time } ?? false
                endings.append(Ending(message: m, device: device, sent: send.time, time: min(r.time, horizon), outcome: outcome,
                                      atDevice: arrived, held: delayOf[m]))
            case .pull:
                pulls.append(Pull(start: r.time, end: nil, failure: nil, changes: 0, reset: false, network: r.flag("network") ?? true))
                openPull = pulls.count - 1
            case .pullResult:
                guard let i = openPull else { break }
                pulls[i].end = r.time
                pulls[i].failure = r.text("failure")
                pulls[i].changes = r.int("changes") ?? 0
                pulls[i].reset = r.flag("reset") ?? false
                openPull = nil
            case .write:
                let kind: Mark.Kind = r.flag("regression") == true ? .regression : r.text("from") == "payload" ? .payloadWrite : .pullWrite
                marks.append(Mark(time: r.time, lane: .app, kind: kind, label: nil))
            case .notification:
                marks.append(Mark(time: r.time, lane: .device(0), kind: r.flag("stale") == true ? .staleNotification : .notification,
                                  label: r.text("by")))
            case .tap: marks.append(Mark(time: r.time, lane: .device(0), kind: .tap, label: nil))
            case .timer: marks.append(Mark(time: r.time, lane: .app, kind: .timer, label: nil))
            case .deletedMessages: marks.append(Mark(time: r.time, lane: .device(0), kind: .deletedMessages, label: "deletedMessages"))
            case .otherDevice:
                let device = Int(r.entity ?? 1)
                otherDevices = max(otherDevices, device)
                if let change = r.text("change"), change != "online", change != "offline" {
                    marks.append(Mark(time: r.time, lane: .device(device), kind: .event, label: change))
                }
            case _ where Self.deviceEvents.contains(r.kind):
                var label = r.kind.name
                if r.kind == .restart, let phase = r.text("phase") { label = "restart: \(phase)" }
                marks.append(Mark(time: r.time, lane: .device(0), kind: .event, label: label))
            default: break
            }
        }
        // A push without an outcome was still stored, held or in flight at the horizon.
        for r in records where r.kind == .send {
            guard let m = r.message, !finished.contains(m) else { continue }
            endings.append(Ending(message: m, device: Int(r.int("device") ?? 0), sent: r.time, time: horizon, outcome: "pending",
                                  atDevice: false, held: delayOf[m]))
        }
        times.append(horizon)
        readPeriods(records, horizon: horizon)
    }
}

extension TraceRecord {
    /// The detail `name`, if present.
    func detail(_ name: String) -> TraceDetail.Value? { details.first { $0.name == name }?.value }

    func int(_ name: String) -> Int64? { if case let .int(v)? = detail(name) { v } else { nil } }

    func text(_ name: String) -> String? { if case let .text(v)? = detail(name) { v } else { nil } }

    func flag(_ name: String) -> Bool? { if case let .flag(v)? = detail(name) { v } else { nil } }
}
