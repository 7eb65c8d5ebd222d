/// Moves `array`'s storage out, emptied but with its capacity, and leaves `array` empty: a
/// component's `reset` takes its arrays' storage this way, rebuilds itself from its
/// initialiser (so no field keeps a value of the previous run) and puts the storage back,
/// so a reused world allocates nothing in steady state.
@inline(__always)
func recycled<T>(_ array: inout [T]) -> [T] {
    var storage: [T] = []
    swap(&storage, &array)
    storage.removeAll(keepingCapacity: true)
    return storage
}

/// `recycled` for a dictionary.
@inline(__always)
func recycled<K, V>(_ dictionary: inout [K: V]) -> [K: V] {
    var storage: [K: V] = [:]
    swap(&storage, &dictionary)
    storage.removeAll(keepingCapacity: true)
    return storage
}

/// `recycled` for a set.
@inline(__always)
func recycled<T>(_ set: inout Set<T>) -> Set<T> {
    var storage: Set<T> = []
    swap(&storage, &set)
    storage.removeAll(keepingCapacity: true)
    return storage
}
