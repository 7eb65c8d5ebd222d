/// `fcm`: Firebase Cloud Messaging (HTTP v1) to an Android app instance, and to Apple
/// devices through APNs (F12). Each rule cites its Firebase page (docs/model.md has the table).
///
/// - F2: non-collapsible messages: at most `pendingLimit` (100) pending; one more discards
///   all, every further one until reconnect is dropped (`storeAfterDiscard: false`, the
///   reading field case C7 reports), and the app gets one `deletedMessages` at reconnect
///   when `deletedSignal` (switch it off for the disputed report of no callback).
/// - F3: collapsible messages: newest per collapse key, at most `maxCollapseKeys` (4) keys
///   pending; when a fifth key arrives one of the five is dropped, chosen at random on the
///   channel stream (Firebase gives no rule). Notification messages without a collapse key
///   use the default key (the package name).
/// - F4: lifetime (TTL) default 28 d; 0 = now or never (and exempt from collapsible throttling).
/// - F6: normal priority waits while Doze restricts the network; high goes at once (the
///   device grants the app a temporary Doze exemption, see `DeviceSpec`).
/// - F7: with `downgrade` set, once `unseenLimit` high-priority messages that cannot show a
///   notification were sent within `window`, further high-priority messages go as normal.
/// - D4: the App Standby Bucket's daily cap of high-priority messages; beyond it, normal.
/// - F8: per-device 240 / min and 5,000 / h (excess rejected `QUOTA_EXCEEDED`, an
///   assumption: Firebase states the limits, not the reply); collapsible messages draw on a
///   bucket of 20 refilled one per 3 min and wait for a token (`delayed_message_throttled`).
/// - F9, F10: stale or uninstalled token ⇒ `UNREGISTERED` (A12: an uninstall only once
///   `unregisteredAfter` has passed since the device reported it, on iOS
///   `apns.unregisteredAfter`; F14: the token a reinstall replaced, if the uninstall was
///   never reported, keeps delivering for `oldTokenLifetime`); a device offline for
///   `inactiveAfter` (28 d) ⇒ `dropped_device_inactive`; for `tokenExpiry` (270 d) ⇒
///   `UNREGISTERED`; random errors from `errors`.
/// - A11: before a silent disconnect is noticed, messages go to the dead connection
///   (`deadConnection`, default `allHeld`: held in flight and stored when the timeout is
///   detected; the protocol acknowledges messages, Chromium's `mcs_client.cc`).
/// - F16: with `redeliverUnacked`, the copies the device had not acknowledged when its link
///   dropped are sent again at reconnect (`UnackedCopies`; duplicates tied to a reconnect).
/// - F12: to an iOS device FCM validates first (a data message at apns-priority 10 is
///   `INVALID_ARGUMENT`, C4), then hands the message to the `apns` model (`apns` parameters).
public struct FCMChannel: PushChannel {
    public static let kind = "fcm"
    public static let summary = "FCM: 100 pending + deletedMessages, 4 collapse keys, TTL, priorities under Doze, limits, errors; iOS via APNs"
    /// The parameters of `FCMConfig`.
    public static let params = FCMConfig.params

    /// The parameters (read-only after decoding).
    public var config: FCMConfig { _read { yield shared.value } }
    /// The parameters, one object shared by every copy of the channel (one per device of
    /// every recipient of a fleet), so that a copy holds only its state.
    private let shared: CopyOnWrite<FCMConfig>
    var state = FCMState()
    var apns = APNsChannel()

    public init() { shared = CopyOnWrite(FCMConfig()) }

    public init(from decoder: any Decoder) throws {
        let config = try FCMConfig(from: decoder)
        shared = CopyOnWrite(config)
        apns = config.apns
        // Without its own `apns.transport`, the Apple leg uses the channel's transport.
        if !config.apnsHasTransport { apns.transport = config.transport }
        state = FCMState(config: config)
    }

    /// The slot of the embedded APNs model (its timers come back with this `timerSlot`).
    static let apnsSlot: UInt8 = 1

    public mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        if cx.device.platform == .ios {
            if push.type == .data && push.apnsPriority == 10 { return .rejected(.invalidArgument, retryAfter: nil) }
            if !tokenDelivers(&cx) { return .rejected(.unregistered, retryAfter: nil) }
            if let e = config.errors.draw(cx.draws) { return ProviderAnswer(e) }
            if let e = apns.errors.draw(cx.draws) { return ProviderAnswer(e) }
            cx.nested(Self.apnsSlot) { apns.accept(push, &$0) }
            return .accepted(messageID: push.id)
        }
        if !tokenDelivers(&cx) || cx.device.offlineFor >= config.tokenExpiry { return .rejected(.unregistered, retryAfter: nil) }
        if let e = config.errors.draw(cx.draws) { return ProviderAnswer(e) }
        if !state.rate.admit(at: cx.now, perMinute: config.perMinute, perHour: config.perHour) {
            return .rejected(.quotaExceeded, retryAfter: nil)
        }
        if cx.device.offlineFor >= config.inactiveAfter { cx.finish(push.id, .droppedDeviceInactive); return .accepted(messageID: push.id) }
        var p = push
        if p.priority == .high && state.shouldDowngrade(p, device: cx.device, now: cx.now, config: config) { p.priority = .normal }
        if p.collapseKey == nil && p.type != .data { p.collapseKey = FCMConfig.packageCollapseKey }
        route(p, &cx)
        return .accepted(messageID: push.id)
    }

    /// Whether FCM still takes the request's token: a current one; an uninstalled app's
    /// until FCM learns of the uninstall (A12); the token a reinstall replaced within its
    /// `oldTokenLifetime` (F14).
    private mutating func tokenDelivers(_ cx: inout ProviderContext) -> Bool {
        switch cx.device.token {
        case .valid: return true
        case .uninstalled:
            guard let reported = cx.device.uninstallReportedAt else { return true }
            if cx.device.platform == .ios { return !cx.nested(Self.apnsSlot) { apns.knowsUninstall(&$0) } }
            return !state.unregistration.hasPassed(since: reported, delay: config.unregisteredAfter, &cx)
        case .stale:
            guard let reinstalled = cx.device.tokenReplacedByReinstallAt else { return false }
            return !state.oldToken.hasPassed(since: reinstalled, delay: config.oldTokenLifetime, &cx)
        }
    }

    private static func deliverable(_ p: Push, _ device: DeviceView) -> Bool {
        device.online && (p.priority == .high || !device.dozeRestricted)
    }

    /// FCM keeps a message at most its TTL, and never beyond 28 days (F4).
    private static func hasExpired(_ p: Push, at now: SimTime) -> Bool {
        now >= p.sentAt + min(p.lifetime ?? MessageTemplate.maximumTTL, MessageTemplate.maximumTTL)
    }

    private mutating func route(_ p: Push, _ cx: inout ProviderContext) {
        if Self.deliverable(p, cx.device) && (p.collapseKey == nil || p.lifetime == .zero || state.bucket.take(at: cx.now)) {
            hand(p, &cx)
            return
        }
        if p.lifetime == .zero { cx.finish(p.id, .expired); return }
        if !cx.device.online { cx.delay(p.id, .delayedDeviceOffline) }
        else if !Self.deliverable(p, cx.device) { cx.delay(p.id, .delayedDeviceDoze) }
        else { cx.delay(p.id, .delayedMessageThrottled); armThrottleTimer(&cx) }
        // Expired messages no longer count toward the pending limits.
        let now = cx.now
        if p.collapseKey != nil {
            state.collapsible.removeAll { old in Self.hasExpired(old, at: now) && cx.finish(old.id, .expired) }
            state.storeCollapsible(p, maxKeys: config.maxCollapseKeys, &cx)
            return
        }
        for old in state.nonCollapsible.take(where: { Self.hasExpired($0, at: now) }) { cx.finish(old.id, .expired) }
        state.nonCollapsible.store(p, &cx)
    }

    /// Sends `p` to the device: through the transport, or into a dead connection (A11). A
    /// collapsible message released from a dead connection takes a second token of the
    /// collapsible bucket (F8) when it is routed again (a model simplification).
    private mutating func hand(_ p: Push, _ cx: inout ProviderContext) {
        if cx.device.connectionDead { state.dead.write(p, fate: config.deadConnection, &cx); return }
        cx.transmit(p, through: config.transport)
        if config.redeliverUnacked { state.unacked.handed(p, at: cx.now, ackAfter: config.ackAfter, heartbeat: config.heartbeat) }
    }

    private mutating func armThrottleTimer(_ cx: inout ProviderContext) {
        guard !state.throttleArmed else { return }
        state.throttleArmed = true
        cx.setTimer(at: state.bucket.nextToken(at: cx.now), tag: FCMState.throttleTimer)
    }

    /// F7 judges by outcome, when it is on.
    public var capabilities: ChannelCapabilities { ChannelCapabilities(observesNotifications: config.downgrade != nil) }

    public mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {
        switch event {
        case .deviceChanged: deviceChanged(&cx)
        case let .timer(tag): timer(tag: tag, &cx)
        case let .notificationShown(id): notificationShown(for: id, &cx)
        case .finish: finish(&cx)
        }
    }

    mutating func deviceChanged(_ cx: inout ProviderContext) {
        if cx.device.platform == .ios { cx.nested(Self.apnsSlot) { apns.handle(.deviceChanged, &$0) }; return }
        if config.redeliverUnacked {
            if !cx.device.online || cx.device.connectionDead {
                state.unacked.linkDown(at: cx.now, heartbeat: config.heartbeat)
            } else {
                state.unacked.linkUp()
                let device = cx.device
                for p in state.unacked.takeWaiting() where !Self.hasExpired(p, at: cx.now) {
                    if Self.deliverable(p, device) { cx.deliver(p, at: cx.now, copy: 1) } else { state.unacked.keep(p) }
                }
            }
        }
        flush(&cx)
    }

    mutating func timer(tag: Int32, _ cx: inout ProviderContext) {
        if cx.timerSlot == Self.apnsSlot { cx.nested(Self.apnsSlot) { apns.handle(.timer(tag: tag), &$0) }; return }
        state.throttleArmed = false
        flush(&cx)
    }

    private mutating func flush(_ cx: inout ProviderContext) {
        // The dead connection timed out (stored now) or the device is back (sent now).
        if !cx.device.connectionDead {
            for p in state.dead.release() { if Self.hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { route(p, &cx) } }
        }
        guard cx.device.online else { return }
        // Reconnecting ends the discard; the signal then travels like a normal-priority
        // message: not while Doze restricts the network.
        // Not over a dead connection (A11): the signal waits for the device to be back.
        if !cx.device.connectionDead && state.nonCollapsible.takeDiscardSignal() && config.deletedSignal { state.deletedSignalPending = true }
        if state.deletedSignalPending && !cx.device.dozeRestricted && !cx.device.connectionDead {
            state.deletedSignalPending = false
            cx.signalDeletedMessages()
        }
        let device = cx.device
        for p in state.nonCollapsible.take(where: { Self.deliverable($0, device) }) {
            if Self.hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) } else { hand(p, &cx) }
        }
        var kept: [Push] = []
        for p in state.collapsible {
            if Self.hasExpired(p, at: cx.now) { cx.finish(p.id, .expired); continue }
            guard Self.deliverable(p, cx.device) else { kept.append(p); continue }
            if state.bucket.take(at: cx.now) {
                hand(p, &cx)
            } else {
                cx.delay(p.id, .delayedMessageThrottled)
                kept.append(p)
                armThrottleTimer(&cx)
            }
        }
        state.collapsible = kept
    }

    /// A notification shown for an Android message counts for it in F7's window.
    mutating func notificationShown(for id: Int64, _ cx: inout ProviderContext) {
        guard cx.device.platform != .ios else { return }
        state.history.shown(id)
    }

    mutating func finish(_ cx: inout ProviderContext) {
        cx.nested(Self.apnsSlot) { apns.handle(.finish, &$0) }
        for p in state.nonCollapsible.pushes + state.collapsible + state.dead.held where Self.hasExpired(p, at: cx.now) { cx.finish(p.id, .expired) }
    }
}
