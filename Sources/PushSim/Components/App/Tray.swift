/// The notifications the OS shows for the app: a notification with a tag (`apns-collapse-id`
/// on iOS, the notification `tag` on Android) replaces the one shown under that tag (A8);
/// one without a tag stands alone until tapped or the app is uninstalled.
///
/// - Complexity: O(1) expected per operation (lookups only, never iterated).
struct Tray: Sendable {
    /// Shown tagged notifications: tag → push id.
    private var tagged: [Int64: Int64] = [:]
    /// Shown untagged notifications, by push id.
    private var untagged: Set<Int64> = []

    /// Shows `push`'s notification; returns whether it replaced one shown under its tag.
    mutating func show(_ push: Push) -> Bool {
        guard let tag = push.displayTag else { untagged.insert(push.id); return false }
        return tagged.updateValue(push.id, forKey: tag) != nil
    }

    /// Removes `push`'s notification if it is still shown (the user taps it); returns
    /// whether it was.
    mutating func take(_ push: Push) -> Bool {
        guard let tag = push.displayTag else { return untagged.remove(push.id) != nil }
        guard tagged[tag] == push.id else { return false }
        tagged[tag] = nil
        return true
    }

    /// Removes every notification (the app is uninstalled).
    mutating func clear() { tagged.removeAll(); untagged.removeAll() }

    /// Empty, keeping the storage (for a reused world).
    mutating func reset() { tagged.removeAll(keepingCapacity: true); untagged.removeAll(keepingCapacity: true) }
}
