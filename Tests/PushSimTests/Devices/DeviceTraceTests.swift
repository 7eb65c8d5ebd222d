import Foundation
import Testing
@testable import PushSim

/// `DeviceTrace`: a recorded timeline read into the periods, instants and sessions of a
/// device spec, and every bad row named by file, row and column.
@Suite struct DeviceTraceTests {
    static func write(_ text: String) throws -> (URL, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        return (folder, "t.csv")
    }

    @Test("pairs become periods and sessions, instants stay instants, an open period lasts past any horizon")
    func reads() throws {
        let (folder, file) = try Self.write("event,time_s\nscreen_on,0\napp_open,0\napp_close,45.5\nscreen_off,60\noffline,300\nonline,900\n"
                                            + "motion,1000\nswipe_away,1001\nrestart,1002\ncharging,2000\noffline,3000\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let t = try DeviceTrace.read(file, relativeTo: folder)
        #expect(t.screenOn == [Period(from: .zero, to: .seconds(60))])
        #expect(t.sessions == [Session(at: .zero, length: .milliseconds(45_500))])
        #expect(t.offline == [Period(from: .seconds(300), to: .seconds(900)), Period(from: .seconds(3000), to: SimDuration.longestSample)])
        #expect(t.motion == [.seconds(1000)] && t.swipeAway == [.seconds(1001)] && t.restarts == [.seconds(1002)])
        #expect(t.charging == [Period(from: .seconds(2000), to: SimDuration.longestSample)])
        var spec = DeviceSpec()
        spec.connectivity = nil
        spec.app.foreground = [.seconds(5)]
        let applied = t.applied(to: spec)
        #expect(applied.app.foreground.isEmpty && applied.app.sessions == t.sessions && applied.offline == t.offline)
    }

    @Test("a period that starts when the last one ended continues it, as touching periods written in a scenario merge")
    func touching() throws {
        let (folder, file) = try Self.write("time_s,event\n0,offline\n5,charging\n6,unplugged\n6.5,charging\n7,unplugged\n10,online\n10,offline\n20,online\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let t = try DeviceTrace.read(file, relativeTo: folder)
        #expect(t.offline == [Period(from: .zero, to: .seconds(20))])
        #expect(t.charging == [Period(from: .seconds(5), to: .seconds(6)), Period(from: .milliseconds(6_500), to: .seconds(7))])
    }

    @Test("bad rows: the file, row and column, and what was expected", arguments: [
        ("time_s\n0\n", "row 1", "needs the columns time_s and event"),
        ("time_s,event\n-1,online\n", "row 2, column 1 (time_s)", "from 0 to 3.1e9"),
        ("time_s,event\n5,screen_on\n4,screen_off\n", "row 3, column 1 (time_s)", "earlier than the row before"),
        ("time_s,event\n0,online\n", "row 2, column 2 (event)", "online while not offline"),
        ("time_s,event\n0,offline\n1,offline\n", "row 3, column 2 (event)", "offline while already offline"),
        ("time_s,event\n0,app_close\n", "row 2, column 2 (event)", "app_close while the app is not open"),
        ("time_s,event\n0,screen_onn\n", "row 2, column 2 (event)", "unknown event \"screen_onn\"; expected one of: offline"),
    ])
    func badRows(_ text: String, _ path: String, _ words: String) throws {
        let (folder, file) = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try DeviceTrace.read(file, relativeTo: folder)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == "t.csv" && error.path == path && error.message.contains(words), "\(error)")
        }
    }
}
