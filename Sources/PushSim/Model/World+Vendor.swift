/// Rule D7: the vendor's own power manager on the main Android device (`DeviceSpec.vendor`,
/// `VendorPolicy`): the app's process ended `killAfterScreenOff` after the screen went off,
/// as a force stop when the vendor denies autostart. (A swipe that stops the app is in the
/// world's `swipeAway`.)
extension World {
    /// Notes when the screen went off and arms the kill (at the start of a run too, when the
    /// screen starts off); a screen-on forgets it. Nothing without a `killAfterScreenOff`.
    mutating func vendorScreenMayHaveChanged() {
        guard let delay = spec.vendor.killAfterScreenOff else { return }
        if mainDevice.screenOn { mainDevice.screenOffSince = .distantFuture; return }
        guard mainDevice.screenOffSince == .distantFuture else { return }
        mainDevice.screenOffSince = queue.now
        queue.schedule(.vendorKill, at: queue.now + delay)
    }

    /// At t = 0: armed when the screen starts off and no screen-on period starts then (a
    /// period at 0 turns the screen on with the timeline's first events, before any kill).
    mutating func vendorArmAtStart() {
        guard !spec.screenOn.contains(where: { $0.from == .zero }) else { return }
        vendorScreenMayHaveChanged()
    }

    /// A kill falls due: if the screen has stayed off for `killAfterScreenOff` (a kill armed
    /// by an earlier screen-off that the user ended does nothing) and the installed app is
    /// not in the foreground, its process ends; without autostart the app is stopped until
    /// the user opens it (D5), with it the next message may start it again. One kill per
    /// screen-off.
    mutating func vendorKill() {
        guard let delay = spec.vendor.killAfterScreenOff, !mainDevice.screenOn,
              queue.now - mainDevice.screenOffSince >= delay, mainDevice.installed, app.state != .foreground else { return }
        if spec.vendor.autostart { endProcess(); screenMayHaveChanged() } else { forceQuit() }
    }
}
