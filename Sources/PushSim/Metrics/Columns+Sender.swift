extension Columns {
    /// The sender group (columns 43–62), from the message ledger and the sender counts
    /// (docs/model.md, Sender): totals, the mean and largest lateness after wake, the most
    /// attempts and attempts per message in the summary.
    static let sender: [Column] = [
        message("messages", "messages the app asked to send: changes whose template has `send: true` (one per change, whatever the "
                + "number of devices)") { $0.counts[.messages] },
        message("messages_accepted", "accepted by the provider for at least one device") { $0.counts[.messagesAccepted] },
        message("messages_lost", "never accepted, and neither expired, superseded nor still held by the sender: failed rows, final "
                + "errors, rejected pushes that were never retried, `quietHoursNaive` drops, messages no device had a token for") {
            $0.counts[.messagesLost]
        },
        message("messages_expired", "never accepted; an outbox row expired before it could be sent (by design)") { $0.counts[.messagesExpired] },
        message("messages_superseded", "never accepted; replaced by a newer message (outbox supersede key, coalesced hint) "
                + "(by design)") { $0.counts[.messagesSuperseded] },
        message("messages_pending", "never accepted; still held by the sender at the horizon") { $0.counts[.messagesPending] },
        counter("quiet_hours_accepted", unit: "pushes", "requests the provider accepted while the recipient was inside their quiet "
                + "hours (0 for `outbox`)") { $0.counts[.quietHoursAccepted] },
        counter("deferrals", unit: "rows", "times an outbox row was deferred to the end of the quiet hours") { $0.counts[.deferrals] },
        counter("woken_accepted", unit: "rows", "deferred rows the provider later accepted (their lateness is in 60–61)") {
            $0.counts[.wokenAccepted]
        },
        counter("duplicates_sent", unit: "requests", "requests the provider accepted for a (message, device) it had already "
                + "accepted (resends after a worker crash or an expired lease)") { $0.counts[.duplicatesSent] },
        counter("duplicates_displayed", unit: "copies", "copies of a message that reached an installed app on a device after an "
                + "earlier copy of the same notification id did, and were shown or handed to app code (resends and transport "
                + "duplicates)") { $0.counts[.duplicatesDisplayed] },
        counter("duplicates_suppressed", unit: "copies", "such copies an app with `client.dedupe` dropped") { $0.counts[.duplicatesSuppressed] },
        counter("rows_stuck", unit: "rows", "outbox rows still `queued`, `deferred` or `claimed` at the horizon (`coalesce`: its "
                + "held hint)") { $0.counts[.rowsStuck] },
        counter("stale_token_sends", unit: "requests", "requests to a token that was not the device's current one (rotated or "
                + "reinstalled, not yet registered) or to an uninstalled app") { $0.counts[.staleTokenSends] },
        counter("tokens_deleted", unit: "tokens", "tokens the outbox deleted after `UNREGISTERED`, 410 `Unregistered` or "
                + "`BadDeviceToken`") { $0.counts[.tokensDeleted] },
        counter("worker_crashes", unit: "crashes", "outbox workers that died between the provider's acceptance and recording it") {
            $0.counts[.workerCrashes]
        },
        counter("answers_not_recorded", unit: "answers", "provider answers no outbox worker recorded (lease ran out or taken over, "
                + "or the worker died)") { $0.counts[.answersNotRecorded] },
        .duration("lateness_after_wake_total_s", "sum over the rows of 51 of (first acceptance − wake time of the row's last deferral)",
                  summary: [.pooled("mean_lateness_after_wake_s", "lateness_after_wake_total_s", per: "woken_accepted")]) {
            $0.lateness.total
        },
        .duration("lateness_after_wake_max_s", "the largest of those", emptyWhen: "no deferred row accepted",
                  summary: [.max("max_lateness_after_wake_s")]) { $0.lateness.max },
        .count("attempts_max", unit: "attempts", "the most send attempts any outbox row used (0 for the other senders)",
               summary: [.max("max_attempts"), .pooled("attempts_per_message", "pushes_sent", per: "messages")]) {
            $0.counts[.attemptsMax]
        },
    ]

    /// A message-fate column, totalled (`value` context-free, as in `Columns.outcome`).
    private static func message(_ name: String, _ doc: String, _ value: @escaping @Sendable (RunOutcome) -> Int) -> Column {
        .count(name, unit: "messages", doc, summary: [.total()], value)
    }

    /// A sender-counter column, totalled.
    private static func counter(_ name: String, unit: String, _ doc: String,
                                _ value: @escaping @Sendable (RunOutcome) -> Int) -> Column {
        .count(name, unit: unit, doc, summary: [.total()], value)
    }
}
