// Each test commits one error; `make sanitize` runs them one at a time (--filter) and
// expects the sanitizer's report and a failing `swift test`. They pass (wrongly) unsanitized.
import Controls
import Testing

@Test func dataRace() { #expect(racingIncrements() > 0) }

@Test func heapUseAfterFree() { #expect(readAfterFree() != -1) }

@Test func heapOverflowSwift() { writePastEnd() }

@Test func heapOverflowC() { #expect(cReadPastEnd() != -1) }

@Test func leak() { #expect(leakedAllocation() == 1) }
