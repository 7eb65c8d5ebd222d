/// A fixed number (≤ `capacity`) of integer counts stored inline (no heap storage), read
/// like an array: per push outcome, per delay reason or per send error of one run
/// (`RunOutcome`), so that a run's result allocates nothing.
public struct FixedCounts: Sendable, Equatable, BitwiseCopyable, RandomAccessCollection, MutableCollection {
    /// The most counts a value holds (the largest enum counted has 24 cases).
    public static let capacity = 32
    private var storage = InlineArray<32, Int>(repeating: 0)
    /// The number of counts (0 … `capacity`).
    public let count: Int

    /// `count` zeros.
    /// - Precondition: 0 ≤ `count` ≤ `capacity`.
    public init(count: Int) {
        precondition(count >= 0 && count <= Self.capacity, "FixedCounts holds at most \(Self.capacity) counts")
        self.count = count
    }

    /// The counts of `values`, in order.
    public init(_ values: [Int]) {
        self.init(count: values.count)
        for (i, v) in values.enumerated() { storage[i] = v }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(_ i: Int) -> Int {
        get { precondition(i >= 0 && i < count, "index \(i) out of 0..<\(count)"); return storage[i] }
        set { precondition(i >= 0 && i < count, "index \(i) out of 0..<\(count)"); storage[i] = newValue }
    }

    /// The sum of the counts at the indices `include` accepts, read in place (iterating the
    /// collection from outside copies its 32 slots per element read).
    @inline(__always)
    public func sum(where include: (Int) -> Bool) -> Int {
        var total = 0
        let slots = storage.span
        for i in 0 ..< count where include(i) { total += slots[i] }
        return total
    }

    public static func == (a: FixedCounts, b: FixedCounts) -> Bool { a.count == b.count && a.elementsEqual(b) }
}
