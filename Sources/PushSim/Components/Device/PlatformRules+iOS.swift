extension PlatformRules {
    /// iOS with APNs (Apple, UIApplicationDelegate, "Pushing background updates to your
    /// App", UNAuthorizationStatus):
    /// - in the foreground the handler sees every push and the OS draws nothing;
    /// - I4: otherwise alerts are drawn by the OS whatever the app's state, force-quit
    ///   included (if notifications are authorized);
    /// - I2: after a force-quit (or a swipe, which is one on iOS) a background push never
    ///   runs the handler; I1, I5, I3: the background part goes through the background
    ///   budget and Low Power Mode, and is held (a newer one replaces it) or run;
    /// - I5: a background handler has about 30 s; a reconnect reaches no background code.
    /// - I8: at the start of a low-battery period the user is asked to turn Low Power Mode on.
    static let ios = PlatformRules(hasDoze: false, alwaysAwake: false, handlerTime: .seconds(30), swipeForceQuits: true,
                                   backgroundReconnectRunsApp: false, promptsLowPowerMode: true) { push, foreground in
        if foreground { return Arrival(dropsWhenStopped: push.type == .data, handler: true) }
        return Arrival(dropsWhenStopped: push.type == .data, display: push.type != .data, background: push.type != .notification)
    }
}
