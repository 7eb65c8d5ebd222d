// CPrefetch: a cache prefetch hint for Swift code (`__builtin_prefetch`). A fleet run is
// memory-bound: each step touches a recipient's world that is not in the cache, so it asks
// for the next ones while the current one runs (FleetRun). Hints only: no effect on results.
#ifndef PUSHSIM_CPREFETCH_H
#define PUSHSIM_CPREFETCH_H

/// Asks the CPU to bring the `lines` cache lines (64 bytes each) from `p` on into the
/// cache for reading.
static inline void pushsim_prefetch(const void *p, int lines) {
    for (int i = 0; i < lines; i++) __builtin_prefetch((const char *)p + 64 * i, 0, 3);
}

#endif
