/// One line of a run's trace: an event the kernel ran, or something that happened inside
/// one (a send, a pull, a write, a notification, a push's outcome).
public struct TraceRecord: Sendable, Equatable {
    /// 1, 2, 3, … in trace order; what `cause` refers to.
    public var seq: Int
    /// When it happened.
    public var time: SimTime
    public var kind: TraceKind
    /// The key (entity, e.g. the order) it concerns, if any.
    public var entity: Int64?
    /// The push (message id) it concerns, if any.
    public var message: Int64?
    /// The record that caused it, if known: a send's change, a delivery's send, a pull's
    /// push / app open / timer, a pull result's pull, a write's pull result or push, a
    /// notification's delivery or pull result, a tap's notification, an outcome's send.
    public var cause: Int?
    /// Further facts, in a fixed order per kind.
    public var details: [TraceDetail]

    public init(seq: Int, time: SimTime, kind: TraceKind, entity: Int64?, message: Int64?, cause: Int?, details: [TraceDetail]) {
        self.seq = seq; self.time = time; self.kind = kind; self.entity = entity; self.message = message
        self.cause = cause; self.details = details
    }
}

/// One named fact of a trace record, e.g. `value=3` or `stale=true`.
public struct TraceDetail: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case int(Int64)
        case text(String)
        case flag(Bool)
        /// A duration, written as decimal seconds.
        case seconds(SimDuration)
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) { self.name = name; self.value = value }
    public static func int(_ name: String, _ v: some BinaryInteger) -> TraceDetail { TraceDetail(name, .int(Int64(v))) }
    public static func text(_ name: String, _ v: String) -> TraceDetail { TraceDetail(name, .text(v)) }
    public static func flag(_ name: String, _ v: Bool) -> TraceDetail { TraceDetail(name, .flag(v)) }
    public static func seconds(_ name: String, _ v: SimDuration) -> TraceDetail { TraceDetail(name, .seconds(v)) }
}
