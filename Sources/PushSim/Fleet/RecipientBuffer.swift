/// Storage for a fixed number of values, one per recipient, each stored and moved out at
/// most once, reached in place, and one `Header` of bookkeeping beside them: the fleet's
/// worlds and who holds them (`FleetWorlds`). The one type of the fleet that holds unsafe
/// pointers.
///
/// Invariants:
/// - `base` has room for `count` elements; element i is initialized exactly when
///   `stored[i]`; `header` is always initialized.
/// - An element is reached (`subscript`) only while stored; accesses to two different
///   elements may overlap (a shared sender reaching a recipient inside another's turn),
///   to one element may not (the caller keeps that rule: `FleetWorlds` refuses it).
/// - Accesses to `header` never overlap: each one ends before anything that could reach
///   the buffer again runs (`FleetWorlds` reads and writes it in single statements).
///   Neither the elements nor the header go through the run-time exclusivity checks of a
///   class's stored properties: the rules above stand in for them.
/// - `deinit` deinitializes the elements still stored and the header.
/// Not thread-safe: one fleet run, one thread.
final class RecipientBuffer<Element, Header> {
    let count: Int
    private let base: UnsafeMutablePointer<Element>
    private let stored: UnsafeMutablePointer<Bool>
    private let head: UnsafeMutablePointer<Header>

    /// Room for `count` (≥ 0) elements, none stored, and the header.
    init(count: Int, header: Header) {
        precondition(count >= 0, "RecipientBuffer: negative count")
        self.count = count
        base = .allocate(capacity: max(1, count))
        stored = .allocate(capacity: max(1, count))
        stored.initialize(repeating: false, count: max(1, count))
        head = .allocate(capacity: 1)
        head.initialize(to: header)
    }

    deinit {
        for i in 0..<count where stored[i] { (base + i).deinitialize(count: 1) }
        base.deallocate()
        stored.deallocate()
        head.deinitialize(count: 1)
        head.deallocate()
    }

    /// Stores `value` as element `i`.
    /// - Precondition: `i` in 0 ..< count, not stored.
    func initialize(_ i: Int, to value: consuming Element) {
        precondition(i >= 0 && i < count && !stored[i], "RecipientBuffer: element \(i) out of range or stored twice")
        (base + i).initialize(to: value)
        stored[i] = true
    }

    /// Element `i`, moved out (no longer stored).
    /// - Precondition: `i` is stored.
    func move(_ i: Int) -> Element {
        precondition(i >= 0 && i < count && stored[i], "RecipientBuffer: element \(i) is not stored")
        stored[i] = false
        return (base + i).move()
    }

    /// Element `i`, in place.
    /// - Precondition: `i` is stored.
    subscript(i: Int) -> Element {
        _read {
            precondition(i >= 0 && i < count && stored[i], "RecipientBuffer: element \(i) is not stored")
            yield base[i]
        }
        _modify {
            precondition(i >= 0 && i < count && stored[i], "RecipientBuffer: element \(i) is not stored")
            yield &base[i]
        }
    }

    /// Runs `body` on element `i`, borrowed where it is (not copied).
    /// - Precondition: `i` is stored.
    func read<R>(_ i: Int, _ body: (borrowing Element) -> R) -> R {
        precondition(i >= 0 && i < count && stored[i], "RecipientBuffer: element \(i) is not stored")
        return body(base[i])
    }

    /// The bookkeeping beside the elements.
    var header: Header {
        _read { yield head.pointee }
        _modify { yield &head.pointee }
    }
}
