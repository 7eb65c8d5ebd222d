import Testing
@testable import PushSim

/// Test-only channel: every push it is sent is discarded and the app is told at once
/// through a `deletedMessages` signal (FCM `onDeletedMessages`, F2), nothing else.
private struct SignalOnlyChannel: PushChannel {
    static let kind = "test.signalOnly"
    static let summary = "a deletedMessages signal per send (tests only)"
    static let parameters: [ParameterDoc] = []
    init() {}
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }
    let capabilities = ChannelCapabilities()
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext) {}
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer {
        cx.finish(push.id, .droppedTooManyPendingMessages)
        cx.signalDeletedMessages()
        return .accepted(messageID: push.id)
    }
}

/// `device_wakeups` (docs/csv.md): "push copies and `deletedMessages` signals that reached
/// the device while its screen was off". An Android device's screen is off unless a
/// `screenOn` period holds it (or the app is in the foreground).
@Suite("deletedMessages wake-ups")
struct DeletedSignalWakeupTests {
    /// Three changes at 1, 2 and 3 s on an Android device, each a signal.
    private static func outcome(screenOn: String) throws -> RunOutcome {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 3, "start": "1s", "interval": "1s"}}"#,
                                 device: #"{"platform": "android", "screenOn": \#(screenOn)}"#)
        return appRun(sc, ScriptedStrategy(), channel: SignalOnlyChannel())
    }

    @Test("with the screen off every deletedMessages signal wakes the device")
    func screenOff() throws {
        let o = try Self.outcome(screenOn: "[]")
        #expect(o.counts[.deletedSignals] == 3 && o.counts[.copiesArrived] == 0)
        #expect(o.counts[.deviceWakeups] == 3)
    }

    @Test("with the screen on a deletedMessages signal wakes nothing")
    func screenOn() throws {
        let o = try Self.outcome(screenOn: #"[{"from": "0s", "to": "120s"}]"#)
        #expect(o.counts[.deletedSignals] == 3 && o.counts[.deviceWakeups] == 0)
    }

    @Test("only the signals that arrive while the screen is off count: on over [1.5 s, 2.5 s) leaves the 1 s and 3 s ones")
    func screenOnForOne() throws {
        let o = try Self.outcome(screenOn: #"[{"from": "1500ms", "to": "2500ms"}]"#)
        #expect(o.counts[.deletedSignals] == 3 && o.counts[.deviceWakeups] == 2)
    }
}
