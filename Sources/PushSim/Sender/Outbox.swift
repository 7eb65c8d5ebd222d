/// `outbox`: the reference transactional outbox. Each message becomes one row per
/// registration (token) the server holds (the inbox entry, the in-app history, is the server's
/// change itself, written before any push). Workers sweep the due rows every `period`,
/// claim each with a lease, and then, outside the claim:
///
/// 1. a row past its expiry becomes `expired` (expiry is set at enqueue: the message's
///    `ttl`/`expiration`, else `expiry`);
/// 2. a row that used `maxAttempts` becomes `failed`;
/// 3. inside the recipient's quiet hours the row is `deferred` to the first instant
///    outside them (no attempt used);
/// 4. a row whose registration has no token any more becomes `failed`;
/// 5. otherwise it is sent (one attempt) with the remaining lifetime as TTL /
///    apns-expiration, and the provider's answer is recorded only if the worker still holds
///    the lease: accepted ⇒ `accepted` (with the provider's message id); a final error ⇒
///    `failed`, and `UNREGISTERED` / 410 / `BadDeviceToken` also delete the token the
///    request went to if the server still holds it for that device (as its current or, with
///    `recipient.tokenStore: perToken`, its previous registration; F9, A9, F14); a
///    retryable one ⇒ `queued` again after the `backoff` wait (at least the provider's
///    Retry-After), or `failed` after `maxAttempts`.
///
/// A worker may die between the provider's acceptance and recording it (`crash`, on the
/// `sender` stream): its rows stay claimed until the lease runs out, and the next sweep
/// sends them again with the same notification id (a duplicate a de-duplicating client
/// drops). A newer message with the same `supersedeKey` replaces older queued or deferred
/// rows (`superseded`). Rows still non-terminal at the horizon are counted as stuck.
///
/// Timing: worker w sweeps at k·period (+ w·period/workers with `stagger`) while the outbox
/// has a non-terminal row; at an equal instant workers sweep in index order. A message is
/// therefore sent within one period of becoming due. Draws on `sender`, in event order:
/// per send the `answerLatency` (unless constant), per accepted answer recorded under a
/// lease one crash Bernoulli (if `crash` > 0), per retry one jitter uniform (if > 0).
public struct Outbox: SenderPolicy, ParamFieldDeclaring {
    public static let kind = "outbox"
    public static let summary = "transactional outbox: sweeps, leases, retries with backoff, quiet hours, supersede, expiry"
    public static let period = Param.duration("period", default: .minutes(1), range: .positive("a sweep period"), doc: "time between a worker's sweeps")
    public static let lease = Param.duration("lease", default: .minutes(2), range: .positive("a lease"), doc: "how long a claim holds a row")
    public static let workers = Param.integer("workers", default: 1, range: 1...64, doc: "workers sweeping the outbox")
    public static let stagger = Param.boolean("stagger", default: false, doc: "worker w sweeps w·period/workers after worker 0 (else all at once)")
    public static let batch = Param.integer("batch", default: 100, range: 1...1_000_000, doc: "rows a worker claims per sweep")
    public static let maxAttempts = Param.integer("maxAttempts", default: 5, range: 1...1000, doc: "send attempts before a row fails")
    public static let expiry = Param.duration("expiry", default: .days(1), doc: "lifetime set at enqueue when the message has no ttl/expiration")
    public static let supersedeKey = Param.optionalKeyPattern("supersedeKey", doc: "a newer message with the same key replaces older queued/deferred rows")
    public static let backoff = Param.object("backoff", default: Backoff(), doc: "retry wait: initial·2^(n−1) capped at max, + up to jitter·that")
    public static let crash = Param.probability("crash", default: 0, doc: "a worker dies between the provider's acceptance and recording it")
    public static let answerLatency = Param.distribution("answerLatency", default: .zero,
                                                  doc: "time from a request to the provider's answer reaching the worker")
    public static let honourRetryAfter = Param.boolean("honourRetryAfter", default: true,
                                                       doc: "a retry waits at least the provider's Retry-After (false: the backoff alone)")
    public static let fields: [ParamField<Self>] = [
        .bind(period, \.period), .bind(lease, \.lease), .bind(workers, \.workers), .bind(stagger, \.stagger), .bind(batch, \.batch),
        .bind(maxAttempts, \.maxAttempts), .bind(expiry, \.expiry), .bind(supersedeKey, \.supersedeKey), .bind(backoff, \.backoff),
        .bind(crash, \.crash), .bind(answerLatency, \.answerLatency), .bind(honourRetryAfter, \.honourRetryAfter),
    ]

    /// Time between a worker's sweeps (µs, > 0).
    public var period = Outbox.period.defaultValue
    /// How long a claim holds a row (µs, > 0).
    public var lease = Outbox.lease.defaultValue
    /// Workers sweeping the outbox, 1 … 64.
    public var workers = Outbox.workers.defaultValue
    /// Whether worker w sweeps w·period/workers after worker 0.
    public var stagger = Outbox.stagger.defaultValue
    /// Rows a worker claims per sweep, 1 … 1,000,000.
    public var batch = Outbox.batch.defaultValue
    /// Send attempts before a row fails, 1 … 1000.
    public var maxAttempts = Outbox.maxAttempts.defaultValue
    /// Row lifetime set at enqueue when the message has none (µs).
    public var expiry = Outbox.expiry.defaultValue
    /// Newer messages with the same key replace older queued/deferred rows; `nil` = none.
    public var supersedeKey = Outbox.supersedeKey.defaultValue
    /// Retry waits.
    public var backoff = Outbox.backoff.defaultValue
    /// Probability in [0, 1] that a worker dies between acceptance and recording it.
    public var crash = Outbox.crash.defaultValue
    /// Time from a request to the provider's answer reaching the worker.
    public var answerLatency = Outbox.answerLatency.defaultValue
    /// Whether a retry waits at least the provider's Retry-After (F9 asks for it; default
    /// true). False models a sender that ignores it and retries on its backoff alone.
    public var honourRetryAfter = Outbox.honourRetryAfter.defaultValue

    /// Every row, in enqueue order.
    var rows: [OutboxRow] = []
    /// Indices of the non-terminal rows, ascending.
    var live: [Int] = []
    /// Whether worker w has a sweep scheduled.
    var sweeping: [Bool] = []
    /// Incremented when worker w dies: answers for an earlier incarnation are never recorded.
    var incarnation: [Int] = []
    /// Answers on their way back to a worker (`answerLatency` > 0), by timer tag − workers.
    var inFlight: [InFlightAnswer] = []
    /// Step-by-step record of the run, when switched on (non-nil).
    var log: [OutboxLogEntry]?

    struct InFlightAnswer: Sendable {
        var row: Int, claim: Int32, worker: Int, incarnation: Int, token: Int, answer: ProviderAnswer
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeFields(from: decoder)
    }

    public let capabilities = SenderCapabilities()

    public mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext) {
        switch event {
        case let .message(message): onMessage(message, &cx)
        case let .timer(tag): onTimer(tag: tag, &cx)
        case .finish: finish(&cx)
        }
    }

    /// Enqueues the message: supersedes older rows with its key, then one queued row per
    /// registration that has a token, due now.
    mutating func onMessage(_ message: Push, _ cx: inout SenderContext) {
        let now = cx.now
        let key = supersedeKey?.id(for: message.change.key)
        if let key {
            // Only the same recipient's rows (a fleet's shared outbox holds everyone's; a lone recipient's are all 0).
            for i in live where rows[i].supersedeKey == key && rows[i].push.recipient == message.recipient
                && (rows[i].state == .queued || rows[i].state == .deferred) {
                finishRow(i, .superseded, cx: &cx)
                cx.settle(rows[i].push.notification, .superseded)
            }
            dropFinishedRows()
        }
        let expiresAt = now + (message.lifetime ?? expiry)
        for d in cx.registrations(for: message) where cx.hasToken(d) {
            live.append(rows.count)
            rows.append(OutboxRow(push: message, device: d, due: now, expiresAt: expiresAt, supersedeKey: key))
        }
        startSweeping(&cx)
    }

    mutating func onTimer(tag: Int32, _ cx: inout SenderContext) {
        let t = Int(tag)
        if t < workers { sweep(worker: t, &cx); return }
        let a = inFlight[t - workers]
        record(a.row, claim: a.claim, worker: a.worker, incarnation: a.incarnation, token: a.token, answer: a.answer, &cx)
    }

    mutating func finish(_ cx: inout SenderContext) {
        for i in live where !rows[i].state.isTerminal {
            cx.count(.rowsStuck, registration: rows[i].device)
            cx.settle(rows[i].push.notification, .pending)
        }
    }

    /// Schedules a sweep for every worker that has none, at its next sweep instant ≥ now.
    mutating func startSweeping(_ cx: inout SenderContext) {
        if sweeping.isEmpty { sweeping = Array(repeating: false, count: workers); incarnation = Array(repeating: 0, count: workers) }
        for w in 0..<workers where !sweeping[w] {
            sweeping[w] = true
            let offset = stagger ? period.microseconds * Int64(w) / Int64(workers) : 0
            let since = cx.now.microseconds - offset
            let k = since <= 0 ? 0 : (since + period.microseconds - 1) / period.microseconds
            cx.setTimer(at: SimTime(microseconds: k * period.microseconds + offset), tag: Int32(w))
        }
    }

    /// Removes terminal rows from `live`.
    mutating func dropFinishedRows() {
        let all = rows
        live.removeAll { all[$0].state.isTerminal }
    }

    mutating func finishRow(_ i: Int, _ state: OutboxRow.State, cx: inout SenderContext) {
        rows[i].state = state
        rows[i].owner = -1
        log?.append(.finished(row: i, at: cx.now, state: state))
    }
}

extension Outbox {
    /// The rows not yet terminal, and how many of them are due and waiting (queued or
    /// deferred with `due` ≤ `now`) at `now`: a fleet's timeline samples it each minute.
    /// - Complexity: O(live rows).
    func backlog(at now: SimTime) -> (rows: Int, late: Int) {
        var late = 0, open = 0
        for i in live where !rows[i].state.isTerminal {
            open += 1
            if (rows[i].state == .queued || rows[i].state == .deferred) && rows[i].due <= now { late += 1 }
        }
        return (open, late)
    }
}
