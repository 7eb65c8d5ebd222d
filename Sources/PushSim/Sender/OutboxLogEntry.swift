/// What happened in an outbox, step by step (kept only when `Outbox.log` is switched on;
/// for tests and traces).
enum OutboxLogEntry: Equatable, Sendable {
    case claimed(row: Int, claim: Int32, worker: Int, at: SimTime, leaseUntil: SimTime)
    case sent(row: Int, claim: Int32, worker: Int, at: SimTime, attempt: Int, answer: ProviderAnswer)
    case answered(row: Int, claim: Int32, worker: Int, at: SimTime, answer: ProviderAnswer, recorded: Bool)
    case crashed(row: Int, worker: Int, at: SimTime)
    case deferred(row: Int, at: SimTime, until: SimTime)
    case retryScheduled(row: Int, at: SimTime, due: SimTime, base: SimDuration)
    case finished(row: Int, at: SimTime, state: OutboxRow.State)
}
