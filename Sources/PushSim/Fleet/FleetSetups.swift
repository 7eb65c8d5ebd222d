/// The setups of a fleet's recipients: per variant and drawn attributes, the variant's
/// setup with the profile's channel, device, client and recipient, the drawn time zone and
/// the drawn number of other devices (built once per combination a run meets).
final class FleetSetups {
    let scenario: Scenario
    let fleet: FleetSpec
    let simulation: Simulation
    private var cache: [Key: (Simulation.Setup, any PushChannel)] = [:]
    private var shared: [SharedKey: WorldSetup] = [:]

    private struct Key: Hashable { var variant: Int; var attributes: FleetPopulation.Attributes }
    private struct SharedKey: Hashable { var key: Key; var strategy: Int }

    init(simulation: Simulation, fleet: FleetSpec) {
        self.simulation = simulation
        scenario = simulation.scenario
        self.fleet = fleet
    }

    /// The server's key count of variant `v` (topic changes draw their keys from it).
    func keys(variant v: Int) -> Int { simulation.setup(variant: v).server.keys }

    /// The topic's message template: its own, else the variant's or scenario's.
    func topicTemplate(variant v: Int) -> MessageTemplate? {
        guard let topic = fleet.topic else { return nil }
        return topic.message ?? scenario.variants[v].message ?? scenario.message
    }

    /// The `WorldSetup` every recipient of variant `v`, strategy `s` and attributes `a` shares.
    func worldSetup(variant v: Int, strategy s: Int, attributes a: FleetPopulation.Attributes) -> WorldSetup {
        let key = SharedKey(key: Key(variant: v, attributes: a), strategy: s)
        if let hit = shared[key] { return hit }
        let (setup, channel) = self.setup(variant: v, attributes: a)
        let made = WorldSetup(setup, channel: channel, strategy: scenario.strategies[s].prototype)
        shared[key] = made
        return made
    }

    func setup(variant v: Int, attributes a: FleetPopulation.Attributes) -> (Simulation.Setup, any PushChannel) {
        let key = Key(variant: v, attributes: a)
        if let hit = cache[key] { return hit }
        var setup = simulation.setup(variant: v)
        var channel = scenario.variants[v].channel
        let profile = fleet.population.profiles[Int(a.profile)]
        if let c = profile.channel { channel = c }
        if let d = profile.device { setup.device = d }
        if let c = profile.client { setup.client = c }
        if let r = profile.recipient { setup.recipient = r }
        if !fleet.population.timeZones.isEmpty { setup.recipient.timeZone = fleet.population.timeZones[Int(a.zone)].timeZone }
        if a.otherDevices >= 0 {
            let given = setup.recipient.otherDevices
            var spec = OtherDeviceSpec()
            spec.platform = setup.device.platform
            setup.recipient.otherDevices = (0..<Int(a.otherDevices)).map { k in given.isEmpty ? spec : given[min(k, given.count - 1)] }
        }
        setup.recipient.bind(startEpoch: scenario.start, horizon: scenario.horizon)
        cache[key] = (setup, channel)
        return (setup, channel)
    }
}
