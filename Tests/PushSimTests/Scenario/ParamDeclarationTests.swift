import Foundation
import Testing
@testable import PushSim

/// A scenario around one channel, strategy list and sender (JSON texts).
private func scenario(channel: String = #"{"kind": "lossy"}"#, strategies: String = #"["hintPull"]"#, sender: String = #""perChange""#) -> String {
    """
    {"name": "t", "seed": 9, "replications": 2, "horizon": "60s",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
     "strategies": \(strategies), "sender": \(sender),
     "variants": [{"name": "a", "channel": \(channel)}]}
    """
}

private func failure(_ json: String) -> ScenarioError? {
    do { _ = try Scenario.decode(Data(json.utf8), file: "t.json"); return nil } catch { return error }
}

/// One registered kind: its family, kind, declarations, `pushsim list` entries and decoder.
private struct Kind: Sendable {
    var family: String, kind: String, params: [AnyParam], docs: [ParameterDoc]
    var decode: @Sendable (Data) throws -> Any

    init<T: Plugin>(_ family: String, _ t: T.Type) {
        self.family = family; kind = t.kind; params = t.params; docs = t.parameters
        decode = { try JSONDecoder().decode(T.self, from: $0) }
    }
    static func open<T: Plugin>(_ family: String, _ t: T.Type) -> Kind { Kind(family, t) }
}

private let channelKinds: [Kind] = Registry.channels.map { Kind.open("channel", $0) }
private let strategyKinds: [Kind] = Registry.strategies.map { Kind.open("strategy", $0) }
private let senderKinds: [Kind] = Registry.senders.map { Kind.open("sender", $0) }
private let kinds: [Kind] = channelKinds + strategyKinds + senderKinds

@Suite("Parameter declarations")
struct ParamDeclarationTests {
    @Test("pushsim list's parameters are the declarations, for every built-in kind", arguments: kinds.indices)
    func derivedListEqualsDeclarations(index: Int) {
        let k = kinds[index]
        #expect(k.docs.map(\.name) == k.params.map(\.name), "\(k.kind)")
        #expect(k.docs.map(\.defaultValue) == k.params.map { $0.defaultsToNone ? "none" : $0.defaultJSON?.compact ?? "required" }, "\(k.kind)")
        #expect(k.docs.map(\.summary) == k.params.map(\.doc), "\(k.kind)")
        #expect(Set(k.params.map(\.name)).count == k.params.count, "\(k.kind) declares a key twice")
    }

    @Test("the documented defaults, written out, decode to what an absent key gives", arguments: kinds.indices)
    func documentedDefaultsAreTheDecodedDefaults(index: Int) throws {
        let k = kinds[index]
        guard !k.params.contains(where: \.isRequired) else { return }
        let empty = try k.decode(Data(#"{"kind": "\#(k.kind)"}"#.utf8))
        // A default of none cannot be written out (null is no value, docs/model.md): left out.
        let members = [OrderedJSON.Member("kind", .string(k.kind))] + k.params.filter { !$0.defaultsToNone }.map { OrderedJSON.Member($0.name, $0.defaultJSON!) }
        let explicit = try k.decode(Data(OrderedJSON.object(members).compact.utf8))
        var a = "", b = ""
        dump(empty, to: &a); dump(explicit, to: &b)
        #expect(a == b, "\(k.kind): \(OrderedJSON.object(members).compact)")
    }

    @Test("the parameter names and defaults the old hand-written tables documented")
    func namesAndDefaultsPinned() {
        func table<T: Plugin>(_ t: T.Type) -> [String] { t.parameters.map { "\($0.name)=\($0.defaultValue)" } }
        #expect(table(LossyChannel.self) == [#"loss=0"#, #"duplicate=0"#, #"delay="0s""#])
        #expect(table(OverflowChannel.self) == ["limit=100", "deletedSignal=true", "storeAfterDiscard=false", "transport={}"])
        #expect(table(APNsChannel.self) == [#"retention="latest""#, #"storageCap="30d""#,
            #"powerDelay={"kind": "uniform", "min": 0, "max": 15, "unit": "m"}"#, "errors={}", "transport={}",
            #"unregisteredAfter={"kind": "uniform", "min": 1, "max": 7, "unit": "d"}"#, #"deadConnection="firstHeld""#,
            #"replacedToken="badDeviceToken""#])
        #expect(table(FCMChannel.self) == ["pendingLimit=100", "deletedSignal=true", "storeAfterDiscard=false", "maxCollapseKeys=4",
            "collapsibleBurst=20", #"collapsibleRefill="3m""#, "perMinute=240", "perHour=5000", #"inactiveAfter="28d""#,
            #"tokenExpiry="270d""#, "downgrade={}", "errors={}", "apns={}", "transport={}", #"unregisteredAfter="0s""#,
            #"oldTokenLifetime={"kind": "uniform", "min": 0, "max": 24, "unit": "h"}"#,
            #"deadConnection="allHeld""#, "redeliverUnacked=false", "ackAfter=10", #"heartbeat="15m""#])
        #expect(table(Polling.self) == ["interval=required"])
        #expect(table(Recommended.self) == [#"interval="5m""#])
        #expect(table(Coalesce.self) == [#"window="30s""#])
        #expect(table(CollapsePerEntity.self) == [#"key="entity-{key}""#])
        #expect(table(Outbox.self) == [#"period="1m""#, #"lease="2m""#, "workers=1", "stagger=false", "batch=100", "maxAttempts=5",
            #"expiry="1d""#, "supersedeKey=none", "backoff={}", "crash=0", #"answerLatency="0s""#, "honourRetryAfter=true"])
        #expect(Backoff.params.map { "\($0.name)=\($0.defaultJSON!.compact)" } == [#"initial="1m""#, #"max="1h""#, "jitter=0.1"])
        #expect(Outbox.parameters.first { $0.name == "backoff" }?.fields.map(\.name) == ["initial", "max", "jitter"])
        #expect(FCMChannel.parameters.first { $0.name == "apns" }?.fields.first { $0.name == "transport" }?.fields.count == 3)
        #expect(ClientSpec.params.map { "\($0.name)=\($0.defaultJSON!.compact)" } == [#"pullLatency="0s""#, "pullFailure=0",
            #"registration="everyLaunch""#, "dedupe=false", "responseSize=0", "changeSize=0", #"pullJitter="0s""#])
        #expect(HintPull.parameters.isEmpty && PerChange.parameters.isEmpty && QuietHoursNaive.parameters.isEmpty)
        #expect(Coalesce().window == .seconds(30) && Outbox().backoff == Backoff() && FCMConfig().perHour == 5000)
    }

    @Test("a bad value is reported at its JSON path with the declared range", arguments: [
        (scenario(sender: #"{"kind": "outbox", "backoff": {"jitter": 2}}"#), "$.sender.backoff.jitter", "expected a number in [0.0, 1.0], got 2.0"),
        (scenario(sender: #"{"kind": "outbox", "workers": 65}"#), "$.sender.workers", "expected an integer in [1, 64], got 65"),
        (scenario(sender: #"{"kind": "coalesce", "window": "0s"}"#), "$.sender.window", "expected a window longer than 0s"),
        (scenario(sender: #"{"kind": "collapsePerEntity", "key": ""}"#), "$.sender.key", "at most 64 bytes"),
        (scenario(channel: #"{"kind": "fcm", "downgrade": {"window": "1d", "shownFraction": 1.5}}"#), "$.variants[0].channel.downgrade.shownFraction",
         "expected a number in [0.0, 1.0], got 1.5"),
        (scenario(channel: #"{"kind": "fcm", "apns": {"retention": "oldest"}}"#), "$.variants[0].channel.apns.retention",
         "unknown value \"oldest\"; valid: latest, random"),
        (scenario(channel: #"{"kind": "fcm", "apns": {"transport": {"loss": -1}}}"#), "$.variants[0].channel.apns.transport.loss",
         "probability in [0, 1]"),
        (scenario(channel: #"{"kind": "fcm", "collapsibleRefill": "0s"}"#), "$.variants[0].channel.collapsibleRefill",
         "expected a refill interval longer than 0s"),
        (scenario(channel: #"{"kind": "keepLatest", "transport": {"delay": "5"}}"#), "$.variants[0].channel.transport.delay", "no unit"),
        (scenario(channel: #"{"kind": "overflow", "limit": 2.5}"#), "$.variants[0].channel.limit", "expected an integer"),
        (scenario(channel: #"{"kind": "apns", "errors": {"TooManyRequests": {"rate": 0.1, "retry": "1s"}}}"#),
         "$.variants[0].channel.errors.TooManyRequests.retry", "unknown key \"retry\"; expected one of: rate, retryAfter"),
        (scenario(strategies: #"[{"kind": "recommended", "interval": "0s"}]"#), "$.strategies[0].interval",
         "expected a polling interval longer than 0s"),
        (scenario(strategies: #"[{"kind": "refetchNotifyPoll", "intervals": "1s"}]"#), "$.strategies[0].intervals",
         "unknown key \"intervals\"; did you mean \"interval\"? expected one of: interval, kind, name"),
    ])
    func badValuePath(json: String, path: String, message: String) throws {
        let error = try #require(failure(json))
        #expect(error.path == path, "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("the kind shorthand reports the real error: which parameter is missing, at its path")
    func shorthandErrorSurfaces() throws {
        let error = try #require(failure(scenario(strategies: #"["polling"]"#)))
        #expect(error.path == "$.strategies[0]")
        #expect(error.message.contains("takes parameters"))
        #expect(error.message.contains(#"($.strategies[0].interval: missing required key "interval")"#), "\(error.message)")
        let ok = try Scenario.decode(Data(scenario(strategies: #"["recommended", "refetchNotifyPoll"]"#, sender: #""outbox""#).utf8), file: "t.json")
        #expect((ok.strategies[0].prototype as? Recommended)?.interval == .minutes(5))
        #expect((ok.sender as? Outbox)?.lease == .minutes(2))
    }

    @Test("null: refused for every parameter (booleans, objects and numbers alike), a value only of downgrade (docs/model.md)")
    func nullHandling() throws {
        for key in ["deletedSignal", "transport", "limit"] {
            let e = failure(scenario(channel: #"{"kind": "overflow", "\#(key)": null}"#))
            #expect(e?.path == "$.variants[0].channel.\(key)" && e?.message.contains("found null") == true, "\(key): \(e.map(\.description) ?? "accepted")")
        }
        #expect(failure(scenario(channel: #"{"kind": "fcm", "downgrade": null}"#)) == nil)
    }
}
