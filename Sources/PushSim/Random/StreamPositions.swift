/// Where each recipient of a fleet is in the fleet's one set of counter-based streams
/// (`RandomStreams.share`): per recipient, the draws of each stream since its
/// replication's start, `stride` numbers a recipient in the streams' creation order (a
/// stream created after a recipient last drew from it, or never drawn by it, is at 0 for it).
///
/// One recipient's row is loaded at a time. A shared stream reads its position from that
/// row when it is first drawn from after a load, and is noted then (`drawn`); the next
/// load saves the positions of the noted streams only, so a load costs O(streams drawn
/// since the last), not O(streams). An undrawn stream's position is its row's already.
///
/// Not thread-safe: one fleet run, one thread.
final class StreamPositions {
    /// The number of recipients (rows), ≥ 1.
    let recipients: Int
    /// Recipient 0's replication: recipient r's streams are those of replication
    /// `firstReplication + r`.
    let firstReplication: Int
    /// Numbers kept per recipient (≥ 8; widens, for every recipient, as streams are created).
    private(set) var stride = 8
    private var values: [UInt64]
    /// The recipient whose row is loaded, in 0 ..< `recipients`.
    private(set) var loaded = 0
    /// The creation indices of the streams set up (first drawn from) since the last load,
    /// each once, in the order they were set up.
    var drawn: [Int] = []

    /// Rows for `recipients` (≥ 1) recipients, every position 0; recipient 0's loaded.
    init(recipients: Int, firstReplication: Int) {
        precondition(recipients >= 1, "StreamPositions: no recipients")
        self.recipients = recipients
        self.firstReplication = firstReplication
        values = Array(repeating: 0, count: recipients * stride)
        drawn.reserveCapacity(16)
    }

    /// The loaded recipient's counter base: its replication.
    var base: UInt64 { UInt64(bitPattern: Int64(firstReplication + loaded)) }

    /// Stream `index`'s position (draws since its start) in the loaded recipient's row.
    func position(_ index: Int) -> UInt64 { index < stride ? values[loaded * stride + index] : 0 }

    /// Sets stream `index`'s position in the loaded recipient's row, widening the rows if
    /// `index` is past them.
    func setPosition(_ index: Int, _ position: UInt64) {
        if index >= stride { widen(to: max(index + 1, 2 * stride)) }
        values[loaded * stride + index] = position
    }

    /// Makes recipient `r`'s row the loaded one. The caller has saved the drawn streams'
    /// positions (`RandomStreams.load(recipient:)`).
    func load(_ r: Int) {
        precondition(r >= 0 && r < recipients, "StreamPositions: no recipient \(r)")
        precondition(drawn.isEmpty, "StreamPositions: a load before the drawn streams were saved")
        loaded = r
        // The row is read now, while the caller goes on to reach the recipient's world: the
        // two memory reads overlap, where the row's first read at a stream's set-up would
        // wait on its own.
        rowHead = values[r * stride]
    }

    /// The loaded row's first number, read at the load (see `load`).
    private(set) var rowHead: UInt64 = 0

    /// Moves every recipient's positions to a wider stride (the new ones 0).
    private func widen(to wider: Int) {
        var next = [UInt64](repeating: 0, count: recipients * wider)
        for r in 0..<recipients {
            for i in 0..<stride { next[r * wider + i] = values[r * stride + i] }
        }
        values = next
        stride = wider
    }
}
