import CPrefetch
#if canImport(Glibc)
import Glibc
#endif

/// A fleet's recipients' worlds: the one last woken to be changed awake, every other one
/// asleep as a code (docs/performance.md, Fleets):
/// - the words of its `World` value that differ from a template world (the first one
///   stored), packed (`WordDelta`);
/// - for a recipient with one device, its `Device` against the first recipient's (zeros
///   when that one has several; the one-element array is reused meanwhile);
/// - its server's and its replica's per-key states, when of a few keys (LEB128 numbers;
///   the arrays reused meanwhile);
/// - with a counter-based generator, where its streams are: the fleet's recipients share
///   one set of stream objects (`RandomStreams.resume`), each recipient's replication at
///   its own positions, so a sleeping recipient's streams are a few LEB128 numbers.
/// The rest of a world's heap storage (the queue's and ledgers' arrays, the channel's box)
/// stays where it is.
///
/// An access (`subscript`'s `_modify`, `withWorld`) wakes the world, putting the awake one
/// to sleep; an access nested in another's (a sender handler reaching several recipients)
/// wakes its world for itself alone, the awake one's streams resumed after it; no world is
/// woken twice (a precondition). Sleeping and waking move bits: the world's references are
/// neither retained nor released (only the spare arrays it is handed or hands back are),
/// and a world is the same value whichever slot it wakes in (a `Device` is a plain value, `_isPOD`, so its bits
/// are its value). A read of a sleeping world (`_read`, `read`) decodes a copy and forgets
/// it, the code unchanged; it must not draw from the world's streams.
///
/// Not thread-safe: one fleet run, one thread. Its mutable state skips the run-time
/// exclusivity checks, as `FleetHub`'s: no access holds it while calling out.
final class FleetWorlds {
    /// The number of recipients.
    let count: Int
    /// The recipients' shared streams (nil: each world has its own), and the replication
    /// of recipient 0 (recipient r's is `firstReplication + r`).
    private let streams: RandomStreams?
    private let firstReplication: Int
    private var worldCodec: WordDelta?
    private var deviceCodec: WordDelta?
    /// Per recipient: its code (malloc'd; nil before it is stored and after it is taken)
    /// and the bytes its allocation has room for, one 16-byte line.
    private let entries: UnsafeMutablePointer<(code: UnsafeMutableRawPointer?, room: Int)>
    /// Slot 0 holds the awake world; slots 1 … depth those of nested accesses and reads.
    private let slots: UnsafeMutablePointer<World>
    private static let depth = 8
    @exclusivity(unchecked) private var level = 1
    /// Per slot: the recipient decoded into it (−1: none), so that none is woken twice.
    private let slotOwners: UnsafeMutablePointer<Int>
    /// The awake recipient (−1: none), and the accesses to it in progress.
    @exclusivity(unchecked) private var awake = -1
    @exclusivity(unchecked) private var pins = 0
    /// The recipient whose positions the shared streams are at (−1: none known).
    @exclusivity(unchecked) private var loaded = -1
    /// One-device arrays taken from worlds put to sleep, handed to the next woken ones (at
    /// most `depth`): waking allocates none.
    @exclusivity(unchecked) private var spareDevices: [[Device]] = []
    /// The same for the per-key states (`Server.state`, `Replica.state`) of up to
    /// `maximumPackedKeys` keys, which sleep in the code too.
    @exclusivity(unchecked) private var spareStates: [[Int64]] = []
    private static let maximumPackedKeys = 16
    /// Per slot: where its world's device code is in the code it woke from, and a copy of
    /// the device as woken: a device that did not change is not coded again (most steps
    /// leave it as it was).
    private let deviceCodeAt: UnsafeMutablePointer<(offset: Int, length: Int)>
    private let deviceCopies: UnsafeMutableRawPointer
    private static let deviceBytes = MemoryLayout<Device>.stride
    /// Scratch: the largest code, the lengths, stream positions.
    private let scratch: UnsafeMutableRawPointer
    private let lengths: UnsafeMutablePointer<UInt8>
    private let positions: UnsafeMutablePointer<UInt64>
    private static let worldWords = MemoryLayout<World>.stride / 8
    private static let deviceWords = MemoryLayout<Device>.stride / 8
    /// Whether a lone device is kept in the code (a plain value, whole words).
    private static let packsDevices = _isPOD(Device.self) && MemoryLayout<Device>.stride % 8 == 0
    /// The most streams a code holds positions for.
    private static let maximumStreams = 256

    /// Room for `count` (≥ 0) worlds, none stored yet.
    /// - Parameters:
    ///   - streams: the streams every world was built with (counter-based), resumed at
    ///     each recipient's positions when it wakes; nil when each world has its own.
    ///   - firstReplication: recipient 0's replication (the streams' counter base).
    init(count: Int, streams: RandomStreams? = nil, firstReplication: Int = 0) {
        precondition(_isBitwiseTakable(World.self) && MemoryLayout<World>.stride % 8 == 0, "FleetWorlds: World cannot be moved as words")
        precondition(streams.map { $0.generator.isCounterBased } ?? true, "FleetWorlds: shared streams must be counter-based")
        self.count = count
        self.streams = streams
        self.firstReplication = firstReplication
        entries = .allocate(capacity: max(1, count))
        entries.initialize(repeating: (nil, 0), count: max(1, count))
        slots = .allocate(capacity: 1 + Self.depth)
        slotOwners = .allocate(capacity: 1 + Self.depth)
        slotOwners.initialize(repeating: -1, count: 1 + Self.depth)
        scratch = .allocate(byteCount: WordDelta.maximumBytes(words: Self.worldWords) + WordDelta.maximumBytes(words: Self.deviceWords)
                            + 2 * 10 * (Self.maximumPackedKeys + 1) + 10 * (Self.maximumStreams + 1), alignment: 16)
        lengths = .allocate(capacity: max(Self.worldWords, Self.deviceWords))
        positions = .allocate(capacity: Self.maximumStreams)
        deviceCodeAt = .allocate(capacity: 1 + Self.depth)
        deviceCodeAt.initialize(repeating: (0, -1), count: 1 + Self.depth)
        deviceCopies = .allocate(byteCount: (1 + Self.depth) * Self.deviceBytes, alignment: 16)
    }

    deinit {
        for r in 0..<count where entries[r].code != nil { _ = take(r) }
        entries.deallocate()
        slots.deallocate()
        slotOwners.deallocate()
        scratch.deallocate()
        lengths.deallocate()
        positions.deallocate()
        deviceCodeAt.deallocate()
        deviceCopies.deallocate()
        worldCodec?.deallocate()
        deviceCodec?.deallocate()
    }

    /// Stores `world` as recipient `r`'s, asleep (the first one stored is the template);
    /// with shared streams, they are where recipient r's world left them.
    /// - Precondition: `r` in 0 ..< count, not stored yet; no world awake.
    func store(_ r: Int, _ world: consuming World) {
        precondition(entries[r].code == nil, "FleetWorlds: recipient \(r) stored twice")
        precondition(awake < 0, "FleetWorlds: store while a world is awake")
        loaded = r
        let slot = slots + level
        slot.initialize(to: world)
        if worldCodec == nil {
            // The template has its parts taken out, as every sleeping world has.
            var parts = Self.takeParts(slot)
            worldCodec = WordDelta(words: Self.worldWords, template: UnsafeRawPointer(slot))
            let zeros = [UInt64](repeating: 0, count: Self.deviceWords)
            deviceCodec = parts.lone ? parts.devices.withUnsafeBytes { WordDelta(words: Self.deviceWords, template: $0.baseAddress!) }
                                     : zeros.withUnsafeBytes { WordDelta(words: Self.deviceWords, template: $0.baseAddress!) }
            Self.putBack(&parts, slot)
        }
        deviceCodeAt[level].length = -1
        pack(r, from: slot, keepArray: false)
    }

    /// Recipient `r`'s world, moved out of the store (its code freed), with its streams
    /// where it left them (the awake world, if another, is put to sleep first).
    func take(_ r: Int) -> World {
        precondition(entries[r].code != nil, "FleetWorlds: recipient \(r) is not stored")
        precondition(pins == 0, "FleetWorlds: take during an access")
        let world: World
        if awake == r {
            world = slots.move()
            slotOwners[0] = -1
        } else {
            if awake >= 0 { pack(awake, from: slots, keepArray: true) }
            world = decode(r, into: slots, resumingStreams: true).move()
        }
        awake = -1
        free(entries[r].code)
        entries[r] = (nil, 0)
        return world
    }

    /// Recipient `r`'s world, woken for the access.
    subscript(r: Int) -> World {
        _read {
            if r == awake {
                pins += 1
                defer { pins -= 1 }
                yield slots.pointee
            } else {
                let slot = nested(r, resumingStreams: false)
                defer { level -= 1; slotOwners[level] = -1; forget(slot) }
                yield slot.pointee
            }
        }
        _modify {
            // The awake world, unless an access to another is in progress (its streams are
            // loaded then, so the awake world may not be changed from inside it).
            precondition(r != awake || pins == 0 || loaded == awake, "FleetWorlds: recipient \(r) changed inside a nested access")
            if r == awake || pins == 0 {
                if r != awake {
                    if awake >= 0 { pack(awake, from: slots, keepArray: true) }
                    _ = decode(r, into: slots, resumingStreams: true)
                    awake = r
                    slotOwners[0] = r
                }
                pins += 1
                defer { pins -= 1 }
                yield &slots.pointee
            } else {
                // Nested in an access to the awake world: this world wakes for itself alone,
                // and the awake world's streams are resumed after it.
                let previous = loaded
                let held = streams.map { s in (0..<s.count).map { s.position(of: $0) } } ?? []   // rare: an array will do
                let slot = nested(r, resumingStreams: true)
                defer {
                    level -= 1
                    slotOwners[level] = -1
                    pack(r, from: slot, keepArray: true)
                    if previous >= 0 { streams?.resume(replication: firstReplication + previous) { $0 < held.count ? held[$0] : 0 } }
                    loaded = previous
                }
                yield &slot.pointee
            }
        }
    }

    /// Decodes recipient `r` into the next nested slot (`level` is one more after).
    /// - Precondition: `r` is in no slot (an access to a world inside an access to it).
    @inline(__always)
    private func nested(_ r: Int, resumingStreams: Bool) -> UnsafeMutablePointer<World> {
        precondition(level <= Self.depth, "FleetWorlds: accesses nested more than \(Self.depth) deep")
        for l in 1..<level { precondition(slotOwners[l] != r, "FleetWorlds: recipient \(r) accessed inside an access to it") }
        let slot = decode(r, into: slots + level, resumingStreams: resumingStreams)
        slotOwners[level] = r
        level += 1
        return slot
    }

    /// Runs `body` on recipient `r`'s world, woken.
    @inline(__always)
    func withWorld<R>(_ r: Int, _ body: (inout World) -> R) -> R { body(&self[r]) }

    /// Runs `body` on recipient `r`'s world, read where it is (a sleeping one decoded and
    /// forgotten, its code unchanged); `body` must not draw from its streams.
    @inline(__always)
    func read<R>(_ r: Int, _ body: (borrowing World) -> R) -> R { body(self[r]) }

    /// Asks the cache for recipient `r`'s code (a hint, no effect on results): reads where
    /// it is, so best called for a recipient `prefetchEntry` was called for a step earlier.
    @inline(__always)
    func prefetch(_ r: Int) {
        if let code = entries[r].code { pushsim_prefetch(code, 5) }
    }

    /// Asks the cache for the line saying where recipient `r`'s code is (a hint).
    @inline(__always)
    func prefetchEntry(_ r: Int) { pushsim_prefetch(entries + r, 1) }

    /// The bytes recipient `r`'s code's allocation has room for (0 when not stored).
    func codeBytes(_ r: Int) -> Int { entries[r].room }

    /// Whether recipient `r` is the awake one (for tests).
    func isAwake(_ r: Int) -> Bool { awake == r }

    /// Decodes recipient `r`'s code into `slot`, its lone device into a spare (or new)
    /// one-element array, and (`resumingStreams`) resumes the shared streams at its positions.
    @inline(__always)
    private func decode(_ r: Int, into slot: UnsafeMutablePointer<World>, resumingStreams: Bool) -> UnsafeMutablePointer<World> {
        guard let code = entries[r].code, let worldCodec, let deviceCodec else { preconditionFailure("FleetWorlds: recipient \(r) is not stored") }
        var at = worldCodec.decode(code, into: UnsafeMutableRawPointer(slot))
        let index = slot - slots
        deviceCodeAt[index].length = -1
        if slot.pointee.devices.isEmpty {
            let start = at
            if var devices = spareDevices.popLast() {
                at += devices.withUnsafeMutableBytes { deviceCodec.decode(code + at, into: $0.baseAddress!) }
                slot.pointee.devices = devices
            } else {
                var used = 0
                slot.pointee.devices = Array(unsafeUninitializedCapacity: 1) { buffer, n in
                    used = deviceCodec.decode(code + at, into: UnsafeMutableRawPointer(buffer.baseAddress!))
                    n = 1
                }
                at += used
            }
            if resumingStreams {   // an access that packs the world again after it
                deviceCodeAt[index] = (start, at - start)
                slot.pointee.devices.withUnsafeBytes { (deviceCopies + index * Self.deviceBytes).copyMemory(from: $0.baseAddress!, byteCount: Self.deviceBytes) }
            }
        }
        if slot.pointee.server.state.isEmpty {
            var state = unpackState(code, &at)
            slot.pointee.server.swapState(&state)
        }
        if slot.pointee.replica.state.isEmpty { slot.pointee.replica.state = unpackState(code, &at) }
        if resumingStreams, let streams {
            let held = Int(LEB128.read(code, &at))
            for i in 0..<held { positions[i] = LEB128.read(code, &at) }
            let positions = self.positions
            streams.resume(replication: firstReplication + r) { $0 < held ? positions[$0] : 0 }
            loaded = r
        }
        return slot
    }

    /// After a read of a sleeping world: the device array goes back to the spares; the
    /// slot's bits are left (the code still holds them).
    @inline(__always)
    private func forget(_ slot: UnsafeMutablePointer<World>) {
        let parts = Self.takeParts(slot)
        if parts.packsServer { spare(parts.server) }
        if parts.packsReplica { spare(parts.replica) }
        if parts.lone && spareDevices.count < Self.depth { spareDevices.append(parts.devices) }
    }

    /// What a sleeping world keeps in its code besides its value's words, taken out of it:
    /// its lone device (when `lone`) and its per-key states (when of a few keys); the world
    /// is left with empty arrays there, which is how a decoded world says they follow.
    private struct Parts {
        var devices: [Device] = [], server: [Int64] = [], replica: [Int64] = []
        var lone = false, packsServer = false, packsReplica = false
    }

    @inline(__always)
    private static func takeParts(_ slot: UnsafeMutablePointer<World>) -> Parts {
        var parts = Parts()
        parts.lone = packsDevices && slot.pointee.devices.count == 1
        parts.packsServer = slot.pointee.server.state.count <= maximumPackedKeys
        parts.packsReplica = slot.pointee.replica.state.count <= maximumPackedKeys
        if parts.lone { swap(&parts.devices, &slot.pointee.devices) }
        if parts.packsServer { slot.pointee.server.swapState(&parts.server) }
        if parts.packsReplica { swap(&parts.replica, &slot.pointee.replica.state) }
        return parts
    }

    /// Puts what `takeParts` took back into the world.
    @inline(__always)
    private static func putBack(_ parts: inout Parts, _ slot: UnsafeMutablePointer<World>) {
        if parts.lone { swap(&parts.devices, &slot.pointee.devices) }
        if parts.packsServer { slot.pointee.server.swapState(&parts.server) }
        if parts.packsReplica { swap(&parts.replica, &slot.pointee.replica.state) }
    }

    /// Keeps `state`'s storage for the next woken world (at most 2 · `depth`).
    @inline(__always)
    private func spare(_ state: [Int64]) { if spareStates.count < 2 * Self.depth { spareStates.append(state) } }

    /// Writes a per-key state: its count, then each value zigzag-coded, as LEB128.
    @inline(__always)
    private func packState(_ state: [Int64], _ bytes: inout Int) {
        LEB128.write(UInt64(state.count), scratch, &bytes)
        for v in state { LEB128.write(UInt64(bitPattern: v << 1 ^ v >> 63), scratch, &bytes) }
    }

    /// Reads what `packState` wrote, into a spare array (or a new one).
    @inline(__always)
    private func unpackState(_ code: UnsafeRawPointer, _ at: inout Int) -> [Int64] {
        let count = Int(LEB128.read(code, &at))
        var state = spareStates.popLast() ?? []
        state.removeAll(keepingCapacity: true)
        state.reserveCapacity(count)
        for _ in 0..<count {
            let z = LEB128.read(code, &at)
            state.append(Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1))
        }
        return state
    }

    /// Moves the world in `slot` into recipient `r`'s code (the slot is uninitialised
    /// after): its lone device too, the array kept as a spare (`keepArray`, at most `depth`)
    /// or released; and the shared streams' positions, which are recipient r's.
    @inline(__always)
    private func pack(_ r: Int, from slot: UnsafeMutablePointer<World>, keepArray: Bool) {
        guard let worldCodec, let deviceCodec else { return }
        precondition(streams == nil || loaded == r || loaded < 0, "FleetWorlds: recipient \(r) packed with another's streams")
        precondition(!slot.pointee.devices.isEmpty, "FleetWorlds: a world without a device")   // decode reads a device code then
        let parts = Self.takeParts(slot)
        let (devices, lone) = (parts.devices, parts.lone)
        var bytes = worldCodec.encode(UnsafeRawPointer(slot), into: scratch, lengths: lengths) - WordDelta.slack
        if lone {
            let index = slot - slots, (offset, length) = deviceCodeAt[index]
            let copy = deviceCopies + index * Self.deviceBytes
            if length >= 0, let old = entries[r].code, devices.withUnsafeBytes({ memcmp($0.baseAddress!, copy, Self.deviceBytes) == 0 }) {
                (scratch + bytes).copyMemory(from: old + offset, byteCount: length)
                bytes += length
            } else {
                bytes += devices.withUnsafeBytes { deviceCodec.encode($0.baseAddress!, into: scratch + bytes, lengths: lengths) } - WordDelta.slack
            }
            if keepArray && spareDevices.count < Self.depth { spareDevices.append(devices) }
        }
        deviceCodeAt[slot - slots].length = -1
        if parts.packsServer { packState(parts.server, &bytes); if keepArray { spare(parts.server) } }
        if parts.packsReplica { packState(parts.replica, &bytes); if keepArray { spare(parts.replica) } }
        if let streams {
            // Positions past the last non-zero one are 0 when resumed: not written.
            precondition(streams.count <= Self.maximumStreams, "FleetWorlds: more than \(Self.maximumStreams) streams")
            let held = streams.positions(into: positions)
            LEB128.write(UInt64(held), scratch, &bytes)
            for i in 0..<held { LEB128.write(positions[i], scratch, &bytes) }
        }
        (scratch + bytes).storeBytes(of: 0, as: UInt64.self)
        bytes += WordDelta.slack
        var code = entries[r].code
        if code == nil || entries[r].room < bytes {
            free(code)
            // glibc's chunks hold 8 + 16·k bytes: ask for all of the one this code needs.
            let room = ((max(bytes, 24) - 8 + 15) & ~15) + 8
            code = malloc(room)
            guard code != nil else { preconditionFailure("FleetWorlds: out of memory") }
            entries[r] = (code, room)
        }
        code!.copyMemory(from: scratch, byteCount: bytes)
    }
}
