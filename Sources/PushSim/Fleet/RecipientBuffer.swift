#if canImport(Glibc)
import Glibc
#endif

/// Storage for a fixed number of values, one per recipient, each stored and moved out at
/// most once, reached in place, and one `Header` of bookkeeping beside them: the fleet's
/// worlds and who holds them (`FleetWorlds`). The one type of the fleet that holds unsafe
/// pointers.
///
/// Invariants:
/// - `base` has room for `count` elements; element i is initialized exactly when
///   `stored[i]`; `storedCount` is the number of them; `header` is always initialized.
/// - An element is reached (`subscript`) only while stored; accesses to two different
///   elements may overlap (a shared sender reaching a recipient inside another's turn),
///   to one element may not (the caller keeps that rule: `FleetWorlds` refuses it).
/// - Accesses to `header` never overlap: each one ends before anything that could reach
///   the buffer again runs (`FleetWorlds` reads and writes it in single statements).
///   Neither the elements nor the header go through the run-time exclusivity checks of a
///   class's stored properties: the rules above stand in for them.
/// - `deinit` deinitializes the elements still stored and the header.
/// - `base` comes from `posix_memalign` and goes back with `free`; from 2 MiB on, it is
///   aligned to 2 MiB and advised as huge pages (`allocateElements`).
/// Not thread-safe: one fleet run, one thread.
final class RecipientBuffer<Element, Header> {
    let count: Int
    private let base: UnsafeMutablePointer<Element>
    private let stored: UnsafeMutablePointer<Bool>
    /// How many elements are stored: while all are (a fleet's run), a reach need not read
    /// `stored`, which would be one more cache line a turn. Held in memory of its own, as
    /// `stored` is, so a reach makes no run-time exclusivity check.
    private let storedCount: UnsafeMutablePointer<Int>
    private let head: UnsafeMutablePointer<Header>

    /// Room for `count` (≥ 0) elements, none stored, and the header.
    init(count: Int, header: Header) {
        precondition(count >= 0, "RecipientBuffer: negative count")
        self.count = count
        base = Self.allocateElements(max(1, count))
        stored = .allocate(capacity: max(1, count))
        stored.initialize(repeating: false, count: max(1, count))
        storedCount = .allocate(capacity: 1)
        storedCount.initialize(to: 0)
        head = .allocate(capacity: 1)
        head.initialize(to: header)
    }

    deinit {
        for i in 0..<count where stored[i] { (base + i).deinitialize(count: 1) }
        free(UnsafeMutableRawPointer(base))
        stored.deallocate()
        storedCount.deallocate()
        head.deinitialize(count: 1)
        head.deallocate()
    }

    /// Room for `count` elements. A buffer of 2 MiB or more is aligned to 2 MiB and advised
    /// to the kernel as huge pages (`madvise(MADV_HUGEPAGE)`, for Linux's transparent huge
    /// pages in their `madvise` mode): a fleet's turns reach the worlds in no order, and
    /// with 4 KiB pages nearly every reach also missed the TLB. The advice may be refused
    /// (huge pages off): the buffer then has the usual pages, nothing else changes.
    private static func allocateElements(_ count: Int) -> UnsafeMutablePointer<Element> {
        let bytes = MemoryLayout<Element>.stride * count, hugePage = 2 << 20
        let alignment = max(MemoryLayout<Element>.alignment, MemoryLayout<Int>.size, bytes >= hugePage ? hugePage : 0)
        var raw: UnsafeMutableRawPointer?
        guard posix_memalign(&raw, alignment, max(1, bytes)) == 0, let raw else {
            fatalError("RecipientBuffer: no memory for \(count) elements of \(MemoryLayout<Element>.stride) bytes")
        }
        #if os(Linux)
        if bytes >= hugePage { _ = madvise(raw, bytes, MADV_HUGEPAGE) }
        #endif
        return raw.bindMemory(to: Element.self, capacity: count)
    }

    /// Stores `value` as element `i`.
    /// - Precondition: `i` in 0 ..< count, not stored.
    func initialize(_ i: Int, to value: consuming Element) {
        precondition(i >= 0 && i < count && !stored[i], "RecipientBuffer: element \(i) out of range or stored twice")
        (base + i).initialize(to: value)
        stored[i] = true
        storedCount.pointee += 1
    }

    /// Element `i`, moved out (no longer stored).
    /// - Precondition: `i` is stored.
    func move(_ i: Int) -> Element {
        precondition(i >= 0 && i < count && stored[i], "RecipientBuffer: element \(i) is not stored")
        stored[i] = false
        storedCount.pointee -= 1
        return (base + i).move()
    }

    /// Element `i`, in place.
    /// - Precondition: `i` is stored.
    subscript(i: Int) -> Element {
        _read {
            precondition(isStored(i), "RecipientBuffer: element \(i) is not stored")
            yield base[i]
        }
        _modify {
            precondition(isStored(i), "RecipientBuffer: element \(i) is not stored")
            yield &base[i]
        }
    }

    /// Whether element `i` is stored (`stored` is read only while some element is not).
    @inline(__always)
    private func isStored(_ i: Int) -> Bool { i >= 0 && i < count && (storedCount.pointee == count || stored[i]) }

    /// Runs `body` on element `i`, borrowed where it is (not copied).
    /// - Precondition: `i` is stored.
    func read<R>(_ i: Int, _ body: (borrowing Element) -> R) -> R {
        precondition(isStored(i), "RecipientBuffer: element \(i) is not stored")
        return body(base[i])
    }

    /// The bookkeeping beside the elements.
    var header: Header {
        _read { yield head.pointee }
        _modify { yield &head.pointee }
    }
}
