import SimKernel

/// A fleet's shuffled tie order (`--shuffle-ties`): each recipient's salt and its own count
/// of scheduled events, given to the fleet's one list for every turn, delivery and lend, so
/// that each recipient's shuffled order is the one a list of its own would give it (the
/// lone run k·N + r's, `EventQueue.ownerSequence`). Runs without shuffled ties have none.
final class FleetTieOrder {
    private let salts: [UInt64]
    private var sequences: [UInt64]

    /// - Parameters: `salts`: recipient r's tie salt at index r (none 0).
    init(salts: [UInt64]) {
        self.salts = salts
        sequences = Array(repeating: 0, count: salts.count)
    }

    /// Makes `queue` schedule as recipient `r` (its salt and count; `owner` is the caller's).
    func lend(_ queue: inout EventQueue<WorldEvent>, to r: Int) {
        queue.shuffleTies(salt: salts[r])
        queue.ownerSequence = sequences[r]
    }

    /// Keeps recipient `r`'s count after the list scheduled for it.
    func takeBack(_ queue: EventQueue<WorldEvent>, from r: Int) { sequences[r] = queue.ownerSequence }
}
