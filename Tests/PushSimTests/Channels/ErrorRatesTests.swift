import Foundation
import Testing
@testable import PushSim

/// `ErrorRates` (F9, A9): one uniform u per send; the codes take consecutive slices of
/// [0, 1) in `SendError.allCases` order (u < r₁: the first, r₁ ≤ u < r₁ + r₂: the second, …),
/// each with its configured Retry-After; rates may add up to 1 but not more; a Retry-After
/// comes only with a retryable code.
@Suite struct ErrorRatesTests {
    static func fcm(_ errors: String) throws -> FCMChannel {
        try #require(try minimalScenario(channel: #"{"kind": "fcm", "errors": \#(errors)}"#).variants[0].channel as? FCMChannel)
    }

    @Test("codes take consecutive slices: UNAVAILABLE for u < 0.3, INTERNAL for 0.3 ≤ u < 0.6 (with its 20 s Retry-After), none above")
    func slicesAreCumulative() throws {
        let rates = try Self.fcm(#"{"UNAVAILABLE": 0.3, "INTERNAL": {"rate": 0.3, "retryAfter": "20s"}}"#).config.errors
        let drawn = RandomStream(type: GeneratorType.named("mt19937")!, seed: 5)
        let replay = RandomStream(type: GeneratorType.named("mt19937")!, seed: 5)
        var seen = [0, 0, 0]
        for _ in 0..<2000 {
            let u = replay.uniform()
            let expected: Rejection? = u < 0.3 ? Rejection(.unavailable) : u < 0.6 ? Rejection(.internal, retryAfter: .seconds(20)) : nil
            #expect(rates.draw(drawn) == expected, "u = \(u)")
            seen[u < 0.3 ? 0 : u < 0.6 ? 1 : 2] += 1
        }
        #expect(seen.allSatisfy { $0 > 0 }, "every slice was drawn")
    }

    @Test("rates adding up to exactly 1 are accepted, and then every send is refused")
    func ratesUpToOne() throws {
        let rates = try Self.fcm(#"{"UNAVAILABLE": 0.5, "INTERNAL": 0.5}"#).config.errors
        let random = RandomStream(type: GeneratorType.named("mt19937")!, seed: 3)
        for _ in 0..<200 { #expect(rates.draw(random) != nil) }
    }

    @Test("rates adding up to more than 1 are refused")
    func ratesAboveOne() {
        #expect(throws: (any Error).self) { try Self.fcm(#"{"UNAVAILABLE": 0.6, "INTERNAL": 0.5}"#) }
    }

    @Test("a Retry-After on a final code (INVALID_ARGUMENT) is refused; on a retryable one (QUOTA_EXCEEDED) accepted")
    func retryAfterOnlyWithRetryable() throws {
        #expect(throws: (any Error).self) { try Self.fcm(#"{"INVALID_ARGUMENT": {"rate": 0.1, "retryAfter": "30s"}}"#) }
        let ok = try Self.fcm(#"{"QUOTA_EXCEEDED": {"rate": 1, "retryAfter": "45s"}}"#).config.errors
        #expect(ok.draw(RandomStream(type: GeneratorType.named("mt19937")!, seed: 1)) == Rejection(.quotaExceeded, retryAfter: .seconds(45)))
    }

    @Test("no rate above 0 draws nothing from the stream")
    func zeroRatesDrawNothing() throws {
        let rates = try Self.fcm(#"{"UNAVAILABLE": 0}"#).config.errors
        let a = RandomStream(type: GeneratorType.named("mt19937")!, seed: 2), b = RandomStream(type: GeneratorType.named("mt19937")!, seed: 2)
        #expect(rates.draw(a) == nil)
        #expect(a.uniform() == b.uniform())
    }

    @Test("the Retry-After configured with a code reaches the provider's answer: INTERNAL at rate 1 with 20 s answers 500 with Retry-After 20 s")
    func retryAfterReachesTheAnswer() throws {
        let rates = try Self.fcm(#"{"INTERNAL": {"rate": 1, "retryAfter": "20s"}}"#).config.errors
        let r = try #require(rates.draw(RandomStream(type: GeneratorType.named("mt19937")!, seed: 1)))
        #expect(r.error == .internal && r.retryAfter == .seconds(20))
        #expect(ProviderAnswer(r) == .rejected(.internal, retryAfter: .seconds(20)))
        #expect(Rejection(.unavailable, retryAfter: .minutes(1)).retryAfter == .minutes(1))
        #expect(Rejection(.unavailable).retryAfter == nil)
    }
}
