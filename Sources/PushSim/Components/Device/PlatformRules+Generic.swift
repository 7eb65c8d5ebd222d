extension PlatformRules {
    /// A device with no platform rules: every push reaches the app's handler, whatever the
    /// app's state (unless it was force-stopped); the screen counts as on; no Doze, no
    /// background limits.
    static let generic = PlatformRules(hasDoze: false, alwaysAwake: true, handlerTime: nil, swipeForceQuits: false,
                                       backgroundReconnectRunsApp: true) { _, _ in Arrival(handler: true) }
}
