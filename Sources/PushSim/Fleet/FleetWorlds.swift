/// A fleet's recipients' worlds, each a `World` value kept where it was stored
/// (`RecipientBuffer`), run in place: no copy, no code.
///
/// With a counter-based generator the recipients share one set of stream objects
/// (`RandomStreams.share`): a recipient's streams are its replication's Philox streams at
/// its own positions (`StreamPositions`). An access to a recipient's world (`subscript`'s
/// `_modify`, `withWorld`) loads its positions first (`RandomStreams.load(recipient:)`);
/// an access nested in another's (a shared sender reaching several recipients) loads its
/// own and gives the outer one's back after it. A read (`read`) loads nothing: it must not
/// draw from the world's streams.
///
/// Not thread-safe: one fleet run, one thread.
final class FleetWorlds {
    /// The number of recipients.
    let count: Int
    /// The recipients' shared streams (nil: each world has its own).
    private let streams: RandomStreams?
    /// The worlds, and beside them who holds them and where each recipient's streams are.
    private let worlds: RecipientBuffer<World, Access>

    /// What `worlds` keeps beside the worlds.
    private struct Access {
        /// The recipients whose worlds an access holds, outermost first (none twice).
        var held: [Int] = []
    }

    /// Room for `count` (≥ 0) worlds, none stored yet.
    /// - Parameters:
    ///   - streams: the streams every world was built with, shared (`RandomStreams.share`,
    ///     recipient r of the store its recipient r), loaded at each recipient's positions
    ///     when it is accessed; nil when each world has its own.
    init(count: Int, streams: RandomStreams? = nil) {
        precondition(streams.map { $0.loadedRecipient != nil } ?? true, "FleetWorlds: the streams must be shared (RandomStreams.share)")
        self.count = count
        self.streams = streams
        var access = Access()
        access.held.reserveCapacity(8)
        worlds = RecipientBuffer(count: count, header: access)
    }

    /// Stores `world` as recipient `r`'s; with shared streams, the caller loaded recipient r
    /// (`RandomStreams.load(recipient:)`) to build it, and the next load keeps where r's
    /// world left them.
    /// - Precondition: `r` in 0 ..< count, not stored; no access under way; with shared
    ///   streams, recipient r loaded.
    func store(_ r: Int, _ world: consuming World) {
        precondition(worlds.header.held.isEmpty, "FleetWorlds: store during an access")
        precondition(streams.map { $0.loadedRecipient == r } ?? true, "FleetWorlds: recipient \(r) built on another's streams")
        worlds.initialize(r, to: world)
    }

    /// Recipient `r`'s world, moved out of the store, with its streams where it left them.
    func take(_ r: Int) -> World {
        precondition(worlds.header.held.isEmpty, "FleetWorlds: take during an access")
        precondition(r >= 0 && r < count, "FleetWorlds: no recipient \(r)")
        load(r)
        return worlds.move(r)
    }

    /// Recipient `r`'s world, for the access.
    subscript(r: Int) -> World {
        _read {
            refuseHeld(r)
            worlds.header.held.append(r)
            defer { worlds.header.held.removeLast() }
            yield worlds[r]
        }
        _modify {
            let outer = worlds.header.held.last ?? -1
            begin(r)
            defer { end(r, giving: outer) }
            yield &worlds[r]
        }
    }

    /// Runs `body` on recipient `r`'s world.
    @inline(__always)
    func withWorld<R>(_ r: Int, _ body: (inout World) -> R) -> R { body(&self[r]) }

    /// Runs `body` on recipient `r`'s world, read where it is (not copied); `body` must not
    /// draw from its streams.
    @inline(__always)
    func read<R>(_ r: Int, _ body: (borrowing World) -> R) -> R {
        refuseHeld(r)
        worlds.header.held.append(r)
        defer { worlds.header.held.removeLast() }
        return worlds.read(r, body)
    }

    /// Whether recipient `r`'s positions are the shared streams' (for tests).
    func isLoaded(_ r: Int) -> Bool { streams?.loadedRecipient == r }

    /// Traps when `r` is not a recipient, or when an access (a read too) holds its world:
    /// reaching it again would overlap.
    @inline(__always)
    private func refuseHeld(_ r: Int) {
        precondition(r >= 0 && r < count, "FleetWorlds: no recipient \(r)")
        precondition(!worlds.header.held.contains(r), "FleetWorlds: recipient \(r) accessed inside an access to it")
    }

    @inline(__always)
    private func begin(_ r: Int) {
        refuseHeld(r)
        worlds.header.held.append(r)
        load(r)
    }

    @inline(__always)
    private func end(_ r: Int, giving outer: Int) {
        let ended = worlds.header.held.removeLast()
        precondition(ended == r, "FleetWorlds: accesses ended out of order")
        if outer >= 0 { load(outer) }
    }

    /// Puts the shared streams at recipient `r`'s positions.
    @inline(__always)
    private func load(_ r: Int) { streams?.load(recipient: r) }
}
