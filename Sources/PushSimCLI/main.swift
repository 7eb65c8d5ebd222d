#if canImport(Glibc)
import Glibc
#endif
import PushSimCommand

// A large fleet is memory-bound, and much of its time goes to TLB misses over the
// recipients' worlds (docs/performance.md, Fleets): backed by 2 MB pages (transparent huge
// pages, which Debian's kernel gives to memory that asks for them), a 100,000-recipient day
// runs about 7% faster. glibc's allocator asks for them with the tunable
// `glibc.malloc.hugetlb=1`, read only when a process starts, so the command starts itself
// once more with it. Nothing else changes, and results do not depend on it; a
// `GLIBC_TUNABLES` already set (to anything, empty included) is left as it is.
#if canImport(Glibc)
if getenv("GLIBC_TUNABLES") == nil {
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Only a failed exec returns: run as started.
    unsetenv("GLIBC_TUNABLES")
}
#endif
PushSimCommand.main()
