import Testing
@testable import SimKernel
@testable import PushSim

/// A recipient's records stay packed (docs/performance.md, steps 6 and 7): a fleet holds one of
/// each per recipient, and a field declared out of size order pads every one of them. A
/// change that adds a field updates the figure here, on purpose.
@Suite("Record layout")
struct RecordLayoutTests {
    @Test("the recipient's records take the bytes docs/performance.md gives for steps 6 to 9")
    func packed() {
        #expect(MemoryLayout<DozeState>.stride == 64)
        #expect(MemoryLayout<Device>.stride == 240)   // 248 until step 7 took its streams out; 232 until D7's screen-off time (issue 34)
        #expect(MemoryLayout<RunObserver>.stride == 512)   // 480 until the message latencies (issue 34: four arrays)
        #expect(MemoryLayout<AppContext>.stride == 96)   // in the shared `WorldScratch` since step 8; 88 until `cancelTimer` (issue 35)
        #expect(MemoryLayout<AppProcess>.stride == 120)   // 96 until I1's daily allowance (issue 34), 104 until timer serials and cancels (issue 35)
        // 1,480 until step 7 (the device streams held here), 1,488 until step 8 (the
        // handlers' context and the drawing buffers out, to `WorldScratch`), 1,392 until
        // step 9 took the event list out (to `WorldScratch`: a fleet's one list, no
        // placeholder: 1,272), then the fleet link (the hub in the scratch: 1,256), then
        // the observer's message latencies (four arrays: 1,288), then I1's daily allowance in the
        // app (1,296), then D7's screen-off time in the device (1,304), then the app's timer
        // serials and cancels (issue 35: 1,320).
        #expect(MemoryLayout<World>.stride == 1320)
        // A staged entry of the fleet's list: 32 bytes, a heap entry 40 (step 8). (A timer
        // event carrying its process and a serial made the staged entry 40: the serial
        // replaced the process instead, `AppProcess.timerLive`.)
        #expect(MemoryLayout<EventQueue<WorldEvent>.StagedEntry>.stride == 32)
        #expect(MemoryLayout<EventQueue<WorldEvent>.Entry>.stride == 40)
    }
}
