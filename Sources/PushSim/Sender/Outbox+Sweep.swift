/// The outbox's workers: sweeping, claiming, sending outside the claim, recording answers.
extension Outbox {
    /// Worker `w` sweeps at `cx.now`: claims up to `batch` claimable rows (in enqueue
    /// order), then processes them one by one; then sweeps again one period later while a
    /// non-terminal row is left.
    mutating func sweep(worker w: Int, _ cx: inout SenderContext) {
        let t = cx.now
        var claimed: [Int] = []
        for i in live where claimed.count < batch && rows[i].isClaimable(at: t) {
            rows[i].state = .claimed
            rows[i].claim &+= 1
            rows[i].owner = w
            rows[i].leaseUntil = t + lease
            claimed.append(i)
            log?.append(.claimed(row: i, claim: rows[i].claim, worker: w, at: t, leaseUntil: rows[i].leaseUntil))
        }
        let alive = incarnation[w]
        // A worker that dies leaves the rest of its batch claimed until the leases run out.
        for i in claimed where incarnation[w] == alive { process(i, worker: w, &cx) }
        dropFinishedRows()
        if live.isEmpty { sweeping[w] = false } else { cx.setTimer(at: t + period, tag: Int32(w)) }
    }

    /// Checks a claimed row (expiry, attempts, quiet hours, token) and sends it.
    private mutating func process(_ i: Int, worker w: Int, _ cx: inout SenderContext) {
        let t = cx.now
        if t >= rows[i].expiresAt {
            finishRow(i, .expired, cx: &cx)
            cx.settle(rows[i].push.notification, .expired)
            return
        }
        if rows[i].attempts >= maxAttempts { finishRow(i, .failed, cx: &cx); return }
        let recipient = cx.recipient(ofRegistration: rows[i].device)
        if recipient.inQuietHours(t) {
            let wake = recipient.wake(after: t)
            rows[i].state = .deferred
            rows[i].owner = -1
            rows[i].due = wake
            rows[i].wake = wake
            cx.count(.deferrals, registration: rows[i].device)
            log?.append(.deferred(row: i, at: t, until: wake))
            return
        }
        guard cx.hasToken(rows[i].device) else { finishRow(i, .failed, cx: &cx); return }
        rows[i].attempts += 1
        cx.raise(.attemptsMax, to: rows[i].attempts, registration: rows[i].device)
        var push = rows[i].push
        push.lifetime = rows[i].expiresAt - t
        let token = cx.token(of: rows[i].device)
        let answer = cx.send(push, to: rows[i].device)
        let claim = rows[i].claim
        log?.append(.sent(row: i, claim: claim, worker: w, at: t, attempt: rows[i].attempts, answer: answer))
        if case .accepted = answer, rows[i].acceptedAt == nil {
            rows[i].acceptedAt = t
            if let wake = rows[i].wake { cx.wokenAccepted(lateness: t - wake, registration: rows[i].device) }
        }
        let latency = answerLatency.isConstantZero ? .zero : answerLatency.sample(cx.random)
        guard latency > .zero else {
            record(i, claim: claim, worker: w, incarnation: incarnation[w], token: token, answer: answer, &cx)
            return
        }
        cx.setTimer(at: t + latency, tag: Int32(workers + inFlight.count))
        inFlight.append(InFlightAnswer(row: i, claim: claim, worker: w, incarnation: incarnation[w], token: token, answer: answer))
    }

    /// The provider's answer reaches worker `w`: recorded only if the worker is alive and
    /// still holds the row under the same claim and an unexpired lease. `token` is the
    /// token the request went to: a token error deletes it only if the server still holds
    /// it for the row's device (the app may have registered a new one while the answer was
    /// on its way, which with `perToken` moves the old one to the previous registration).
    mutating func record(_ i: Int, claim: Int32, worker w: Int, incarnation alive: Int, token: Int,
                                           answer: ProviderAnswer, _ cx: inout SenderContext) {
        let t = cx.now
        let row = rows[i]
        let holds = alive == incarnation[w] && row.state == .claimed && row.claim == claim && row.owner == w && t < row.leaseUntil
        log?.append(.answered(row: i, claim: claim, worker: w, at: t, answer: answer, recorded: holds))
        guard holds else { cx.count(.answersNotRecorded, registration: row.device); return }
        switch answer {
        case let .accepted(id):
            if crash > 0 && cx.random.bernoulli(crash) {
                incarnation[w] += 1
                cx.count(.workerCrashes, registration: row.device)
                log?.append(.crashed(row: i, worker: w, at: t))
                return
            }
            rows[i].providerID = id
            finishRow(i, .accepted, cx: &cx)
        case let .rejected(error, retryAfter):
            guard error.isRetryable else {
                finishRow(i, .failed, cx: &cx)
                if error.invalidatesToken && token != 0, let holder = cx.registration(holding: token, sameDeviceAs: row.device) {
                    cx.deleteToken(holder)
                    cx.count(.tokensDeleted, registration: row.device)
                }
                return
            }
            guard row.attempts < maxAttempts else { finishRow(i, .failed, cx: &cx); return }
            let wait = backoff.wait(after: row.attempts, random: cx.random)
            rows[i].state = .queued
            rows[i].owner = -1
            rows[i].due = t + max(honourRetryAfter ? retryAfter ?? .zero : .zero, wait)
            log?.append(.retryScheduled(row: i, at: t, due: rows[i].due, base: backoff.base(after: row.attempts)))
        }
    }
}
