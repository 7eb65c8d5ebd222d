extension PlatformRules {
    /// Android with FCM (Firebase, "Receive messages in an Android app"; AOSP):
    /// - F1: in the foreground every message reaches `onMessageReceived`; in the background
    ///   a data message starts the app and reaches it, notification and both are drawn in
    ///   the tray (the data of `both` reaches the app only if the user taps).
    /// - D5: a force-stopped app gets no message until it is launched
    ///   (`dropped_app_force_stopped`); a swipe from Recents is not a force stop.
    /// - F6: a high-priority message grants a temporary Doze exemption (AOSP: 5 min,
    ///   `device.highPriorityExemption`).
    /// - D6: `onMessageReceived` has about 10 s.
    /// - D1–D3: Doze.
    /// - I8: Battery Saver (Quick Doze, background network firewall).
    static let android = PlatformRules(hasDoze: true, alwaysAwake: false, handlerTime: .seconds(10), swipeForceQuits: false,
                                       backgroundReconnectRunsApp: true, hasBatterySaver: true) { push, foreground in
        let handler = foreground || push.type == .data
        return Arrival(exempt: push.priority == .high, handler: handler, display: !handler)
    }
}
