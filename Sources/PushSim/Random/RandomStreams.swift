/// The named random streams of one replication.
///
/// Each stream is created on first request, seeded with
/// `StreamSeed.derive(seed:replication:stream:)` or, for a counter-based generator, keyed
/// with `StreamSeed.key(seed:stream:)` at counter base = the replication; so its draws depend only on
/// (scenario seed, replication, stream name): adding, removing or reordering other streams
/// never changes them. This is what gives every client strategy in a replication the same
/// channel and device randomness (common random numbers).
///
/// Not `Sendable`: one instance per run, used on the run's thread.
public final class RandomStreams {
    /// The generator algorithm of every stream.
    public let generator: GeneratorType
    /// The scenario seed.
    public let seed: UInt64
    /// The replication index.
    public private(set) var replication: Int

    /// Streams created so far, in creation order, each knowing its name. It keeps every
    /// stream it handed out alive as long as this object lives (`Device` holds its
    /// streams uncounted).
    private var streams: [RandomStream] = []
    /// The index in `streams` of each name, built once more than `indexedFrom` streams
    /// exist (empty until then). A run usually has a handful of streams, searched in a
    /// line at no cost in memory (a fleet holds a set per recipient); but a list of change
    /// schedules has one per schedule (`server.1`, `server.2`, …; up to 100,000), and a
    /// linear search made setting up such a run quadratic (issue 35's fuzzing).
    private var index: [String: Int] = [:]
    /// Streams searched in a line before `index` is built.
    static let indexedFrom = 16

    /// A set of streams for replication `replication` of a scenario seeded with `seed`,
    /// each a `generator` (no generator is allocated until `stream(_:)` is called).
    /// - Parameter cache: the worker's generator cache, if any (same draws, cheaper set-up).
    public init(generator: GeneratorType, seed: UInt64, replication: Int, cache: GeneratorCache? = nil) {
        self.generator = generator
        self.seed = seed
        self.replication = replication
        self.cache = cache
    }

    private let cache: GeneratorCache?

    /// The stream named `name`, created and seeded on first use, the same object after.
    /// Names are compared exactly; use the constants in `StreamName`.
    /// - Complexity: O(name length) expected (O(16 · name length) with 16 streams or fewer).
    public func stream(_ name: String) -> RandomStream {
        if streams.count <= Self.indexedFrom {
            if let existing = streams.first(where: { $0.name == name }) { return existing }
        } else if let i = index[name] {
            return streams[i]
        }
        let stream = if let shared {
            RandomStream(type: generator, key: StreamSeed.key(seed: seed, stream: name), shared: shared, index: streams.count, cache: cache, name: name)
        } else if generator.isCounterBased {
            RandomStream(type: generator, key: StreamSeed.key(seed: seed, stream: name), base: UInt64(bitPattern: Int64(replication)),
                         cache: cache, name: name)
        } else {
            RandomStream(type: generator, seed: StreamSeed.derive(seed: seed, replication: replication, stream: name),
                         cache: cache, name: name)
        }
        streams.append(stream)
        if streams.count > Self.indexedFrom {
            if index.isEmpty { for (i, s) in streams.enumerated() { index[s.name] = i } } else { index[name] = streams.count - 1 }
        }
        return stream
    }

    /// Makes every stream created so far the stream of `replication` (`RandomStream.restart`):
    /// the same objects, drawing what fresh streams of that replication would. For a reused
    /// world: streams are created once and restarted per replication.
    /// - Complexity: O(streams created × name length).
    /// - Precondition: the streams are not a fleet's shared set (`share`).
    public func restart(replication: Int) {
        precondition(shared == nil, "a fleet's shared streams are loaded per recipient, not restarted")
        self.replication = replication
        for stream in streams {
            if generator.isCounterBased {
                // The key depends on the name only: the stream keeps it.
                stream.restart(base: UInt64(bitPattern: Int64(replication))) { StreamSeed.key(seed: seed, stream: stream.name) }
            } else {
                stream.restart(seed: StreamSeed.derive(seed: seed, replication: replication, stream: stream.name))
            }
        }
    }

    /// The streams created so far.
    var count: Int { streams.count }

    /// The recipients' positions when the streams are a fleet's shared set (`share`).
    private var shared: StreamPositions?

    /// Makes these streams a fleet's one shared set: recipient r (0 ..< `recipients`) draws
    /// replication `firstReplication + r`'s streams, each from where r left it
    /// (`load(recipient:)`), so that every recipient draws exactly what its own lone
    /// replication's streams would, in the same order. Recipient 0 is loaded.
    /// - Precondition: the generator is counter-based; no stream created yet; not shared yet.
    func share(recipients: Int, firstReplication: Int) {
        precondition(generator.isCounterBased, "\(generator.name) is not a counter-based generator")
        precondition(streams.isEmpty && shared == nil, "RandomStreams: shared after its first stream")
        shared = StreamPositions(recipients: recipients, firstReplication: firstReplication)
        replication = firstReplication
    }

    /// The recipient whose positions the shared streams draw from (nil: not shared).
    var loadedRecipient: Int? { shared?.loaded }

    /// Makes recipient `r` the one the shared streams draw for: each stream drawn from since
    /// the last load keeps its position in the previous recipient's row and is parked;
    /// every stream then starts from r's row at its next draw (a stream r never drew from
    /// at its replication's first draw).
    /// - Precondition: the streams are shared (`share`); `r` in 0 ..< recipients.
    /// - Complexity: O(streams drawn from since the last load).
    func load(recipient r: Int) {
        guard let shared else { preconditionFailure("RandomStreams: load(recipient:) on streams that are not shared") }
        guard r != shared.loaded else { return }
        streams.withUnsafeBufferPointer { list in
            // The list holds the streams: each is reached without retaining it.
            for i in shared.drawn { Unmanaged.passUnretained(list[i])._withUnsafeGuaranteedRef { $0.unload() } }
        }
        shared.drawn.removeAll(keepingCapacity: true)
        shared.load(r)
        replication = shared.firstReplication + r
    }

    /// Stream `index`'s draws since its replication's start (`resume`).
    func position(of index: Int) -> UInt64 { streams[index].position }

    /// The names of the streams created so far, sorted.
    public var names: [String] { streams.map(\.name).sorted() }
}

@available(*, unavailable)
extension RandomStreams: Sendable {}

/// The stable names of PushSim's random streams. Renaming one changes every result that
/// depends on it; add new names rather than reusing old ones.
public enum StreamName {
    /// The app server: change gaps and the key of each change.
    public static let server = "server"
    /// The push channel: errors at send, loss, duplication, delays, APNs power delay and
    /// slot retention, FCM's choice of collapse key to drop.
    public static let channel = "channel"
    /// The device's connectivity: online/offline periods.
    public static let deviceConnectivity = "device.connectivity"
    /// The provider's detection of silent disconnects (A11): one draw per disconnect.
    public static let deviceOfflineDetection = "device.offlineDetection"
    /// Device restarts (I6): drawn restart gaps at build, then one first-unlock delay per
    /// boot (when not constant).
    public static let deviceRestarts = "device.restarts"
    /// Which trace of a `device.trace` folder a replication follows (`pick: "draw"`): one
    /// uniform integer per run, drawn when the run is built.
    public static let deviceTrace = "device.trace"
    /// Which trace of a change schedule's `trace` folder a replication follows (`pick:
    /// "draw"`): one uniform integer per run, drawn when the run is built.
    public static let serverTrace = "server.trace"
    /// The Notification Service Extension's fetches (I7): per fetch the latency, then the
    /// failure Bernoulli (if `pullFailure` > 0).
    public static let serviceExtension = "client.extension"
    /// The user: random app opens, notification taps.
    public static let deviceUser = "device.user"
    /// The user's answers to iOS's Low Power Mode prompt at low battery (I8), drawn when the
    /// timeline is scheduled (`DeviceSpec.forEachLowPowerModeEdge`).
    public static let deviceBattery = "device.battery"
    /// The client: pull latency and failures, drawn strategy timers.
    public static let client = "client"
    /// The arrival order of simultaneous push copies and signals to the main device (one
    /// rank per copy, `ChannelEnvironment.arrivalRank()`); other device n uses
    /// `"channel.<n>.order"` (`channelOrder(device:)`).
    public static let channelOrder = "channel.order"
    /// The stream of other device `device` (1, 2, …): `"channel.<device>"`.
    public static func channel(device: Int) -> String { "\(channel).\(device)" }
    /// The arrival-order stream of other device `device` (1, 2, …): `"channel.<device>.order"`.
    public static func channelOrder(device: Int) -> String { "\(channel).\(device).order" }
    /// The tie order of `--shuffle-ties` (seeded from the shuffle seed, not the scenario's).
    public static let kernelTies = "kernel.ties"
}
