import SimKernel

/// What a world reads and never changes: the specs, the plug-ins' prototypes and what is
/// derived from them once. A final class, so that a world holds it as one reference: a
/// fleet's worlds of one profile share one (`FleetRun`), which keeps a recipient's own
/// storage to its state (docs/performance.md, Fleets).
final class WorldSetup {
    let server: ServerSpec
    let device: DeviceSpec
    let client: ClientSpec
    let recipient: RecipientSpec
    /// The horizon (≥ t = 0).
    let horizon: SimTime
    /// Per change schedule, its message template without the patterns' texts, read per
    /// change (`MessageTemplate.Shape`).
    let shapes: [MessageTemplate.Shape]
    /// Per change schedule: whether its changes are meant to notify (`ChangeSchedule.notify`).
    let notifies: [Bool]
    /// The variant's channel, strategy and sender as decoded: what a world starts from and
    /// what `World.reset` restores.
    let channel: any PushChannel
    let strategy: any ClientStrategy
    let sender: any SenderPolicy
    /// Whether the channel wants to hear of shown notifications.
    let channelObservesNotifications: Bool
    /// Whether the sender's pushes carry change batches (S1), so the world keeps a change log.
    let keepsChangeLog: Bool
    /// The strategy's capabilities, read once (`ClientStrategy.capabilities`).
    let strategyCapabilities: StrategyCapabilities

    init(server: ServerSpec, device: DeviceSpec, client: ClientSpec, templates: [MessageTemplate], notifies: [Bool],
         channel: any PushChannel, strategy: any ClientStrategy, sender: any SenderPolicy, recipient: RecipientSpec,
         horizon: SimTime) {
        self.server = server; self.device = device; self.client = client; self.recipient = recipient
        self.horizon = horizon
        shapes = templates.map(MessageTemplate.Shape.init)
        self.notifies = notifies
        self.channel = channel; self.strategy = strategy; self.sender = sender
        channelObservesNotifications = channel.capabilities.observesNotifications
        keepsChangeLog = sender.capabilities.carriesChangeBatches
        strategyCapabilities = strategy.capabilities
    }

    /// The setup of `setup` with these plug-ins.
    convenience init(_ setup: Simulation.Setup, channel: any PushChannel, strategy: any ClientStrategy) {
        self.init(server: setup.server, device: setup.device, client: setup.client, templates: setup.templates,
                  notifies: setup.notifies, channel: channel, strategy: strategy, sender: setup.sender,
                  recipient: setup.recipient, horizon: setup.horizon)
    }
}

/// The main device and the app as a world's `init` built them, kept only by a world that is
/// reused (`World.reset` restores them; rebuilding them from the spec there was measured to
/// copy the whole `DeviceSpec` twice a run). Kept per world, as the world is.
final class WorldPrototypes {
    let device: Device
    let app: AppProcess
    init(device: Device, app: AppProcess) { self.device = device; self.app = app }
}
