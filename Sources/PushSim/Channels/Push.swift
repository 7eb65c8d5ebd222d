/// One push message as the server's sender hands it to a channel.
///
/// A push is a *hint*: `cursor` says "the server has reached change N". It also carries
/// the change itself (`change`) for clients that apply payloads as truth.
public struct Push: Hashable, Sendable {
    /// Message id, unique within a run (1, 2, 3, … in send order). Duplicated copies share it.
    public var id: Int64
    /// The server's cursor (sequence number of the newest change) when the push was sent.
    public var cursor: Int64
    /// The operation the push reports (what payload-applying clients write).
    public var change: Change
    /// Send time.
    public var sentAt: SimTime

    public init(id: Int64, cursor: Int64, change: Change, sentAt: SimTime) {
        self.id = id; self.cursor = cursor; self.change = change; self.sentAt = sentAt
    }
}
