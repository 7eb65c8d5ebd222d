// The errors the controls commit. Each is a real one: the sanitizer must report it.
import CControls
import Foundation

/// A class shared by two threads without synchronisation.
public final class Counter: @unchecked Sendable {
    public var n = 0
    public init() {}
}

/// Two threads each do `counter.n += 1` `times` times with no lock, in each of `rounds`
/// rounds (a new counter and two new threads each): a data race ThreadSanitizer must
/// report. Returns the last round's count (usually less than 2 × times).
///
/// One round is not enough: under load (three busy processes on two cores) a round went
/// unreported in 9 of 30 runs, with or without barriers that keep both threads alive while
/// either increments, and a CI run at 8482e37 failed so. With `halt_on_error=1` the first
/// reported round ends the process; twenty rounds that each go unreported three times in
/// ten leave fewer than one run in 10¹⁰ without a report.
public func racingIncrements(_ times: Int = 100_000, rounds: Int = 20) -> Int {
    var last = 0
    for _ in 0..<rounds {
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            let thread = Thread {
                for _ in 0..<times { counter.n += 1 }
                done.signal()
            }
            thread.start()
        }
        done.wait(); done.wait()
        last = counter.n
    }
    return last
}

/// Reads an `Int` after its memory was freed: a heap-use-after-free AddressSanitizer must
/// report.
public func readAfterFree() -> Int {
    let p = UnsafeMutablePointer<Int>.allocate(capacity: 4)
    p.initialize(repeating: 7, count: 4)
    p.deallocate()
    return p[1]
}

/// Writes one element past the end of an allocation: a heap-buffer-overflow.
public func writePastEnd() {
    let p = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
    p.initialize(repeating: 0, count: 3)
    (p + 3).pointee = 1
    p.deallocate()
}

/// Allocates 4 KB and drops the only pointer to it: a leak LeakSanitizer must report (with
/// the suppressions of `make sanitize`'s leak check, which must not hide it).
@inline(never)
public func leakedAllocation() -> Int {
    let p = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
    p.storeBytes(of: 1, as: Int.self)
    return p.load(as: Int.self)
}

/// The C control (`ccontrols_read_past_end`): found only if C targets are instrumented.
public func cReadPastEnd() -> Int32 { ccontrols_read_past_end(5) }
