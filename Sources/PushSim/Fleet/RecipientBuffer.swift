/// Storage for a fixed number of values, one per recipient, each stored and moved out at
/// most once, reached in place: the fleet's worlds (`FleetWorlds`). The one type of the
/// fleet that holds unsafe pointers.
///
/// Invariants:
/// - `base` has room for `count` elements; element i is initialized exactly when
///   `stored[i]`.
/// - An element is reached (`subscript`) only while stored; accesses to two different
///   elements may overlap (a shared sender reaching a recipient inside another's turn),
///   to one element may not (the caller keeps that rule: `FleetWorlds` refuses it).
/// - `deinit` deinitializes the elements still stored.
/// Not thread-safe: one fleet run, one thread.
final class RecipientBuffer<Element> {
    let count: Int
    private let base: UnsafeMutablePointer<Element>
    private let stored: UnsafeMutablePointer<Bool>

    /// Room for `count` (≥ 0) elements, none stored.
    init(count: Int) {
        precondition(count >= 0, "RecipientBuffer: negative count")
        self.count = count
        base = .allocate(capacity: max(1, count))
        stored = .allocate(capacity: max(1, count))
        stored.initialize(repeating: false, count: max(1, count))
    }

    deinit {
        for i in 0..<count where stored[i] { (base + i).deinitialize(count: 1) }
        base.deallocate()
        stored.deallocate()
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
}
