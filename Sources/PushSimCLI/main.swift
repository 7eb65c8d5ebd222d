#if canImport(Glibc)
import Glibc
#endif
import PushSimCommand

// A large fleet is memory-bound, and much of its time goes to TLB misses over the
// recipients' worlds (docs/performance.md, Fleets): backed by 2 MB pages (transparent huge
// pages, which Debian's kernel gives to memory that asks for them), a 100,000-recipient day
// runs about 7% faster. glibc's allocator asks for them with the tunable
// `glibc.malloc.hugetlb=1`, read only when a process starts, so the command starts itself
// once more with it (`HugePages.restart`). Results do not depend on it.
#if canImport(Glibc)
enum HugePages {
    /// Marks the second start, so that it can take the tunable out of its own environment:
    /// what `pushsim` starts (gnuplot, git) gets the environment the user gave.
    static let marker = "PUSHSIM_HUGEPAGES_SET"

    /// Starts this program again with the tunable, when that is safe and the user has not
    /// set `GLIBC_TUNABLES` (to anything, empty included). Not when the process is
    /// privileged (`AT_SECURE`: glibc may drop the variable, so it would start again and
    /// again), and not when `/proc/self/exe` is not this program (under valgrind it is the
    /// valgrind tool, when started through `ld.so` it is the loader): there it runs as started.
    /// Returns only if it did not start again.
    static func restart() {
        if getenv(marker) != nil {
            unsetenv(marker)
            unsetenv("GLIBC_TUNABLES")
            return
        }
        guard getenv("GLIBC_TUNABLES") == nil, auxiliaryValue(secureType) == 0, selfIsArgumentZero() else { return }
        setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1)
        setenv(marker, "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Only a failed exec returns: run as started.
        unsetenv("GLIBC_TUNABLES")
        unsetenv(marker)
    }

    /// `getauxval(3)` (`<sys/auxv.h>`, which the Glibc module does not bring in) and its
    /// `AT_SECURE` (23, `<elf.h>`).
    @_silgen_name("getauxval") private static func auxiliaryValue(_ type: UInt) -> UInt
    private static let secureType: UInt = 23

    /// Whether `/proc/self/exe` is the file `argv[0]` names (found on `PATH` when it has no `/`).
    private static func selfIsArgumentZero() -> Bool {
        guard let name = CommandLine.arguments.first, !name.isEmpty, let me = identity("/proc/self/exe") else { return false }
        if name.contains("/") { return identity(name) == me }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for directory in path.split(separator: ":") where identity("\(directory)/\(name)") == me { return true }
        return false
    }

    private static func identity(_ path: String) -> [UInt64]? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        return [UInt64(s.st_dev), UInt64(s.st_ino)]
    }
}

HugePages.restart()
#endif
PushSimCommand.main()
