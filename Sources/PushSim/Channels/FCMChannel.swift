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
/// - F9, F10: stale or uninstalled token ⇒ `UNREGISTERED`; a device offline for
///   `inactiveAfter` (28 d) ⇒ `dropped_device_inactive`; for `tokenExpiry` (270 d) ⇒
///   `UNREGISTERED`; random errors from `errors`.
/// - F12: to an iOS device FCM validates first (a data message at apns-priority 10 is
///   `INVALID_ARGUMENT`, C4), then hands the message to the `apns` model (`apns` parameters).
public struct FCMChannel: PushChannel {
    public static let kind = "fcm"
    public static let summary = "FCM: 100 pending + deletedMessages, 4 collapse keys, TTL, priorities under Doze, limits, errors; iOS via APNs"
    /// The parameters of `FCMConfig`.
    public static let params = FCMConfig.params

    public private(set) var config = FCMConfig()
    var state = FCMState()
    var apns = APNsChannel()

    public init() {}

    public init(from decoder: any Decoder) throws {
        config = try FCMConfig(from: decoder)
        apns = config.apns
        // Without its own `apns.transport`, the Apple leg uses the channel's transport.
        if !config.apnsHasTransport { apns.transport = config.transport }
        state = FCMState(config: config)
    }

    public mutating func send(_ push: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {
        if env.device.platform == .ios {
            if push.type == .data && push.apnsPriority == 10 { ledger.reject(push.id, .invalidArgument); return }
            if env.device.token != .valid { ledger.reject(push.id, .unregistered); return }
            if let e = config.errors.draw(env.random) { ledger.reject(push.id, e); return }
            if let e = apns.errors.draw(env.random) { ledger.reject(push.id, e); return }
            apns.accept(push, env: env, queue: &queue, ledger: &ledger)
            return
        }
        if env.device.token != .valid || env.device.offlineFor >= config.tokenExpiry { ledger.reject(push.id, .unregistered); return }
        if let e = config.errors.draw(env.random) { ledger.reject(push.id, e); return }
        if !state.rate.admit(at: env.now, perMinute: config.perMinute, perHour: config.perHour) {
            ledger.reject(push.id, .quotaExceeded); return
        }
        if env.device.offlineFor >= config.inactiveAfter { ledger.finish(push.id, .droppedDeviceInactive); return }
        var p = push
        if p.priority == .high && state.shouldDowngrade(p, env: env, config: config) { p.priority = .normal }
        if p.collapseKey == nil && p.type != .data { p.collapseKey = FCMConfig.packageCollapseKey }
        route(p, env: env, queue: &queue, ledger: &ledger)
    }

    private static func deliverable(_ p: Push, _ env: ChannelEnvironment) -> Bool {
        env.device.online && (p.priority == .high || !env.device.dozeRestricted)
    }

    /// FCM keeps a message at most its TTL, and never beyond 28 days (F4).
    private static func hasExpired(_ p: Push, at now: SimTime) -> Bool {
        now >= p.sentAt + min(p.lifetime ?? MessageTemplate.maximumTTL, MessageTemplate.maximumTTL)
    }

    private mutating func route(_ p: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {
        if Self.deliverable(p, env) && (p.collapseKey == nil || p.lifetime == .zero || state.bucket.take(at: env.now)) {
            config.transport.transmit(p, env: env, queue: &queue, ledger: &ledger)
            return
        }
        if p.lifetime == .zero { ledger.finish(p.id, .expired); return }
        if !env.device.online { ledger.delay(p.id, .delayedDeviceOffline) }
        else if !Self.deliverable(p, env) { ledger.delay(p.id, .delayedDeviceDoze) }
        else { ledger.delay(p.id, .delayedMessageThrottled); armThrottleTimer(env: env, queue: &queue) }
        // Expired messages no longer count toward the pending limits.
        if p.collapseKey != nil {
            state.collapsible.removeAll { old in Self.hasExpired(old, at: env.now) && ledger.finish(old.id, .expired) }
            state.storeCollapsible(p, maxKeys: config.maxCollapseKeys, random: env.random, ledger: &ledger)
            return
        }
        for old in state.nonCollapsible.take(where: { Self.hasExpired($0, at: env.now) }) { ledger.finish(old.id, .expired) }
        state.nonCollapsible.store(p, ledger: &ledger)
    }

    private mutating func armThrottleTimer(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>) {
        guard !state.throttleArmed else { return }
        state.throttleArmed = true
        queue.schedule(at: state.bucket.nextToken(at: env.now), .channelTimer(tag: FCMState.throttleTimer))
    }

    public mutating func deviceChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {
        if env.device.platform == .ios { apns.deviceChanged(env: env, queue: &queue, ledger: &ledger); return }
        flush(env: env, queue: &queue, ledger: &ledger)
    }

    public mutating func timer(tag: Int32, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {
        if tag != FCMState.throttleTimer { apns.timer(tag: tag, env: env, queue: &queue, ledger: &ledger); return }
        state.throttleArmed = false
        flush(env: env, queue: &queue, ledger: &ledger)
    }

    private mutating func flush(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {
        guard env.device.online else { return }
        // Reconnecting ends the discard; the signal then travels like a normal-priority
        // message: not while Doze restricts the network.
        if state.nonCollapsible.takeDiscardSignal() && config.deletedSignal { state.deletedSignalPending = true }
        if state.deletedSignalPending && !env.device.dozeRestricted {
            state.deletedSignalPending = false
            queue.schedule(at: env.now, rank: env.arrivalRank(), .deletedMessages)
        }
        for p in state.nonCollapsible.take(where: { Self.deliverable($0, env) }) {
            if Self.hasExpired(p, at: env.now) { ledger.finish(p.id, .expired) } else { config.transport.transmit(p, env: env, queue: &queue, ledger: &ledger) }
        }
        var kept: [Push] = []
        for p in state.collapsible {
            if Self.hasExpired(p, at: env.now) { ledger.finish(p.id, .expired); continue }
            guard Self.deliverable(p, env) else { kept.append(p); continue }
            if state.bucket.take(at: env.now) {
                config.transport.transmit(p, env: env, queue: &queue, ledger: &ledger)
            } else {
                ledger.delay(p.id, .delayedMessageThrottled)
                kept.append(p)
                armThrottleTimer(env: env, queue: &queue)
            }
        }
        state.collapsible = kept
    }

    public mutating func finish(env: ChannelEnvironment, ledger: inout PushLedger) {
        apns.finish(env: env, ledger: &ledger)
        for p in state.nonCollapsible.pushes + state.collapsible where Self.hasExpired(p, at: env.now) { ledger.finish(p.id, .expired) }
    }
}
