/// The operating system family of the device.
public enum Platform: String, Sendable, CaseIterable, Decodable, BitwiseCopyable {
    /// No platform rules: pushes reach the app's handler whatever its state.
    case generic
    case android
    case ios
}
