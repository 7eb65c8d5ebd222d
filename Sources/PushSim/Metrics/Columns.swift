/// THE column table: every `runs.csv` column in report order, each with its unit, meaning,
/// writer and summary rules. `runs.csv` (`RunsTable`), `summary.csv` (`SummaryTable`,
/// `CellSummary`), the column tables of docs/csv.md (`pushsim columns --markdown`) and the
/// header tests all come from it.
///
/// A new metric is one row here (plus one field in the outcome it reads, if new). Keep the
/// order: a new column goes just before the fingerprint (always the last), so the others
/// keep their positions.
public enum Columns {
    /// Every `runs.csv` column, in order (93); the fingerprint is always the last.
    public static let runs: [Column] = identity + pushes + device + [rejectedCodes] + sender + userView + latency + [fingerprint]

    /// The run's event fingerprint (the last column).
    static let fingerprint = Column("fingerprint", type: "16 hex digits", "the run's event fingerprint (see [Fingerprint](#fingerprint)); "
                                    + "equal fingerprints mean the same events at the same times") { r, line in
        line.appendHex(r.outcome.fingerprint.value)
    }

    /// The `runs.csv` header.
    public static let runNames = runs.map(\.name)

    /// Which run a row is, and whether it converged (columns 1–7).
    static let identity: [Column] = [
        Column("variant", type: "string", "the variant's `name`", summary: [.key]) { r, line in line.append(r.variant) },
        Column("strategy", type: "string", "the strategy's `name` (default: its `kind`)", summary: [.key]) { r, line in
            line.append(r.strategy)
        },
        Column("replication", type: "integer", "0-based replication index; the value in the stream-seed derivation",
               summary: [.runs("replications")]) { r, line in line.append(r.replication) },
        Column("seed", type: "integer 0 … 2⁶⁴ − 1", "the scenario's seed: its `seed`, or `--seed` when given (in a sweep, the "
               + "point's: the sweep's or base's, unless an axis sets it); the same on every row of a run, not a per-run seed (each run's "
               + "random streams derive from this seed, its `replication` and the stream name, and are not written)") { r, line in
            line.append(r.seed)
        },
        .flag("converged", "client value = server value for every key at the horizon",
              summary: [.runRate(.init(runs: "converged", rate: "convergence_rate"))]) { $0.converged },
        .duration("convergence_time_s", "seconds from the last server change that ran (whether or not it sent a push), not from "
                  + "the run's start, until the client's state last became equal to the server's (≥ 0; 0 when it caught up at that "
                  + "instant or no change ran)",
                  emptyWhen: "`converged` = 0", summary: [.quantiles([0.5, 0.95])],
                  gloss: "seconds from the last server change to convergence") { $0.convergenceTime },
        Column("final_cursor", type: "integer", unit: "change sequence number", "the client's cursor at the horizon (newest change "
               + "applied through a pull; 0 if it never pulled; always 0 for `applyPayload`)") { r, line in
            line.append(Int(r.outcome.finalCursor))
        },
    ]

    /// The pushes' fates and delays, from the push ledger (columns 8–28): totals in the summary.
    static let pushes: [Column] = [
        .count("pushes_sent", unit: "pushes", "provider requests the sender made, to every device of the recipient: with `perChange` "
               + "one per change that ran with `send: true` and device with a token; `coalesce` fewer; `outbox` one per attempt "
               + "(retries and resends included)", summary: [.total()]) { $0.pushesSent },
        outcome(.delivered, "reached an online, installed app: handed to app code, displayed by the OS (or shown nothing because "
                + "notifications are denied), or run from the iOS held slot") { $0[.delivered] },
        outcome(.pending, "still stored, held or in flight at the horizon") { $0[.pending] },
        outcome(.collapsed, "replaced by a newer FCM message with the same collapse key") { $0[.collapsed] },
        outcome(.droppedTooManyPendingMessages, "discarded by an overflow (`overflow`, `fcm` F2) or dropped by the 4-collapse-key "
                + "limit (F3)") { $0[.droppedTooManyPendingMessages] },
        outcome(.droppedAppForceStopped, "arrived at a force-quit / force-stopped or uninstalled app; or an iOS held push dropped "
                + "by a force-quit or uninstall") { $0[.droppedAppForceStopped] },
        outcome(.droppedDeviceInactive, "`fcm`: device offline ≥ `inactiveAfter`") { $0[.droppedDeviceInactive] },
        outcome(.replacedInStorage, "replaced in the one slot of `apns` or `keepLatest`") { $0[.replacedInStorage] },
        outcome(.expired, "lifetime (TTL / apns-expiration) ran out while stored or held, or lifetime 0 could not be delivered at once") { $0[.expired] },
        outcome(.rejected, "refused at send with an error code (see `rejected_codes`)") { $0[.rejected] },
        outcome(.throttled, "iOS background push replaced while held for the budget / Low Power Mode, or dropped under "
                + "`heldBackgroundPush: drop`") { $0[.throttled] },
        outcome(.lost, "lost in transport (`loss`)") { $0[.lost] },
        outcome(.droppedDeviceOffline, "sent to `lossy` while offline, or arrived while the device was offline (and no duplicate "
                + "copy was delivered later)") { $0[.droppedDeviceOffline] },
        .count("delivered_no_delay", unit: "pushes", "delivered pushes with no delay reason", summary: [.total()]) {
            $0.deliveredNoDelay
        },
        delay(.delayedDeviceOffline, "delivered pushes that were stored while the device was offline") { $0[.delayedDeviceOffline] },
        delay(.delayedDeviceDoze, "delivered pushes `fcm` held for Doze") { $0[.delayedDeviceDoze] },
        delay(.delayedMessageThrottled, "delivered pushes held by APNs power timing, the FCM collapsible bucket, the iOS budget or "
              + "Low Power Mode") { $0[.delayedMessageThrottled] },
        delay(.delayedUserStopped, "reserved for the FCM Data API category; the current model never sets it, so always 0") { $0[.delayedUserStopped] },
        .count("rejected_final", unit: "pushes", "rejections with a final code (not retryable)", summary: [.total()]) {
            rejections($0, retryable: false)
        },
        .count("rejected_retryable", unit: "pushes", "rejections with a retryable code (429, 500, 503)", summary: [.total()]) {
            rejections($0, retryable: true)
        },
        .count("duplicates", unit: "copies", "extra copies made by transport duplication", summary: [.total()]) { $0.duplicates },
    ]

    /// The main device's and the app's counts (columns 29–41): means per run in the summary.
    static let device: [Column] = [
        .count("copies_arrived", unit: "copies", "deliveries that found the device online (both copies of a duplicate count; "
               + "includes copies that then found the app uninstalled or stopped)", summary: [.mean]) { $0.counts[.copiesArrived] },
        .count("bytes_arrived", unit: "bytes", "payload bytes of those copies: the sum of the message template's `size` over every "
               + "copy counted in `copies_arrived`", summary: [.mean]) { $0.counts[.bytesArrived] },
        .count("handler_runs", unit: "calls", "strategy `.push` events (pushes reaching app code, held pushes at launch, taps)",
               summary: [.mean]) { $0.counts[.handlerRuns] },
        .count("notifications_displayed", unit: "notifications", "notifications the OS drew in the tray (not counted when "
               + "notifications are denied)", summary: [.mean]) { $0.counts[.notificationsDisplayed] },
        .count("notifications_replaced", unit: "notifications", "displayed notifications that replaced one shown under the same "
               + "`tag`", summary: [.mean]) { $0.counts[.notificationsReplaced] },
        .count("taps", unit: "taps", "taps on a notification still shown", summary: [.mean]) { $0.counts[.taps] },
        .count("deleted_signals", unit: "signals", "`deletedMessages` signals that reached the app (installed and not stopped)",
               summary: [.mean]) { $0.counts[.deletedSignals] },
        .count("pulls", unit: "pulls", "pulls started, full syncs included, failed ones included, also those that returned nothing",
               summary: [.meanAndInterval]) { $0.counts[.pulls] },
        .count("pull_failures", unit: "pulls", "pulls that failed (no network, failure draw, offline at completion, past the "
               + "handler-time deadline, uninstalled)", summary: [.mean]) { $0.counts[.pullFailures] },
        .count("resets", unit: "pulls", "pulls answered with a snapshot: a reset (cursor older than the log) or a full sync",
               summary: [.mean]) { $0.counts[.resets] },
        .count("payloads_applied", unit: "writes", "payload writes with no sequence check (`applyPayload`: one per push reaching "
               + "app code)", summary: [.mean]) { $0.counts[.payloadsApplied] },
        .count("app_opens", unit: "opens", "app opens: timeline, random opens and taps", summary: [.mean]) { $0.counts[.appOpens] },
        .count("events", unit: "events", "events the kernel ran (changes, device and app events, deliveries, signals, taps, timers "
               + "(also those of an ended app process, which do nothing), pull completions, Doze transitions, channel timers, "
               + "sender timers (outbox sweeps, coalesce windows), other devices' events; cancelled ones not counted)",
               summary: [.mean]) { $0.counts[.events] },
    ]

    /// Rejections by code (column 42).
    static let rejectedCodes = Column.tally(
        "rejected_codes", labels: PushLedger.sendErrors.map(\.rawValue),
        "rejections by code, `CODE=n` joined by `;` in the fixed order "
            + PushLedger.sendErrors.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            + ", codes with 0 left out; e.g. `BadDeviceToken=2;Unregistered=1`",
        emptyWhen: "no rejection", summary: [.total("rejected_codes")]) { $0.rejections }

    /// Rejections by code as `rejected_codes` writes them, e.g. `INVALID_ARGUMENT=1;UNREGISTERED=2`
    /// (codes in `SendError.allCases` order; empty when none).
    public static func rejectedCodes<C: Collection<Int>>(_ counts: C) -> String {
        Column.tallyText(PushLedger.sendErrors.map(\.rawValue), counts)
    }

    /// Rejections of one retry class (a plain loop over the codes' retry classes, read once:
    /// it runs twice per row and twice per summarised run).
    static func rejections(_ o: RunOutcome, retryable: Bool) -> Int {
        retryClasses.withUnsafeBufferPointer { classes in
            o.rejections.sum { i in i < classes.count && classes[i] == retryable }
        }
    }

    /// `isRetryable` per code, in `PushLedger.sendErrors` order.
    private static let retryClasses = PushLedger.sendErrors.map(\.isRetryable)

    /// A push-outcome column; `value` reads the count of `o` (a context-free closure: the
    /// per-run summary walk then needs no reference counting).
    private static func outcome(_ o: PushOutcome, _ doc: String, _ value: @escaping @Sendable (RunOutcome) -> Int) -> Column {
        .count(o.column, unit: "pushes", doc, summary: [.total()], value)
    }

    /// A delay-reason column, as `outcome`.
    private static func delay(_ d: DelayReason, _ doc: String, _ value: @escaping @Sendable (RunOutcome) -> Int) -> Column {
        .count(d.column, unit: "pushes", doc, summary: [.total()], value)
    }
}
