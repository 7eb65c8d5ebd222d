import Foundation
import Testing
@testable import PushSim

/// The shared outbox at the 07:00 wake: N rows due at once, W workers claiming B rows each
/// per sweep period P. The model makes the drain certain: the rows go out in
/// ceil(N / (W·B)) sweeps, one period apart, the first at the wake instant (07:00 local is
/// a sweep instant), so the last row is accepted (ceil(N / (W·B)) − 1)·P after the wake,
/// and W·B rows go out in every minute but the last.
@Suite struct FleetOutboxTests {
    @Test(arguments: [(1050, 1, 100), (10_000, 1, 100), (999, 3, 37), (500, 2, 1000)])
    func lastRowLeavesAfterCeilNOverBPeriods(n: Int, workers: Int, batch: Int) throws {
        let r = try FleetSupport.run(FleetSupport.wake(recipients: n, workers: workers, batch: batch), ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let sweeps = (n + workers * batch - 1) / (workers * batch)
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["lateness_after_wake_max_s"] == String(format: "%.6f", Double((sweeps - 1) * 60)))
        #expect(fleet["recipients_woken"] == String(format: "%.6f", Double(n)))
        #expect(fleet["rows_late_max"] == String(format: "%.6f", Double(n)))
        // 07:00 Berlin is 06:00Z, 10 h after the start (20:00Z): minute 600.
        let sent = try FleetSupport.table(r.out, "timeline.csv").filter { $0["pushes_sent"] != "0" }
        #expect(sent.map { Int($0["minute"]!)! } == Array(600 ..< 600 + sweeps))
        #expect(sent.dropLast().allSatisfy { Int($0["pushes_sent"]!) == workers * batch })
        #expect(Int(sent.last!["pushes_sent"]!) == n - (sweeps - 1) * workers * batch)
        // Every recipient's push arrived: hintPull converged everywhere.
        #expect(fleet["converged_fraction"] == "1.000000")
    }

    /// A supersede key replaces only the same recipient's older rows: 300 recipients whose
    /// night messages share key 0 still each get their push at 07:00.
    @Test func supersedeStaysWithinARecipient() throws {
        let json = FleetSupport.wake(recipients: 300, workers: 1, batch: 100)
            .replacingOccurrences(of: #""stagger": false}"#, with: #""stagger": false, "supersedeKey": "k{key}"}"#)
        #expect(json.contains("supersedeKey"))
        let r = try FleetSupport.run(json, ["--runs", "none"])
        #expect(r.status == 0, "\(r.err)")
        let fleet = try FleetSupport.table(r.out, "fleet.csv")[0]
        #expect(fleet["converged_fraction"] == "1.000000")
        #expect(fleet["pushes_accepted"] == "300.000000")
        #expect(fleet["lateness_after_wake_max_s"] == "120.000000")
    }
}
