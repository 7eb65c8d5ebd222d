/// What happens to one of the recipient's other devices.
public enum OtherDeviceChange: UInt8, Sendable {
    case online, offline, tokenRotation, uninstalled, reinstalled, launch
}
