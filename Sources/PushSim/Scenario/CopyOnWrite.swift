/// A value held by reference and copied on the first write to a shared one: the copies of a
/// plug-in that carry the same parameters share one object (a fleet has a channel per
/// device of every recipient: `APNsChannel`'s parameters, `FCMChannel`'s), and setting a
/// parameter on one copy changes that copy only, as with the parameters inline.
struct CopyOnWrite<Value: Sendable>: Sendable {
    /// Mutated only while uniquely referenced (`modify`), so never while another thread
    /// can see it: the box is as safe to send as `Value` itself.
    private final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(_ value: Value) { box = Box(value) }

    /// The value, read in place.
    var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension CopyOnWrite: Equatable where Value: Equatable {
    static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.value == b.value }
}
