import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Named places where a test can kill the process (fault injection, as FreeBSD's and
/// etcd's fail points): `PUSHSIM_FAILPOINT=<name>[:<n>]` makes the n-th arrival (default
/// the first) at `reach(<name>)` send this process SIGKILL, exactly as a `kill -9` there
/// would. Unset (always, outside the crash-consistency tests), `reach` is one load and
/// compare. The names are listed in docs/reliability.md; `reach` is called on the thread
/// that writes files, so the count is deterministic.
public enum FailPoint {
    /// The armed point from the environment: (name, arrival count ≥ 1), or nil.
    static let armed: (name: String, count: Int)? = {
        guard let text = ProcessInfo.processInfo.environment["PUSHSIM_FAILPOINT"], !text.isEmpty else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? max(1, Int(parts[1]) ?? 1) : 1)
    }()

    private static let arrivals = Atomic<Int>(0)

    /// Kills the process with SIGKILL if `name` is armed and this is its n-th arrival.
    @inline(__always)
    public static func reach(_ name: StaticString) {
        guard let armed else { return }
        hit(name.description, armed)
    }

    private static func hit(_ name: String, _ armed: (name: String, count: Int)) {
        guard name == armed.name else { return }
        if arrivals.add(1, ordering: .relaxed).newValue == armed.count { kill(getpid(), SIGKILL) }
    }
}
