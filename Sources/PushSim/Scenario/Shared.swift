/// A read-only value held by reference: the copies of a plug-in that all carry the same
/// parameters share one of these instead of each storing them inline (a fleet has a
/// channel per device of every recipient, `FCMChannel`, whose embedded APNs leg still
/// keeps its own parameters).
final class Shared<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
