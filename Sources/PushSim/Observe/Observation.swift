/// A fact the model reports as it happens, at the current simulated time. The model emits
/// observations and nothing else about itself: counters, the user-view and convergence
/// trackers and the trace are observers of them (`RunObserver`). A new fact for a new
/// metric is one case here; the metric is then an accumulator field and a column.
enum Observation {
    /// The server committed change `sequence` to `key`: `old` → `new`, while the client
    /// holds `client` there; `notify`: its message template is meant to notify.
    case changeCommitted(key: Int32, sequence: Int64, old: Int64, new: Int64, client: Int64, notify: Bool)
    /// A provider request was made (the push with its id and send time) for `device` (0: the
    /// main device, 1, 2, …: the recipient's other devices).
    case sent(Push, device: Int)
    /// That request went to a token that is not the device's current one.
    case staleTokenSend
    /// The provider accepted a request: `duplicate`, for a (message, device) it had already
    /// accepted; `inQuietHours`, inside the recipient's quiet hours.
    case accepted(duplicate: Bool, inQuietHours: Bool)
    /// A push copy of `bytes` reached the online device (`screenOn`: it did not wake it).
    case copyArrived(bytes: Int, screenOn: Bool)
    /// A copy of sender message `message` reached `device` (0: main, 1, 2, …: other devices)
    /// while it was online, installed app or not (the arrival `messages.csv` reports).
    case messageReached(message: Int64, device: Int)
    /// A `deletedMessages` signal reached the device (`screenOn` as for a copy).
    case deletedSignalArrived(screenOn: Bool)
    /// The app received that signal (installed, not stopped).
    case deletedSignalReceived
    /// A copy of a message the app had already seen arrived; `suppressed` when the app
    /// de-duplicates by notification id and dropped it.
    case duplicateArrived(suppressed: Bool)
    /// The app's push handler ran.
    case handlerRan
    /// The Notification Service Extension sent a request to the server (I7).
    case serviceExtensionFetch
    /// The strategy applied a payload as-is (the write follows as `wrote`).
    case payloadApplied
    /// The OS drew push `push`'s notification (of sender message `message`) showing `value` for `key` (the server holds
    /// `serverValue`); `replaced`: it replaced the one shown under the same tag.
    case displayed(push: Int64, message: Int64, key: Int32, value: Int64, serverValue: Int64, replaced: Bool)
    /// The app posted its own notification showing `value` for `key`.
    case posted(key: Int32, value: Int64, serverValue: Int64)
    /// The user tapped a shown notification.
    case tapped
    /// An app session started.
    case appOpened
    /// A pull was asked for while one is in flight; one more follows it.
    case pullQueued
    /// A pull started: `network` false when the device had none (it fails at once, no
    /// server request); `latency` the drawn round trip, nil when none is drawn up front
    /// (no network, or a fleet's shared server, whose queue sets it).
    case pullStarted(full: Bool, network: Bool, latency: SimDuration?)
    /// A pull completed without an answer to apply.
    case pullFailed(PullFailure)
    /// A pull's answer came back after its app process had ended, and was dropped.
    case pullDropped
    /// A pull's answer is applied: `changes` events (or keys of a snapshot, `reset`), `bytes`.
    case pullAnswered(changes: Int, reset: Bool, bytes: Int)
    /// The pull's answer has been applied (or its failure handled).
    case pullApplied
    /// The client's value for `key` changed from `old` to `new` while the server holds
    /// `server` there (`payload`: a push's operation applied as-is, else from a pull).
    case wrote(key: Int32, old: Int64, new: Int64, server: Int64, payload: Bool)
    /// The strategy handler being run set a timer with `tag`.
    case timerSet(tag: Int32)

    /// Why a pull completed without an answer.
    enum PullFailure: String {
        case failed, offline, uninstalled
        case pastDeadline = "past the background deadline"
    }

    /// Whether a trace shows the push ledger's newer outcomes before this fact.
    var showsLedgerFirst: Bool {
        switch self {
        case .displayed, .posted, .pullStarted, .pullFailed, .pullAnswered: true
        case let .wrote(_, old, new, _, _): old != new
        default: false
        }
    }
}
