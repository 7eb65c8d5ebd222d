// Benchmarks/alloc/count.c: a malloc counter for `make bench` (LD_PRELOAD). Every heap
// allocation call (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) of
// the process is counted; at exit the count is appended as one line "allocations N" to
// the file named by $PUSHSIM_ALLOC_COUNT. The allocator itself is glibc's (__libc_*).
//
// Allocations per run in steady state = (count at R2 replications - count at R1) /
// (runs at R2 - runs at R1): start-up, report and per-batch costs cancel out.
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static atomic_ulong calls;

void *malloc(size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { return memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    void *p = memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("PUSHSIM_ALLOC_COUNT");
    if (!path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "allocations %lu\n", (unsigned long)atomic_load(&calls));
    fclose(f);
}
