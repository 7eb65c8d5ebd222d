import Testing
@testable import SimKernel
@testable import PushSim

/// `MessageLatencyTracker` and `MessageLatencies`: the first request, arrival and display
/// of each (message, device) pair, and the run's quantiles of the two latencies.
@Suite("Message latencies")
struct MessageLatencyTrackerTests {
    private func t(_ s: Int64) -> SimTime { SimTime(microseconds: s * 1_000_000) }

    @Test("latency from the first request to the first arrival and first display; later requests and copies change nothing")
    func firstTimes() {
        var m = MessageLatencyTracker()
        m.sent(message: 1, device: 0, at: t(10))
        m.sent(message: 1, device: 0, at: t(20))          // a retry: the first request counts
        m.reached(message: 1, device: 0, at: t(25))
        m.reached(message: 1, device: 0, at: t(40))       // a duplicate copy
        m.displayed(message: 1, at: t(26))
        m.displayed(message: 1, at: t(50))
        let l = m.latencies()
        #expect(l.figure(.arrival, 0) == .seconds(15) && l.figure(.arrival, 3) == .seconds(15))
        #expect(l.figure(.display, 0) == .seconds(16) && l.figure(.display, 3) == .seconds(16))
    }

    @Test("each device is its own pair; an unsent message or device is ignored; nothing arrived: no figure")
    func pairs() {
        var m = MessageLatencyTracker()
        m.sent(message: 1, device: 0, at: t(0))
        m.sent(message: 1, device: 2, at: t(5))
        m.reached(message: 1, device: 2, at: t(9))        // 4 s on device 2
        m.reached(message: 1, device: 1, at: t(9))        // never sent to device 1
        m.reached(message: 7, device: 0, at: t(9))        // never sent
        m.displayed(message: 3, at: t(9))
        let l = m.latencies()
        #expect(l.figure(.arrival, 0) == .seconds(4) && l.figure(.arrival, 3) == .seconds(4))
        #expect((0..<4).allSatisfy { l.figure(.display, $0) == nil })
        var empty = MessageLatencyTracker()
        let none = empty.latencies()
        #expect((0..<4).allSatisfy { none.figure(.arrival, $0) == nil })
    }

    @Test("reset forgets every pair")
    func reset() {
        var m = MessageLatencyTracker()
        m.sent(message: 1, device: 0, at: t(0))
        m.reached(message: 1, device: 0, at: t(3))
        m.reset()
        #expect(m.latencies() == MessageLatencies())
        m.sent(message: 1, device: 0, at: t(10))
        m.reached(message: 1, device: 0, at: t(11))
        #expect(m.latencies().figure(.arrival, 0) == .seconds(1))
    }

    @Test("the figures are GSL's interpolated quantiles of the sample to 1 µs, and max is the largest (random samples)")
    func quantilesMatchGSL() {
        var g = SplitMix64(state: 34)
        for _ in 0..<500 {
            let n = Int(g.next() % 200) + 1
            let values = (0..<n).map { _ in Int64(g.next() % 5_000_000_000) }
            let l = MessageLatencies(arrivals: values, displays: values.map { $0 / 2 })
            let sorted = values.sorted().map(Double.init)
            for (i, p) in MessageLatencies.probabilities.enumerated() {
                let expected = Statistics.quantile(sorted: sorted, p)!
                let got = Double(l.figure(.arrival, i)!.microseconds)
                #expect(abs(got - expected) <= 0.5 + 1e-6 * expected.magnitude / 1e6, "n \(n) p \(p): \(got) vs \(expected)")
            }
            #expect(l.figure(.arrival, 3)!.microseconds == values.max()!)
            #expect(l.figure(.display, 3)!.microseconds == values.max()! / 2)
        }
    }
}
