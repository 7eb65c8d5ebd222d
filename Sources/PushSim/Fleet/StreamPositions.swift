/// Where each recipient of a fleet is in its streams while another recipient's positions
/// are loaded in the fleet's one shared set of counter-based streams (`FleetWorlds`):
/// per recipient, the draws of each stream since its replication's start, in the streams'
/// creation order, `stride` numbers a recipient (a stream created after a recipient's
/// positions were saved is at 0 for it).
struct StreamPositions {
    /// Numbers kept per recipient (grows with the streams created).
    private(set) var stride = 8
    private var values: [UInt64] = []
    private var recipients = 0

    /// Room for `count` recipients, every position 0.
    mutating func reserve(recipients count: Int) {
        recipients = count
        values = Array(repeating: 0, count: count * stride)
    }

    /// Saves where `streams` are as recipient `r`'s positions.
    mutating func save(_ streams: RandomStreams, recipient r: Int) {
        if streams.count > stride { widen(to: max(streams.count, 2 * stride)) }
        let at = r * stride
        values.withUnsafeMutableBufferPointer { _ = streams.positions(into: $0.baseAddress! + at) }
    }

    /// Resumes `streams` at recipient `r`'s positions, as replication `replication`.
    func resume(_ streams: RandomStreams, recipient r: Int, replication: Int) {
        let at = r * stride, stride = self.stride
        values.withUnsafeBufferPointer { v in
            streams.resume(replication: replication) { $0 < stride ? v[at + $0] : 0 }
        }
    }

    /// Moves every recipient's positions to a wider stride (the new ones 0).
    private mutating func widen(to wider: Int) {
        var next = [UInt64](repeating: 0, count: recipients * wider)
        for r in 0..<recipients {
            for i in 0..<stride { next[r * wider + i] = values[r * stride + i] }
        }
        values = next
        stride = wider
    }
}
