/// One channel setup to compare: a name, a channel, and optionally its own device,
/// server, message template, client settings, recipient or sender (each replacing the
/// scenario's).
public struct Variant: Decodable, Sendable {
    public var name: String
    public var channel: any PushChannel
    public var device: DeviceSpec?
    public var server: ServerSpec?
    public var message: MessageTemplate?
    public var client: ClientSpec?
    public var recipient: RecipientSpec?
    public var sender: (any SenderPolicy)?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, channel, device, server, message, client, recipient, sender }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        guard !name.isEmpty, !name.contains("/") else { throw c.invalid(.name, "expected a non-empty name without \"/\"") }
        guard c.contains(.channel) else {
            throw DecodingError.keyNotFound(CodingKeys.channel, .init(codingPath: c.codingPath, debugDescription: "a variant needs a \"channel\""))
        }
        let registry = PluginRegistry.of(decoder)
        channel = try registry.decodeChannel(from: c.superDecoder(forKey: .channel))
        device = try c.decodeOptional(DeviceSpec.self, forKey: .device)
        server = try c.decodeOptional(ServerSpec.self, forKey: .server)
        message = try c.decodeOptional(MessageTemplate.self, forKey: .message)
        client = try c.decodeOptional(ClientSpec.self, forKey: .client)
        recipient = try c.decodeOptional(RecipientSpec.self, forKey: .recipient)
        if c.contains(.sender) { sender = try registry.decodeSender(from: c.superDecoder(forKey: .sender)) }
    }
}
