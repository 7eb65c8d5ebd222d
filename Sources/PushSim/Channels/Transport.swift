/// The network between provider and device: each push is lost with probability `loss`; a
/// push that is not lost is duplicated with probability `duplicate`; every copy's delay is
/// drawn independently from `delay`, so reordering follows from the delays.
///
/// Draw order on the channel stream, per push: the loss Bernoulli; if kept, the
/// duplication Bernoulli; then one delay per copy. A perfect transport (`.perfect`) draws
/// nothing, so adding it to a channel leaves the stream untouched.
public struct Transport: Decodable, Sendable, ParamFieldDeclaring {
    public static let loss = Param.probability("loss", default: 0, doc: "chance a push is lost in transport")
    public static let duplicate = Param.probability("duplicate", default: 0, doc: "chance a push that is not lost arrives twice")
    public static let delay = Param.distribution("delay", default: .zero, doc: "delay of each copy, drawn independently")
    public static let fields: [ParamField<Self>] = [.bind(loss, \.loss), .bind(duplicate, \.duplicate), .bind(delay, \.delay)]

    /// Probability in [0, 1] that a push is lost.
    public var loss: Double
    /// Probability in [0, 1] that a push that is not lost arrives twice.
    public var duplicate: Double
    /// Delay of each copy (default `"0s"`).
    public var delay: DurationDistribution

    /// No loss, no duplication, no delay: every parameter at its default.
    public static let perfect = Transport(loss: loss.defaultValue, duplicate: duplicate.defaultValue, delay: delay.defaultValue)

    public init(loss: Double, duplicate: Double, delay: DurationDistribution) {
        self.loss = loss; self.duplicate = duplicate; self.delay = delay
    }

    /// Decodes a transport object `{loss, duplicate, delay}`; any other key is an error.
    public init(from decoder: any Decoder) throws { try self.init(try ParamReader(decoder, for: Self.self)) }

    /// Decodes `loss`, `duplicate`, `delay` from `p` (a channel may take them at its top level).
    init(_ p: ParamReader) throws {
        self = .perfect
        try p.decode(Self.fields, into: &self)
    }

    /// Whether this transport never draws randomness.
    var isPerfect: Bool { loss == 0 && duplicate == 0 && delay.isConstantZero }

    /// Sends `push` through the transport now: hands the surviving copies to the device
    /// (copy 0, and copy 1 for a duplicate) after their drawn delays, or finishes the push
    /// as `lost`. Each copy's arrival rank is drawn after its delay.
    public func transmit(_ push: Push, _ cx: inout ProviderContext) {
        if isPerfect { cx.deliver(push, at: cx.now); return }
        if loss > 0, cx.draws.bernoulli(loss) { cx.finish(push.id, .lost); return }
        let copies = duplicate > 0 && cx.draws.bernoulli(duplicate) ? 2 : 1
        for copy in 0..<copies {
            cx.deliver(push, at: cx.now + delay.sample(cx.draws), copy: Int8(copy))
        }
    }
}

extension DurationDistribution {
    /// Whether every draw is exactly zero (and draws nothing from the stream).
    var isConstantZero: Bool {
        if case .constant(let v) = distribution { return v == 0 }
        return false
    }
}
