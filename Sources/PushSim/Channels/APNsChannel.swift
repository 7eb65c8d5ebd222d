/// `apns`: Apple Push Notification service, as "Sending notification requests to APNs"
/// and "Handling error responses from APNs" describe it.
///
/// - A1, A2: while the device is offline one notification is stored per app; a newer one
///   replaces it (`retention: "latest"`), or, for the reading that the choice is
///   non-deterministic, each of the burst survives with equal chance (`"random"`,
///   reservoir sampling on the channel stream).
/// - A3, A4: storage lasts until the push's lifetime (`apns-expiration`), capped at
///   `storageCap` (30 d); lifetime 0 = deliver now or never.
/// - A6: priority 10 goes at once; 5 waits while the screen is off, and a burst of held
///   priority-5 pushes goes out together after `powerDelay` (Apple gives no number; the
///   default, uniform 0–15 min, is an assumption) or at screen-on; 1 waits for screen-on.
/// - A7: a background push (type `data`) with priority 10 is rejected (`BadPriority`;
///   Apple documents the rule but not the reply, so the code is an assumption).
/// - A9: uninstalled app ⇒ 410 `Unregistered`; a rotated token the sender still uses ⇒
///   400 `BadDeviceToken`; random 429/500/503 from `errors`.
/// - A5: reordering comes from the transport's delays.
public struct APNsChannel: PushChannel, ParamFieldDeclaring {
    public static let kind = "apns"
    public static let summary = "APNs: one stored notification per app while offline, expiration, priorities 10/5/1, background-priority check"
    public static let retention = Param.enumeration("retention", default: Retention.latest,
                                             doc: "which push of an offline burst survives in the one slot (A1, A2)")
    public static let storageCap = Param.duration("storageCap", default: .days(30), doc: "longest APNs stores a notification (A3)")
    public static let powerDelay = Param.distribution("powerDelay", default: DurationDistribution(.uniform(min: 0, max: 15), unit: "m"),
                                               doc: "how long a priority-5 burst waits while the screen is off (A6; assumption)")
    public static let errors = Param.errorRates("errors", allowed: [.apnsTooManyRequests, .apnsInternalServerError, .apnsServiceUnavailable],
                                         doc: "random provider errors at send, per code (A9)")
    public static let transport = Param.object("transport", default: Transport.perfect, doc: "impairments after the provider (A5)")
    public static let fields: [ParamField<Self>] = [.bind(retention, \.retention), .bind(storageCap, \.storageCap),
                                                   .bind(powerDelay, \.powerDelay), .bind(errors, \.errors), .bind(transport, \.transport)]

    public enum Retention: String, Sendable, CaseIterable, Decodable { case latest, random }

    /// Which push of an offline burst keeps the one slot.
    public var retention = APNsChannel.retention.defaultValue
    /// Longest APNs stores a notification (µs; default 30 d).
    public var storageCap = APNsChannel.storageCap.defaultValue
    /// Wait of a held priority-5 burst while the screen is off (default uniform 0–15 min).
    public var powerDelay = APNsChannel.powerDelay.defaultValue
    /// Random 429/500/503 at send.
    public var errors = APNsChannel.errors.defaultValue
    /// Impairments between provider and device.
    public var transport = APNsChannel.transport.defaultValue

    private var slot: Push?
    private var slotCandidates = 0
    private var powerHeld: [Push] = []
    private var burstArmed = false
    /// Burst timers are tagged `burstTimerBase + generation` (in this instance's own tag
    /// space); a timer of an abandoned burst (its pushes moved to the slot when the device
    /// went offline) is ignored.
    private var burstGeneration: Int32 = 0
    static let burstTimerBase: Int32 = 16

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeFields(from: decoder)
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if push.type == .data && push.apnsPriority == 10 { return .rejected(.apnsBadPriority, retryAfter: nil) }
        switch cx.device.token {
        case .uninstalled: return .rejected(.apnsUnregistered, retryAfter: nil)
        case .stale: return .rejected(.apnsBadDeviceToken, retryAfter: nil)
        case .valid: break
        }
        if let e = errors.draw(cx.draws) { return ProviderAnswer(e) }
        accept(push, &cx)
        return .accepted(messageID: push.id)
    }

    /// Routes a push APNs has accepted (also the entry point for FCM's Apple path, F12).
    mutating func accept(_ push: Push, _ cx: inout ProviderContext) {
        let nowOrNever = push.lifetime == .zero
        if !cx.device.online {
            if nowOrNever { cx.finish(push.id, .expired) } else { storeInSlot(push, &cx) }
        } else if push.apnsPriority == 10 || cx.device.awake {
            cx.transmit(push, through: transport)
        } else if nowOrNever {
            cx.finish(push.id, .expired)
        } else {
            cx.delay(push.id, .delayedMessageThrottled)
            powerHeld.append(push)
            if push.apnsPriority == 5 && !burstArmed {
                burstArmed = true
                cx.setTimer(at: cx.now + powerDelay.sample(cx.draws), tag: Self.burstTimerBase + burstGeneration)
            }
        }
    }

    private func hasExpired(_ p: Push, at now: SimTime) -> Bool {
        now >= p.sentAt + min(p.lifetime ?? storageCap, storageCap)
    }

    private mutating func storeInSlot(_ push: Push, _ cx: inout ProviderContext) {
        cx.delay(push.id, .delayedDeviceOffline)
        if let old = slot, hasExpired(old, at: cx.now) { cx.finish(old.id, .expired); slot = nil }
        guard let old = slot else { slot = push; slotCandidates = 1; return }
        slotCandidates += 1
        if retention == .latest || cx.draws.uniformInt(below: slotCandidates) == 0 {
            cx.finish(old.id, .replacedInStorage)
            slot = push
        } else {
            cx.finish(push.id, .replacedInStorage)
        }
    }

    public mutating func deviceChanged(_ cx: inout ProviderContext) {
        guard cx.device.online else {
            // Held for power while reachable, now unreachable: the one-slot rule applies (A1).
            for p in powerHeld { if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { storeInSlot(p, &cx) } }
            powerHeld.removeAll()
            burstArmed = false
            burstGeneration &+= 1
            return
        }
        if let p = slot {
            slot = nil; slotCandidates = 0
            if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { accept(p, &cx) }
        }
        if cx.device.awake && !powerHeld.isEmpty { flushPowerHeld(priorities: [5, 1], &cx) }
    }

    public mutating func timer(tag: Int32, _ cx: inout ProviderContext) {
        guard tag == Self.burstTimerBase + burstGeneration else { return }
        burstArmed = false
        flushPowerHeld(priorities: [5], &cx)
    }

    private mutating func flushPowerHeld(priorities: Set<Int8>, _ cx: inout ProviderContext) {
        var kept: [Push] = []
        for p in powerHeld {
            guard priorities.contains(p.apnsPriority) else { kept.append(p); continue }
            if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) }
            else if cx.device.online { cx.transmit(p, through: transport) }
            else { storeInSlot(p, &cx) }
        }
        powerHeld = kept
    }

    public mutating func finish(_ cx: inout ProviderContext) {
        for p in powerHeld + (slot.map { [$0] } ?? []) where hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) }
    }
}
