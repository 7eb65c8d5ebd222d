import Foundation
import Testing
@testable import PushSim

/// Registration-token rules added by issue 13 (docs/platform-rules.md): F15.
@Suite("Platform rules: registration tokens (F15)")
struct PlatformTokenRuleTests {
    @Test("F15: with tokenRefresh a rotation is registered at once only while the app's process runs, else at its next start")
    func f15TokenRefreshNeedsARunningProcess() throws {
        let cs = try cells("F15")
        let running = cell(cs, "running", "hintPull"), dead = cell(cs, "notRunning", "hintPull")
        #expect(running.total("delivered") == 8 && rejectionCodes(running) == "")
        #expect(dead.total("delivered") == 4 && rejectionCodes(dead) == "UNREGISTERED=4")
        let started = cell(cs, "notRunning-pushStarts", "hintPull")
        #expect(started.total("delivered") == 9 && rejectionCodes(started) == "", "a push that starts the process registers the new token")
        let launch = cell(cs, "everyLaunch-running", "hintPull")
        #expect(launch.total("delivered") == 4 && rejectionCodes(launch) == "UNREGISTERED=4")
        let (o, log) = trace(try platformScenario("F15"), "notRunning")
        #expect(log.arrivals.map(\.time) == [at(m: 5), at(m: 10), at(m: 35), at(m: 40)])
        #expect(o.counts[.appOpens] == 1 && o.counts[.staleTokenSends] == 4, "the launch at 32 min registered the token")
    }
}
