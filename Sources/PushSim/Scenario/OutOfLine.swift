/// An optional value kept out of line: one pointer inline whatever the value's size, and
/// one allocation each time a value is set. For a rarely set optional in a struct that a
/// fleet holds for each of a million recipients (a `Push?` is 121 bytes inline, 8 here).
/// A value type: a copy keeps the value it had (the boxes are immutable).
struct OutOfLine<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box?

    init(_ value: Value? = nil) { box = value.map(Box.init) }

    /// The value (`nil`: none); setting one allocates its box.
    var value: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
}
