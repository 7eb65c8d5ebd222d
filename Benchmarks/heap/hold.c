/* hold: the kernel hold benchmark as a bare binary-heap loop in C, the limit that
 * Benchmarks/bench.sh measures PushSim's EventQueue against (not a test).
 *
 * The same work as holdBenchmark in Benchmarks/PushSimBench/main.swift:
 *   - a binary min-heap of (time µs, insertion sequence, payload) entries, ordered by
 *     (time, sequence): earlier time first, FIFO at an equal time;
 *   - a GSL mt19937 generator seeded with 12345, fresh for each heap size;
 *   - gap = round(gsl_ran_exponential(r, 1.0) * 1e6) µs (halves away from zero, like
 *     Swift's rounded()), clamped to [0, 100 years] like DurationDistribution.sample;
 *   - fill: `pending` events at 0 + gap with payloads 0 ..< pending;
 *   - timed: `operations` times, pop the earliest (now = its time, checksum += payload),
 *     then push the same payload at now + gap.
 * No model work, no cancellation bookkeeping, no bounds checks.
 *
 * Usage: hold [OPERATIONS [PENDING...]]   (default 2000000 operations, pending 100 10000;
 *        make bench runs 2000000 operations at 100 10000 1000000)
 * Output, one line per heap size: pending events_per_s final_now_us checksum
 * (final_now_us and checksum let bench.sh check that the Swift side did the same work).
 *
 * Build: cc -O2 -o .build/bench/hold Benchmarks/heap/hold.c $(pkg-config --cflags --libs gsl)
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

typedef struct {
    int64_t time;      /* µs */
    uint64_t seq;      /* insertion order */
    int64_t payload;
} entry;

typedef struct {
    entry *e;
    size_t count, capacity;
    uint64_t next_seq;
} heap;

static inline int runs_before(const entry *a, const entry *b) {
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void push(heap *h, int64_t time, int64_t payload) {
    if (h->count == h->capacity) {
        h->capacity = h->capacity ? 2 * h->capacity : 64;
        h->e = realloc(h->e, h->capacity * sizeof *h->e);
        if (!h->e) { perror("hold: realloc"); exit(1); }
    }
    entry x = { time, h->next_seq++, payload };
    size_t child = h->count++;
    while (child > 0) {
        size_t parent = (child - 1) / 2;
        if (!runs_before(&x, &h->e[parent])) break;
        h->e[child] = h->e[parent];
        child = parent;
    }
    h->e[child] = x;
}

/* Precondition: h->count > 0. */
static entry pop(heap *h) {
    entry min = h->e[0];
    entry x = h->e[--h->count];
    size_t n = h->count, parent = 0;
    if (n == 0) return min;
    for (;;) {
        size_t left = 2 * parent + 1;
        if (left >= n) break;
        size_t first = left + 1 < n && runs_before(&h->e[left + 1], &h->e[left]) ? left + 1 : left;
        if (!runs_before(&h->e[first], &x)) break;
        h->e[parent] = h->e[first];
        parent = first;
    }
    h->e[parent] = x;
    return min;
}

/* SimDuration.longestSample: 100 years of 365 days, in µs. */
static const double longest_us = 100.0 * 365 * 86400 * 1e6;

static inline int64_t gap_us(gsl_rng *r) {
    double v = round(gsl_ran_exponential(r, 1.0) * 1e6);
    if (!(v > 0)) return 0;
    if (v >= longest_us) return (int64_t)longest_us;
    return (int64_t)v;
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void hold(long pending, long operations) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (!r) { fprintf(stderr, "hold: gsl_rng_alloc failed\n"); exit(1); }
    gsl_rng_set(r, 12345);
    heap h = { 0 };
    h.capacity = (size_t)pending;
    h.e = malloc(h.capacity * sizeof *h.e);
    if (!h.e) { perror("hold: malloc"); exit(1); }
    for (long i = 0; i < pending; i++) push(&h, gap_us(r), i);

    int64_t now = 0;
    uint64_t checksum = 0;
    double t0 = seconds_now();
    for (long k = 0; k < operations; k++) {
        entry e = pop(&h);
        now = e.time;
        checksum += (uint64_t)e.payload;
        push(&h, now + gap_us(r), e.payload);
    }
    double elapsed = seconds_now() - t0;
    printf("%ld %.0f %" PRId64 " %" PRIu64 "\n", pending, (double)operations / elapsed, now, checksum);
    free(h.e);
    gsl_rng_free(r);
}

int main(int argc, char **argv) {
    long operations = argc > 1 ? atol(argv[1]) : 2000000;
    if (operations < 1) { fprintf(stderr, "usage: hold [OPERATIONS [PENDING...]]\n"); return 2; }
    if (argc > 2) {
        for (int i = 2; i < argc; i++) {
            long pending = atol(argv[i]);
            if (pending < 1) { fprintf(stderr, "hold: PENDING must be >= 1\n"); return 2; }
            hold(pending, operations);
        }
    } else {
        hold(100, operations);
        hold(10000, operations);
    }
    return 0;
}
