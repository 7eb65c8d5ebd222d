import Foundation
import Testing

/// Fails when MUTATE_FIXTURE_FAIL is set: the runner must then refuse to start.
@Suite struct EnvironmentTests {
    @Test("the environment does not ask this test to fail")
    func notAskedToFail() { #expect(ProcessInfo.processInfo.environment["MUTATE_FIXTURE_FAIL"] == nil) }
}
