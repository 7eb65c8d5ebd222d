/// Rule F16: the copies an Android device has received but not yet acknowledged on its FCM
/// connection, which FCM sends again when the device reconnects after the link dropped.
///
/// Chromium's client of the same protocol (`google_apis/gcm/engine/mcs_client.cc`) sends a
/// stream acknowledgement after 10 unacknowledged messages
/// (`kUnackedMessageBeforeStreamAck`) or with its next outgoing packet, the heartbeat
/// (`heartbeat_manager.cc`: 15 min on Wi-Fi, 28 on mobile), and at the next login "any
/// acknowledged server ids which have not been confirmed by the server are treated like
/// unacknowledged ids". Field report: google/gcm issue 50 ("when the target device
/// temporarily loses connectivity, some messages are lost and others are sent two times").
/// Here a copy handed at t is acknowledged by the `ackAfter`-th copy since the last
/// acknowledgement or by the first heartbeat after t (heartbeats at multiples of
/// `heartbeat` from t = 0), whichever comes first; the copies the link's drop leaves
/// unacknowledged are sent again, once, when it is back (a copy whose lifetime has run out
/// is not; a normal-priority one waits while Doze holds the network back).
///
/// Memory: O(ackAfter) copies. O(ackAfter) per call.
struct UnackedCopies: Sendable {
    private var handed: [(push: Push, at: SimTime)] = []
    private var waiting: [Push] = []
    private var down = false

    /// A copy handed to the live connection at `now`.
    mutating func handed(_ p: Push, at now: SimTime, ackAfter: Int, heartbeat: SimDuration) {
        acknowledge(at: now, heartbeat: heartbeat)
        handed.append((p, now))
        if handed.count >= ackAfter { handed.removeAll(keepingCapacity: true) }
    }

    /// The link dropped at `now` (offline, or a connection the provider does not yet know
    /// is dead): the copies not acknowledged wait for the reconnect.
    mutating func linkDown(at now: SimTime, heartbeat: SimDuration) {
        guard !down else { return }
        down = true
        acknowledge(at: now, heartbeat: heartbeat)
        waiting += handed.map(\.push)
        handed.removeAll(keepingCapacity: true)
    }

    /// The link is back.
    mutating func linkUp() { down = false }

    /// While the link is up: the copies to send again, in the order they were first handed
    /// (taken: one the caller cannot send yet goes back with `keep`).
    mutating func takeWaiting() -> [Push] {
        guard !down, !waiting.isEmpty else { return [] }
        defer { waiting.removeAll(keepingCapacity: true) }
        return waiting
    }

    /// A copy to send again later (the device's Doze holds it back).
    mutating func keep(_ p: Push) { waiting.append(p) }

    /// Copies handed before the last heartbeat at or before `now` went with it.
    private mutating func acknowledge(at now: SimTime, heartbeat: SimDuration) {
        let last = now.microseconds / heartbeat.microseconds * heartbeat.microseconds
        handed.removeAll { $0.at.microseconds < last }
    }
}
