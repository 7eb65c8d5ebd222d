extension DozeController {
    /// The Doze timeline of a device whose screen goes off at `screenOffAt` and then stays
    /// off, unplugged and stationary: for tests, docs and plots. `quickDoze`: with Quick Doze
    /// on from the start (Android Battery Saver, I8).
    ///
    /// The first entry is the state right after screen-off (at `screenOffAt`); then one
    /// entry per instant ≤ `until` at which the deep or light state changes. Zero-length
    /// phases (a parameter of `"0s"`) pass within one instant and do not appear.
    /// - Complexity: O(entries).
    public static func schedule(
        parameters: DozeParameters, screenOffAt: SimTime, until: SimTime, quickDoze: Bool = false
    ) -> [(time: SimTime, deep: DeepState, light: LightState)] {
        var doze = DozeController(parameters: parameters, screenOn: true, charging: false, at: screenOffAt)
        doze.setQuickDoze(quickDoze, at: screenOffAt)
        doze.setScreen(on: false, at: screenOffAt)
        var entries: [(time: SimTime, deep: DeepState, light: LightState)] = [(screenOffAt, doze.deep, doze.light)]
        while let next = doze.nextTransition, next <= until {
            doze.advance(to: next)
            if let last = entries.last, last.deep == doze.deep, last.light == doze.light { continue }
            entries.append((next, doze.deep, doze.light))
        }
        return entries
    }
}
