/// The run state of one of the recipient's other devices (see `OtherDeviceSpec`): its
/// connectivity, tokens and its own copy of the variant's channel.
struct OtherDevice<Channel: PushChannel> {
    let spec: OtherDeviceSpec
    /// A fresh copy of the variant's channel: provider storage is per device.
    var channel: Channel
    /// The channel copy's stream (`channel.<device>`), so the main device's channel draws
    /// are the same with or without other devices.
    let random: RandomStream
    /// The arrival ranks of the copy's deliveries (`channel.<device>.order`).
    let order: RandomStream
    var online = true
    var offlineSince = SimTime.zero
    var token = 1
    /// The token the server holds (0 = deleted).
    var registeredToken = 1
    /// The token the app there last registered (0 after a reinstall).
    var appToken = 1
    var installed = true

    /// The app sends its current token to the server.
    mutating func register() { registeredToken = token; appToken = token }

    /// Whether the server's token is the device's current one and the app is installed.
    var hasCurrentToken: Bool { installed && registeredToken == token }

    /// What the device's channel copy sees at `now`.
    func environment(at now: SimTime) -> ChannelEnvironment {
        ChannelEnvironment(now: now, device: view(at: now), random: random, order: order)
    }

    /// The device as its provider sees it at `now`: screen on, no Doze, active bucket.
    func view(at now: SimTime) -> DeviceView {
        var v = DeviceView()
        v.online = online
        v.platform = spec.platform
        v.token = !installed ? .uninstalled : (registeredToken == token ? .valid : .stale)
        v.offlineFor = online ? .zero : now - offlineSince
        return v
    }
}
