/// Everything that can happen in one replication; the payload of the kernel's event queue.
///
/// Order at equal times (see `EventQueue`): the scenario's timeline is scheduled at t = 0
/// before anything else, in this order: server changes, connectivity changes, app
/// foreground times. At an equal time those therefore run before any delivery, signal or
/// timer scheduled during the run, and among themselves in that order.
public enum WorldEvent: Sendable {
    /// The server commits a change fixed by the scenario's change schedule.
    case serverChange(key: Int32)
    /// The device goes online (`true`) or offline (`false`).
    case connectivity(online: Bool)
    /// The user brings the app to the foreground.
    case appForeground
    /// A copy of a push reaches the device.
    case deliver(Push)
    /// The channel tells the app that pending messages were deleted (FCM `onDeletedMessages`).
    case deletedMessages
    /// A timer the client strategy set fires; `tag` is the strategy's own.
    case timer(tag: Int32)
}
