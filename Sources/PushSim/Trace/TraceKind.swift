/// What a trace record (and a fingerprinted event) is: first the events the kernel runs
/// (one per `WorldEvent` case, split where the payload is a switch), then what happens
/// inside them (sends, pulls, writes, notifications, push outcomes, the state an event
/// left behind). The raw value is the
/// code `RunFingerprint` hashes; `name` is the `kind` of a trace line.
public enum TraceKind: UInt8, Sendable, CaseIterable {
    // Kernel events (fingerprinted).
    case change = 1, online, offline, screenOn, screenOff, chargingOn, chargingOff, motion
    case lowPowerOn, lowPowerOff, tokenRotation, uninstall, reinstall, appOpen, sessionEnd
    case forceQuit, swipeAway, deliver, deletedMessages, tap, timer, pullComplete, doze, channelTimer
    case senderTimer, otherDevice, otherDeliver, otherChannelTimer, offlineDetected
    // Battery Saver (I8) at 30 and 31: 29 is `offlineDetected` (A11, developed alongside),
    // so the codes, and with them the fingerprints, stay the same when both are merged.
    case batterySaverOn = 30, batterySaverOff, serviceExtensionDone, restart
    // Fleets (`WorldEvent.fleet`) and jittered pulls.
    case pullAnswer = 34, topicChange, topicFanOut, jitteredPull
    // The vendor's power manager (D7).
    case vendorKill = 38
    // What happens inside an event (traced only).
    case send = 40, pull, pullResult, write, notification, outcome, delay, state

    /// The trace line's `kind`, e.g. `"screen_on"`.
    public var name: String {
        switch self {
        case .change: "change"
        case .online: "online"
        case .offline: "offline"
        case .screenOn: "screen_on"
        case .screenOff: "screen_off"
        case .chargingOn: "charging_on"
        case .chargingOff: "charging_off"
        case .motion: "motion"
        case .lowPowerOn: "low_power_on"
        case .lowPowerOff: "low_power_off"
        case .tokenRotation: "token_rotation"
        case .uninstall: "uninstall"
        case .reinstall: "reinstall"
        case .appOpen: "app_open"
        case .sessionEnd: "session_end"
        case .forceQuit: "force_quit"
        case .swipeAway: "swipe_away"
        case .deliver: "deliver"
        case .deletedMessages: "deleted_messages"
        case .tap: "tap"
        case .timer: "timer"
        case .pullComplete: "pull_complete"
        case .doze: "doze"
        case .channelTimer: "channel_timer"
        case .senderTimer: "sender_timer"
        case .otherDevice: "other_device"
        case .otherDeliver: "other_deliver"
        case .otherChannelTimer: "other_channel_timer"
        case .offlineDetected: "offline_detected"
        case .batterySaverOn: "battery_saver_on"
        case .batterySaverOff: "battery_saver_off"
        case .serviceExtensionDone: "extension_done"
        case .restart: "restart"
        case .pullAnswer: "pull_answer"
        case .topicChange: "topic_change"
        case .topicFanOut: "topic_fan_out"
        case .jitteredPull: "jittered_pull"
        case .vendorKill: "vendor_kill"
        case .send: "send"
        case .pull: "pull"
        case .pullResult: "pull_result"
        case .write: "write"
        case .notification: "notification"
        case .outcome: "outcome"
        case .delay: "delay"
        case .state: "state"
        }
    }

    /// Whether this is a kernel event (part of the fingerprint) rather than something
    /// that happened inside one.
    public var isEvent: Bool { rawValue < TraceKind.send.rawValue }
}

extension WorldEvent {
    /// The event's kind, entity, message id and tag, as fingerprinted and traced. Entity:
    /// the key of a change, or of the push delivered or tapped; the device index for an other
    /// device's change or channel timer; −1 otherwise. Message: the push id for deliveries
    /// and taps; 0 otherwise. Tag: the strategy's, channel's or sender's timer tag, 1 for a
    /// pull completion whose request failed, the device index of an other device's delivery,
    /// the change code (`OtherDeviceChange.rawValue`) of an other device's change; 0 otherwise.
    /// - Complexity: O(1).
    @inline(__always)
    /// - Parameter key: the changed key of push `id` (the ledger's `key(of:)`; a closure, so
    ///   that the ledger is not copied into the call).
    func traceFields(key: (Int64) -> Int32) -> (kind: TraceKind, entity: Int32, message: Int64, tag: Int32) {
        switch self {
        case let .serverChange(key, _): (.change, key, 0, 0)
        case let .connectivity(online): (online ? .online : .offline, -1, 0, 0)
        case let .screen(on): (on ? .screenOn : .screenOff, -1, 0, 0)
        case let .charging(on): (on ? .chargingOn : .chargingOff, -1, 0, 0)
        case .motion: (.motion, -1, 0, 0)
        case let .lowPowerMode(on): (on ? .lowPowerOn : .lowPowerOff, -1, 0, 0)
        case let .batterySaver(on): (on ? .batterySaverOn : .batterySaverOff, -1, 0, 0)
        case .tokenRotation: (.tokenRotation, -1, 0, 0)
        case let .installed(yes): (yes ? .reinstall : .uninstall, -1, 0, 0)
        case .appOpen: (.appOpen, -1, 0, 0)
        case .appSessionEnd: (.sessionEnd, -1, 0, 0)
        case .forceQuit: (.forceQuit, -1, 0, 0)
        case .swipeAway: (.swipeAway, -1, 0, 0)
        case .vendorKill: (.vendorKill, -1, 0, 0)
        case let .deliver(id, _): (.deliver, key(id), id, 0)
        case .deletedMessages: (.deletedMessages, -1, 0, 0)
        case let .tap(id): (.tap, key(id), id, 0)
        case let .timer(tag, _): (.timer, -1, 0, tag)
        case let .pullComplete(failed, _): (.pullComplete, -1, 0, failed ? 1 : 0)
        case .doze: (.doze, -1, 0, 0)
        case .offlineDetected: (.offlineDetected, -1, 0, 0)
        case let .restart(phase): (.restart, -1, 0, Int32(phase.rawValue))
        case let .serviceExtensionDone(id, fresh): (.serviceExtensionDone, key(id), id, fresh ? 1 : 0)
        case let .channelTimer(_, tag): (.channelTimer, -1, 0, tag)
        case let .senderTimer(tag): (.senderTimer, -1, 0, tag)
        case let .otherDevice(device, change): (.otherDevice, Int32(device), 0, Int32(change.rawValue))
        case let .otherDeliver(id, device): (.otherDeliver, key(id), id, Int32(device))
        case let .otherChannelTimer(device, _, tag): (.otherChannelTimer, Int32(device), 0, tag)
        case let .jitteredPull(full, _): (.jitteredPull, -1, 0, full ? 1 : 0)
        case let .fleet(delivery):
            switch delivery {
            case let .pullAnswer(failed, overloaded, _): (.pullAnswer, -1, 0, (failed ? 1 : 0) | (overloaded ? 2 : 0))
            case let .topicChange(key, _): (.topicChange, key, 0, 0)
            case let .topicFanOut(message, _): (.topicFanOut, -1, Int64(message), 0)
            case .wake: preconditionFailure("the fleet's wake-up is never a recipient's event")
            }
        }
    }
}
