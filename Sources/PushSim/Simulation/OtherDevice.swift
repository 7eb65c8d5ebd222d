/// The run state of one of the recipient's other devices (see `OtherDeviceSpec`): its
/// connectivity and tokens (its channel copy is the world's `providers[n]`).
struct OtherDevice {
    let spec: OtherDeviceSpec
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
