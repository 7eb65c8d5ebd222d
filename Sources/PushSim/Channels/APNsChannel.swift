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
///   400 `BadDeviceToken` (`replacedToken: "badDeviceToken"`, the documented reply's
///   reading), or, as field reports describe (sideshow/apns2 issues 77 and 159,
///   ostinelli/apnotic issue 66; Apple staff on forum thread 745902: a changed token ends
///   in 410), 200 with the push never delivered (`lost`) until `unregisteredAfter` after
///   the first request to it, then 410 `Unregistered` (`"accepted"`); random 429/500/503
///   from `errors`.
/// - A12: APNs learns of an uninstall late. Requests are accepted (and routed like any
///   other; the device drops what reaches it) until `unregisteredAfter` after the device
///   reported the missing app, which it does when the first copy reaches it after the
///   uninstall; only then 410. Apple documents the 410's `timestamp`, not the delay; Apple
///   staff on the Developer Forums ("APNS Push Token Management") describe a deliberately
///   undocumented "sliding schedule": the default, uniform 1–7 d, is an assumption from
///   field reports of hours to weeks.
/// - A5: reordering comes from the transport's delays.
/// - A11: while the device has silently left its connection (`device.offlineDetection`),
///   APNs still counts it reachable; what it sends goes to the dead connection
///   (`deadConnection`, default `firstHeld`: the first push is held in flight and stored in
///   the slot when the timeout is detected, later ones are lost; a field report).
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
    public static let unregisteredAfter = Param.distribution("unregisteredAfter", default: DurationDistribution(.uniform(min: 1, max: 7), unit: "d"),
                                                      doc: "from the device reporting an uninstalled app to the first 410 Unregistered (A12; assumption)")
    public static let deadConnection = Param.enumeration("deadConnection", default: DeadConnectionFate.firstHeld,
                                                  doc: "what happens to pushes sent before a silent disconnect is noticed (A11; field report)")
    public static let replacedToken = Param.enumeration("replacedToken", default: ReplacedTokenReply.badDeviceToken,
                                                 doc: "the reply to a request for a token the device has replaced (A9, disputed)")
    public static let fields: [ParamField<Self>] = [.bind(retention, \.retention), .bind(storageCap, \.storageCap),
                                                   .bind(powerDelay, \.powerDelay), .bind(errors, \.errors), .bind(transport, \.transport),
                                                   .bind(unregisteredAfter, \.unregisteredAfter), .bind(deadConnection, \.deadConnection),
                                                   .bind(replacedToken, \.replacedToken)]

    public enum Retention: String, Sendable, CaseIterable, Decodable { case latest, random }

    /// What APNs answers a request for a token the device has replaced (rotated, restored or
    /// reinstalled) while the sender still uses it (A9, disputed).
    public enum ReplacedTokenReply: String, Sendable, CaseIterable, Decodable {
        /// 400 `BadDeviceToken` at once (the documented reply for a token that is not valid).
        case badDeviceToken
        /// 200, the push never delivered (`lost`), until `unregisteredAfter` after the first
        /// request for the replaced token; then 410 `Unregistered` (field reports).
        case accepted
    }

    /// The parameters, one object shared by every copy of the channel (one per device of
    /// every recipient of a fleet) until a copy sets one of them.
    private var params = CopyOnWrite(Params())

    /// APNs' parameters, as the properties below read and set them.
    private struct Params: Sendable {
        var retention = APNsChannel.retention.defaultValue
        var storageCap = APNsChannel.storageCap.defaultValue
        var powerDelay = APNsChannel.powerDelay.defaultValue
        var errors = APNsChannel.errors.defaultValue
        var transport = APNsChannel.transport.defaultValue
        var unregisteredAfter = APNsChannel.unregisteredAfter.defaultValue
        var deadConnection = APNsChannel.deadConnection.defaultValue
        var replacedToken = APNsChannel.replacedToken.defaultValue
    }

    /// Which push of an offline burst keeps the one slot.
    public var retention: Retention { get { params.value.retention } set { params.value.retention = newValue } }
    /// Longest APNs stores a notification (µs; default 30 d).
    public var storageCap: SimDuration { get { params.value.storageCap } set { params.value.storageCap = newValue } }
    /// Wait of a held priority-5 burst while the screen is off (default uniform 0–15 min).
    public var powerDelay: DurationDistribution { _read { yield params.value.powerDelay } set { params.value.powerDelay = newValue } }
    /// Random 429/500/503 at send.
    public var errors: ErrorRates { _read { yield params.value.errors } set { params.value.errors = newValue } }
    /// Impairments between provider and device.
    public var transport: Transport { _read { yield params.value.transport } set { params.value.transport = newValue } }
    /// From the device's report of an uninstalled app to the first 410 (A12; default
    /// uniform 1–7 d, assumption).
    public var unregisteredAfter: DurationDistribution {
        _read { yield params.value.unregisteredAfter }
        set { params.value.unregisteredAfter = newValue }
    }
    /// Pushes sent to a dead connection (A11; default `firstHeld`).
    public var deadConnection: DeadConnectionFate { get { params.value.deadConnection } set { params.value.deadConnection = newValue } }
    /// The reply for a replaced token (A9; default `badDeviceToken`).
    public var replacedToken: ReplacedTokenReply { get { params.value.replacedToken } set { params.value.replacedToken = newValue } }

    /// The one stored notification (A1), out of line: set only while the device is offline.
    private var slot: Push? { get { storedSlot.value } set { storedSlot.value = newValue } }
    private var storedSlot = OutOfLine<Push>()
    private var slotCandidates = 0
    private var powerHeld: [Push] = []
    private var burstArmed = false
    /// Burst timers are tagged `burstTimerBase + generation` (in this instance's own tag
    /// space); a timer of an abandoned burst (its pushes moved to the slot when the device
    /// went offline) is ignored.
    private var burstGeneration: Int32 = 0
    /// When the provider starts answering 410 for the current uninstall (A12).
    private var unregistration = DrawnDeadline()
    /// Under `replacedToken: accepted`: the first request for the replaced token the sender
    /// still uses (nil while it uses the current one), and when the 410s start.
    private var replacedSince: SimTime?
    private var replacement = DrawnDeadline()
    /// Pushes in flight on a dead connection (A11).
    private var dead = DeadConnection()
    static let burstTimerBase: Int32 = 16

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decodeFields(from: decoder)
    }

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if push.type == .data && push.apnsPriority == 10 { return .rejected(.apnsBadPriority, retryAfter: nil) }
        switch cx.device.token {
        case .uninstalled: if knowsUninstall(&cx) { return .rejected(.apnsUnregistered, retryAfter: nil) }
        case .stale:
            guard replacedToken == .accepted else { return .rejected(.apnsBadDeviceToken, retryAfter: nil) }
            let since = replacedSince ?? cx.now
            replacedSince = since
            if replacement.hasPassed(since: since, delay: unregisteredAfter, &cx) { return .rejected(.apnsUnregistered, retryAfter: nil) }
            cx.finish(push.id, .lost)
            return .accepted(messageID: push.id)
        case .valid: replacedSince = nil
        }
        if let e = errors.draw(cx.draws) { return ProviderAnswer(e) }
        accept(push, &cx)
        return .accepted(messageID: push.id)
    }

    /// Whether APNs answers 410 for the uninstalled app now: `unregisteredAfter` has passed
    /// since the device reported it (A12); never before a report.
    mutating func knowsUninstall(_ cx: inout ProviderContext) -> Bool {
        guard let reported = cx.device.uninstallReportedAt else { return false }
        return unregistration.hasPassed(since: reported, delay: unregisteredAfter, &cx)
    }

    /// Routes a push APNs has accepted (also the entry point for FCM's Apple path, F12).
    mutating func accept(_ push: Push, _ cx: inout ProviderContext) {
        let nowOrNever = push.lifetime == .zero
        if !cx.device.online {
            if nowOrNever { cx.finish(push.id, .expired) } else { storeInSlot(push, &cx) }
        } else if push.apnsPriority == 10 || cx.device.awake {
            hand(push, &cx)
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

    /// Sends `push` to the device: through the transport, or into a dead connection (A11).
    private mutating func hand(_ push: Push, _ cx: inout ProviderContext) {
        if cx.device.connectionDead { dead.write(push, fate: deadConnection, &cx) } else { cx.transmit(push, through: transport) }
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

    public let capabilities = ChannelCapabilities()

    public mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {
        switch event {
        case .deviceChanged: deviceChanged(&cx)
        case let .timer(tag): timer(tag: tag, &cx)
        case .finish: finish(&cx)
        case .notificationShown: break
        }
    }

    mutating func deviceChanged(_ cx: inout ProviderContext) {
        // The dead connection timed out (its pushes are stored now, with the power-held ones,
        // oldest first, so the slot keeps the newest: A1) or the device is back (they are
        // accepted again as it now is).
        let released = cx.device.connectionDead ? [] : dead.release()
        guard cx.device.online else {
            // Held for power while reachable, now unreachable: the one-slot rule applies (A1).
            let toStore = released.isEmpty ? powerHeld : (powerHeld + released).sorted { $0.id < $1.id }
            for p in toStore { if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { storeInSlot(p, &cx) } }
            powerHeld.removeAll()
            burstArmed = false
            burstGeneration &+= 1
            return
        }
        for p in released { if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { accept(p, &cx) } }
        if let p = slot {
            slot = nil; slotCandidates = 0
            if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { accept(p, &cx) }
        }
        if cx.device.awake && !powerHeld.isEmpty { flushPowerHeld(priorities: [5, 1], &cx) }
    }

    mutating func timer(tag: Int32, _ cx: inout ProviderContext) {
        guard tag == Self.burstTimerBase + burstGeneration else { return }
        burstArmed = false
        flushPowerHeld(priorities: [5], &cx)
    }

    private mutating func flushPowerHeld(priorities: Set<Int8>, _ cx: inout ProviderContext) {
        var kept: [Push] = []
        for p in powerHeld {
            guard priorities.contains(p.apnsPriority) else { kept.append(p); continue }
            if hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) }
            else if cx.device.online { hand(p, &cx) }
            else { storeInSlot(p, &cx) }
        }
        powerHeld = kept
    }

    mutating func finish(_ cx: inout ProviderContext) {
        for p in powerHeld + dead.held + (slot.map { [$0] } ?? []) where hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) }
    }
}
