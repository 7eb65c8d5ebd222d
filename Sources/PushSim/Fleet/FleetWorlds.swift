#if canImport(Glibc)
import Glibc
#endif

/// A fleet's recipients' worlds: the one last woken to be changed awake, every other one
/// asleep as a code (docs/performance.md, Fleets):
/// - the words of its `World` value that differ from a template world (the first one
///   stored), packed (`WordDelta`);
/// - for a recipient with one device, its `Device` against the first recipient's (zeros
///   when that one has several);
/// - its server's and its replica's per-key states, when of a few keys (LEB128 numbers);
/// - with a counter-based generator, where its streams are: the fleet's recipients share
///   one set of stream objects (`RandomStreams.resume`), each recipient's replication at
///   its own positions, so a sleeping recipient's streams are a few LEB128 numbers.
/// The rest of a world's heap storage (the ledgers' arrays, the channel's box) stays where
/// it is; its queue is an empty placeholder between turns (the fleet's one list is lent to
/// it for its turn, `FleetRun`).
///
/// An access (`subscript`'s `_modify`, `withWorld`) wakes the world, putting the awake one
/// to sleep; an access nested in another's (a sender handler reaching several recipients)
/// wakes its world for itself alone, the awake one's streams resumed after it; no world is
/// woken twice (a precondition). Sleeping and waking move bits: the world's references are
/// neither retained nor released, the arrays that hold its lone device and per-key states
/// are those its slot keeps for the worlds woken there, and a world is the same value
/// whichever slot it wakes in (a `Device` is a plain value, `_isPOD`, so its bits are its
/// value). Putting a world back to sleep codes again only the groups of 8 words that the
/// access changed (`WordDelta`). A read of a sleeping world (`_read`, `read`) decodes a copy and forgets
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
    /// The same, for steps: reached without retaining them (`streams` keeps them).
    private let shared: Unmanaged<RandomStreams>?
    private let firstReplication: Int
    private var worldCodec: WordDelta?
    private var deviceCodec: WordDelta?
    /// Per recipient: where its code is, 16 bytes.
    private let entries: UnsafeMutablePointer<Entry>
    private struct Entry {
        /// The code (malloc'd; nil before the recipient is stored and after it is taken).
        var code: UnsafeMutableRawPointer? = nil
        /// The bytes the code's allocation has room for.
        var room = 0
    }
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
    /// Per slot: the arrays its world's code holds the elements of (a lone device, per-key
    /// states of up to `maximumPackedKeys` keys), kept while the world sleeps and handed to
    /// the next world woken there: waking allocates none, and moving them in and out
    /// neither retains nor releases. The slot releases an array it keeps only when a world
    /// brings its own in its place (a stored world; a world whose devices or keys fell to
    /// one or to a few during its access).
    private let slotParts: UnsafeMutablePointer<Parts>
    private static let maximumPackedKeys = 16
    /// Per slot: a copy of the world and of its lone device as woken, and where each group
    /// of their codes starts in the code they woke from; packing copies the segments of the
    /// groups that the access left unchanged (most of them) instead of coding them again
    /// (`WordDelta.encode(_:into:unchangedSince:code:starts:)`).
    private let wokenWorlds: UnsafeMutableRawPointer
    private let wokenDevices: UnsafeMutableRawPointer
    private let worldStarts: UnsafeMutablePointer<Int32>
    private let deviceStarts: UnsafeMutablePointer<Int32>
    /// Per slot: whether the world's copy and starts are those of its code, and where its
    /// device's code starts in it (−1: no device copy).
    private let wokenValid: UnsafeMutablePointer<Bool>
    private let deviceAt: UnsafeMutablePointer<Int>
    private static let worldBytes = MemoryLayout<World>.stride
    private static let deviceBytes = MemoryLayout<Device>.stride
    private static let worldGroups = (worldWords + 7) / 8
    private static let deviceGroups = (deviceWords + 7) / 8
    /// Scratch: the largest code, stream positions.
    private let scratch: UnsafeMutableRawPointer
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
        shared = streams.map { Unmanaged.passUnretained($0) }
        self.firstReplication = firstReplication
        entries = .allocate(capacity: max(1, count))
        entries.initialize(repeating: Entry(), count: max(1, count))
        slots = .allocate(capacity: 1 + Self.depth)
        slotOwners = .allocate(capacity: 1 + Self.depth)
        slotOwners.initialize(repeating: -1, count: 1 + Self.depth)
        scratch = .allocate(byteCount: WordDelta.maximumBytes(words: Self.worldWords) + WordDelta.maximumBytes(words: Self.deviceWords)
                            + 2 * 10 * (Self.maximumPackedKeys + 1) + 10 * (Self.maximumStreams + 1), alignment: 16)
        positions = .allocate(capacity: Self.maximumStreams)
        let slotCount = 1 + Self.depth
        slotParts = .allocate(capacity: slotCount)
        slotParts.initialize(repeating: Parts(), count: slotCount)
        wokenWorlds = .allocate(byteCount: slotCount * Self.worldBytes, alignment: 16)
        wokenDevices = .allocate(byteCount: slotCount * Self.deviceBytes, alignment: 16)
        worldStarts = .allocate(capacity: slotCount * (Self.worldGroups + 1))
        deviceStarts = .allocate(capacity: slotCount * (Self.deviceGroups + 1))
        wokenValid = .allocate(capacity: slotCount)
        wokenValid.initialize(repeating: false, count: slotCount)
        deviceAt = .allocate(capacity: slotCount)
        deviceAt.initialize(repeating: -1, count: slotCount)
    }

    deinit {
        for r in 0..<count where entries[r].code != nil { _ = take(r) }
        entries.deallocate()
        slots.deallocate()
        slotOwners.deallocate()
        scratch.deallocate()
        positions.deallocate()
        slotParts.deinitialize(count: 1 + Self.depth)
        slotParts.deallocate()
        wokenWorlds.deallocate()
        wokenDevices.deallocate()
        worldStarts.deallocate()
        deviceStarts.deallocate()
        wokenValid.deallocate()
        deviceAt.deallocate()
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
            let packed = takeParts(level)
            worldCodec = WordDelta(words: Self.worldWords, template: UnsafeRawPointer(slot))
            let zeros = [UInt64](repeating: 0, count: Self.deviceWords)
            deviceCodec = packed.lone ? slotParts[level].devices.withUnsafeBytes { WordDelta(words: Self.deviceWords, template: $0.baseAddress!) }
                                      : zeros.withUnsafeBytes { WordDelta(words: Self.deviceWords, template: $0.baseAddress!) }
            putBack(level, packed)
        }
        wokenValid[level] = false
        deviceAt[level] = -1
        pack(r, from: slot)
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
            wokenValid[0] = false
            deviceAt[0] = -1
        } else {
            if awake >= 0 { pack(awake, from: slots) }
            world = decode(r, into: slots, resumingStreams: true).move()
            wokenValid[0] = false
            deviceAt[0] = -1
        }
        awake = -1
        free(entries[r].code)
        entries[r] = Entry()
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
                    if level > 1 { refuseNested(r) }
                    if awake >= 0 { pack(awake, from: slots) }
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
                    pack(r, from: slot)
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
        refuseNested(r)
        let slot = decode(r, into: slots + level, resumingStreams: resumingStreams)
        slotOwners[level] = r
        level += 1
        return slot
    }

    /// Traps when recipient `r` is in a nested slot (an access to a world inside an access
    /// to it), where waking it again would leave two copies of one world.
    @inline(never)
    private func refuseNested(_ r: Int) {
        for l in 1..<level { precondition(slotOwners[l] != r, "FleetWorlds: recipient \(r) accessed inside an access to it") }
    }

    /// Runs `body` on recipient `r`'s world, woken.
    @inline(__always)
    func withWorld<R>(_ r: Int, _ body: (inout World) -> R) -> R { body(&self[r]) }

    /// Runs `body` on recipient `r`'s world, read where it is (a sleeping one decoded and
    /// forgotten, its code unchanged); `body` must not draw from its streams.
    @inline(__always)
    func read<R>(_ r: Int, _ body: (borrowing World) -> R) -> R { body(self[r]) }

    /// The bytes recipient `r`'s code's allocation has room for (0 when not stored).
    func codeBytes(_ r: Int) -> Int { entries[r].room }

    /// Whether recipient `r` is the awake one (for tests).
    func isAwake(_ r: Int) -> Bool { awake == r }

    /// Decodes recipient `r`'s code into `slot`, its lone device and per-key states into
    /// the arrays the slot keeps (or new ones), and (`resumingStreams`) resumes the shared
    /// streams at its positions. An access that packs the world after it (`resumingStreams`)
    /// keeps a copy of the world as woken, and where its code's groups start.
    @inline(__always)
    private func decode(_ r: Int, into slot: UnsafeMutablePointer<World>, resumingStreams keep: Bool) -> UnsafeMutablePointer<World> {
        guard let code = entries[r].code, let worldCodec, let deviceCodec else { preconditionFailure("FleetWorlds: recipient \(r) is not stored") }
        let index = slot - slots, parts = slotParts + index
        var at = worldCodec.decode(code, into: UnsafeMutableRawPointer(slot), starts: keep ? worldStarts + index * (Self.worldGroups + 1) : nil)
        if keep { (wokenWorlds + index * Self.worldBytes).copyMemory(from: slot, byteCount: Self.worldBytes) }
        wokenValid[index] = keep
        deviceAt[index] = -1
        if slot.pointee.devices.isEmpty {
            swap(&slot.pointee.devices, &parts.pointee.devices)
            if slot.pointee.devices.count != 1 {   // the slot kept none
                slot.pointee.devices = Array(unsafeUninitializedCapacity: 1) { buffer, n in
                    UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: deviceCodec.template, byteCount: Self.deviceBytes)
                    n = 1
                }
            }
            let start = at
            at += slot.pointee.devices.withUnsafeMutableBytes {
                deviceCodec.decode(code + start, into: $0.baseAddress!, starts: keep ? deviceStarts + index * (Self.deviceGroups + 1) : nil)
            }
            if keep {
                deviceAt[index] = start
                slot.pointee.devices.withUnsafeBytes { (wokenDevices + index * Self.deviceBytes).copyMemory(from: $0.baseAddress!, byteCount: Self.deviceBytes) }
            }
        }
        if slot.pointee.server.state.isEmpty {
            unpackState(code, &at, into: &parts.pointee.server)
            slot.pointee.server.swapState(&parts.pointee.server)
        }
        if slot.pointee.replica.state.isEmpty {
            unpackState(code, &at, into: &parts.pointee.replica)
            swap(&slot.pointee.replica.state, &parts.pointee.replica)
        }
        if keep, let shared {
            let held = Int(LEB128.read(code, &at))
            for i in 0..<held { positions[i] = LEB128.read(code, &at) }
            let positions = self.positions, replication = firstReplication + r
            shared._withUnsafeGuaranteedRef { $0.resume(replication: replication) { $0 < held ? positions[$0] : 0 } }
            loaded = r
        }
        return slot
    }

    /// After a read of a sleeping world: the arrays its code fills go back to the slot; the
    /// slot's bits are left (the code still holds them).
    @inline(__always)
    private func forget(_ slot: UnsafeMutablePointer<World>) {
        _ = takeParts(slot - slots)
    }

    /// The arrays a slot keeps for the worlds woken in it.
    private struct Parts {
        var devices: [Device] = [], server: [Int64] = [], replica: [Int64] = []
    }

    /// Which of a world's arrays its code holds the elements of.
    private struct Packed {
        var lone = false, server = false, replica = false
    }

    /// Moves the arrays of slot `index`'s world whose elements its code holds (a lone
    /// device, per-key states of a few keys) into the slot's `Parts`, leaving the world
    /// with empty arrays there, which is how a decoded world says they follow. What the
    /// slot kept is released first: a world woken there holds it already (the slot then
    /// keeps an empty array), unless its arrays are its own (a stored world; one whose
    /// devices or keys fell to one or to a few since it woke).
    @inline(__always)
    private func takeParts(_ index: Int) -> Packed {
        let slot = slots + index, parts = slotParts + index
        var packed = Packed()
        packed.lone = Self.packsDevices && slot.pointee.devices.count == 1
        packed.server = slot.pointee.server.state.count <= Self.maximumPackedKeys
        packed.replica = slot.pointee.replica.state.count <= Self.maximumPackedKeys
        if packed.lone {
            if parts.pointee.devices.capacity != 0 { parts.pointee.devices = [] }
            swap(&parts.pointee.devices, &slot.pointee.devices)
        }
        if packed.server {
            if parts.pointee.server.capacity != 0 { parts.pointee.server = [] }
            slot.pointee.server.swapState(&parts.pointee.server)
        }
        if packed.replica {
            if parts.pointee.replica.capacity != 0 { parts.pointee.replica = [] }
            swap(&parts.pointee.replica, &slot.pointee.replica.state)
        }
        return packed
    }

    /// Puts what `takeParts` took back into the world.
    @inline(__always)
    private func putBack(_ index: Int, _ packed: Packed) {
        let slot = slots + index, parts = slotParts + index
        if packed.lone { swap(&parts.pointee.devices, &slot.pointee.devices) }
        if packed.server { slot.pointee.server.swapState(&parts.pointee.server) }
        if packed.replica { swap(&parts.pointee.replica, &slot.pointee.replica.state) }
    }

    /// Writes a per-key state: its count, then each value zigzag-coded, as LEB128.
    @inline(__always)
    private func packState(_ state: [Int64], _ bytes: inout Int) {
        LEB128.write(UInt64(state.count), scratch, &bytes)
        for v in state { LEB128.write(UInt64(bitPattern: v << 1 ^ v >> 63), scratch, &bytes) }
    }

    /// Reads what `packState` wrote into `state` (its storage reused).
    @inline(__always)
    private func unpackState(_ code: UnsafeRawPointer, _ at: inout Int, into state: inout [Int64]) {
        let count = Int(LEB128.read(code, &at))
        state.removeAll(keepingCapacity: true)
        state.reserveCapacity(count)
        for _ in 0..<count {
            let z = LEB128.read(code, &at)
            state.append(Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1))
        }
    }

    /// Moves the world in `slot` into recipient `r`'s code (the slot is uninitialised
    /// after, its arrays kept by the slot): its words, its lone device and per-key states,
    /// and the shared streams' positions, which are recipient r's. The groups of words that
    /// the access left as woken are copied from the old code.
    @inline(__always)
    private func pack(_ r: Int, from slot: UnsafeMutablePointer<World>) {
        guard let worldCodec, let deviceCodec else { return }
        precondition(shared == nil || loaded == r || loaded < 0, "FleetWorlds: recipient \(r) packed with another's streams")
        precondition(!slot.pointee.devices.isEmpty, "FleetWorlds: a world without a device")   // decode reads a device code then
        let index = slot - slots, parts = slotParts + index
        let packed = takeParts(index)
        let old = entries[r].code
        var bytes: Int
        if wokenValid[index], let old {
            bytes = worldCodec.encode(UnsafeRawPointer(slot), into: scratch, unchangedSince: wokenWorlds + index * Self.worldBytes,
                                      code: old, starts: worldStarts + index * (Self.worldGroups + 1))
        } else {
            bytes = worldCodec.encode(UnsafeRawPointer(slot), into: scratch)
        }
        bytes -= WordDelta.slack
        if packed.lone {
            let out = scratch + bytes, at = wokenValid[index] ? deviceAt[index] : -1
            bytes += parts.pointee.devices.withUnsafeBytes { device in
                if at >= 0, let old {
                    return deviceCodec.encode(device.baseAddress!, into: out, unchangedSince: wokenDevices + index * Self.deviceBytes,
                                              code: old + at, starts: deviceStarts + index * (Self.deviceGroups + 1))
                }
                return deviceCodec.encode(device.baseAddress!, into: out)
            } - WordDelta.slack
        }
        wokenValid[index] = false
        deviceAt[index] = -1
        if packed.server { packState(parts.pointee.server, &bytes) }
        if packed.replica { packState(parts.pointee.replica, &bytes) }
        if let shared {
            // Positions past the last non-zero one are 0 when resumed: not written.
            let positions = self.positions
            let held = shared._withUnsafeGuaranteedRef { streams in
                precondition(streams.count <= Self.maximumStreams, "FleetWorlds: more than \(Self.maximumStreams) streams")
                return streams.positions(into: positions)
            }
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
            entries[r].code = code
            entries[r].room = room
        }
        code!.copyMemory(from: scratch, byteCount: bytes)
    }
}
