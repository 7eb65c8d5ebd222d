// study.c: the push-hint study (Scenarios/push-hint-study.json) as a bare C program, the
// yardstick of what this machine does for the study without a framework.
//
// The same model as PushSim (docs/model.md): 30 server changes at t = 1..30 s over 5 keys,
// a log keeping the last 8, one push per change (perChange sender), three channels
// (lossy; keepLatest and overflow with the device offline 0-40 s), three strategies
// (applyPayload, hintPull, hintPullForegroundSync), the app opened at 60 s, convergence =
// client state equal to server state at the 120 s horizon. Randomness is PushSim's own:
// philox4x32-10 streams `server`, `channel` and `channel.order`, keyed as StreamSeed.key
// with the replication as counter base, drawn in PushSim's order, so every run should
// reproduce PushSim's run of the same (seed, replication) exactly.
//
// Usage: study REPLICATIONS SEED [--summary FILE]
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "philox_gsl.h"

#define SEC 1000000LL               // time is integer microseconds
#define HORIZON (120 * SEC)         // events at or before it run
#define KEYS 5
#define RETAIN_LAST 8
#define CHANGES 30                  // at t = 1 s, 2 s, ..., 30 s
#define FOREGROUND (60 * SEC)       // the one app open
#define HEAP_CAP 128                // a run schedules at most 33 timeline events + 2 copies per push
#define MAX_STORED 20               // the largest overflow limit

enum channel_kind { LOSSY, KEEP_LATEST, OVERFLOW };

typedef struct {
    const char *name;
    enum channel_kind kind;
    double loss, duplicate;         // transport; loss = duplicate = delay_max_s = 0 is perfect
    int delay_max_s;                // copy delay uniformInt(0, delay_max_s) seconds
    int64_t offline_from, offline_to; // one offline period [from, to), none when to == 0
    int limit;                      // overflow: pushes stored before one more discards all
} variant;

// keepLatest and overflow use the default perfect transport; overflow has deletedSignal
// false and storeAfterDiscard false, so it never signals and drops every push after a discard.
static const variant variants[] = {
    {"lossy", LOSSY, 0.3, 0.1, 4, 0, 0, 0},
    {"keepLatest", KEEP_LATEST, 0, 0, 0, 0, 40 * SEC, 0},
    {"overflow", OVERFLOW, 0, 0, 0, 0, 40 * SEC, 20},
};
enum strategy { APPLY_PAYLOAD, HINT_PULL, HINT_PULL_FOREGROUND_SYNC };
static const char *const strategies[] = {"applyPayload", "hintPull", "hintPullForegroundSync"};
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])
#define NSTRATEGIES (int)(sizeof strategies / sizeof strategies[0])

// A push carries its change: sequence s (also the push's cursor and the value written) and key.
typedef struct { int32_t seq, key; } push;

enum event_kind { CONNECTIVITY, SERVER_CHANGE, APP_OPEN, DELIVER };

// Ordered by (time, rank, sequence): arrivals have a drawn rank >= 1, every other event
// rank 0, so at one instant arrivals run last, in rank order; rank-0 events run FIFO.
// PushSim also orders rank-0 events by class (tier); FIFO gives the same order here, as
// the timeline is scheduled in class order and only arrivals are scheduled during a run.
typedef struct {
    int64_t time;
    uint32_t rank;
    uint8_t kind;
    uint8_t online;                 // CONNECTIVITY: the new state
    uint64_t seq;
    push p;                         // SERVER_CHANGE: key only; DELIVER: the push
} event;

// The event queue (emptied by w.n = 0) and the state of one run, reset at its start.
static event heap[HEAP_CAP];
static struct {
    int n;
    uint64_t next_seq;
    int64_t now;
    int online;
    int64_t server[KEYS], head;     // server state, sequence of the newest change
    push log[RETAIN_LAST];          // ring buffer: change s at (s - 1) % RETAIN_LAST
    int logged;                     // changes in the log (<= RETAIN_LAST)
    int64_t client[KEYS], cursor;   // the client's replica and its cursor
    push kept;                      // keepLatest: the stored push (seq 0: none)
    push stored[MAX_STORED];        // overflow: stored pushes, in send order
    int nstored, discarded;
} w;

static gsl_rng *server_rng, *channel_rng, *order_rng;

static int before(const event *a, const event *b) {
    if (a->time != b->time) return a->time < b->time;
    if (a->rank != b->rank) return a->rank < b->rank;
    return a->seq < b->seq;
}

static void schedule(event e) {
    e.seq = w.next_seq++;
    int i = w.n++;
    while (i > 0 && before(&e, &heap[(i - 1) / 2])) { heap[i] = heap[(i - 1) / 2]; i = (i - 1) / 2; }
    heap[i] = e;
}

static event pop(void) {
    event top = heap[0], last = heap[--w.n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= w.n) break;
        if (c + 1 < w.n && before(&heap[c + 1], &heap[c])) c++;
        if (!before(&heap[c], &last)) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

// ProviderContext.deliver: the copy's arrival rank, uniform in [1, 2^32 - 1] from channel.order.
static void deliver(push p, int64_t at) {
    uint32_t rank = 1 + (uint32_t)gsl_rng_uniform_int(order_rng, 0xFFFFFFFFUL);
    schedule((event){.time = at, .rank = rank, .kind = DELIVER, .p = p});
}

// Transport.transmit: a perfect transport delivers now and draws nothing from `channel`;
// otherwise the loss Bernoulli, the duplication Bernoulli, then one delay per copy.
static void transmit(const variant *v, push p) {
    if (v->loss == 0 && v->duplicate == 0 && v->delay_max_s == 0) { deliver(p, w.now); return; }
    if (v->loss > 0 && gsl_ran_bernoulli(channel_rng, v->loss)) return;   // lost
    int copies = v->duplicate > 0 && gsl_ran_bernoulli(channel_rng, v->duplicate) ? 2 : 1;
    for (int c = 0; c < copies; c++)
        deliver(p, w.now + (int64_t)gsl_rng_uniform_int(channel_rng, (unsigned long)v->delay_max_s + 1) * SEC);
}

// The channel's send: online pushes go through the transport; offline, lossy drops,
// keepLatest keeps the newest, overflow stores up to `limit` and one more discards all.
static void channel_send(const variant *v, push p) {
    if (w.online) { transmit(v, p); return; }
    switch (v->kind) {
    case LOSSY: break;                                   // dropped_device_offline
    case KEEP_LATEST: w.kept = p; break;                 // the older one: replaced_in_storage
    case OVERFLOW:
        if (w.discarded) break;                          // dropped until reconnect
        if (w.nstored < v->limit) { w.stored[w.nstored++] = p; break; }
        w.nstored = 0;                                   // all stored and this one dropped
        w.discarded = 1;
        break;
    }
}

// The channel's deviceChanged when the device is online: keepLatest sends its stored
// push, overflow clears its discard mark and sends what it stored, in send order.
static void channel_online(const variant *v) {
    if (v->kind == KEEP_LATEST && w.kept.seq != 0) { push p = w.kept; w.kept.seq = 0; transmit(v, p); }
    if (v->kind == OVERFLOW) {
        w.discarded = 0;
        for (int i = 0; i < w.nstored; i++) transmit(v, w.stored[i]);
        w.nstored = 0;
    }
}

// Server.changes(since: cursor), applied at once (latency 0, no failures): the changes
// after the cursor if the log still reaches back to it, else a reset to the whole state.
// Without network the pull fails and nothing is applied.
static void pull(void) {
    if (!w.online || w.cursor == w.head) return;
    int64_t oldest = w.head - w.logged + 1;
    if (w.cursor + 1 >= oldest) {
        for (int64_t s = w.cursor + 1; s <= w.head; s++) {
            push c = w.log[(s - 1) % RETAIN_LAST];
            w.client[c.key] = c.seq;
        }
    } else {
        memcpy(w.client, w.server, sizeof w.client);
    }
    w.cursor = w.head;
}

// The strategy's onPush: applyPayload writes the push's change as-is; the hint strategies
// pull when the push's cursor is ahead of their own.
static void on_push(enum strategy s, push p) {
    if (s == APPLY_PAYLOAD) w.client[p.key] = p.seq;
    else if (p.seq > w.cursor) pull();
}

// One run of (variant, strategy, replication): whether the client converged.
static int run(const variant *v, enum strategy s) {
    memset(&w, 0, sizeof w);
    w.online = 1;
    // The timeline at t = 0, in PushSim's class order: connectivity, changes, app open.
    if (v->offline_to > 0) {
        schedule((event){.time = v->offline_from, .kind = CONNECTIVITY, .online = 0});
        schedule((event){.time = v->offline_to, .kind = CONNECTIVITY, .online = 1});
    }
    for (int i = 0; i < CHANGES; i++) {
        int32_t key = (int32_t)gsl_rng_uniform_int(server_rng, KEYS);
        schedule((event){.time = (1 + i) * SEC, .kind = SERVER_CHANGE, .p = {0, key}});
    }
    schedule((event){.time = FOREGROUND, .kind = APP_OPEN});

    while (w.n > 0 && heap[0].time <= HORIZON) {
        event e = pop();
        w.now = e.time;
        switch (e.kind) {
        case CONNECTIVITY:
            // onReconnect runs too, but none of the three strategies reacts to it.
            if (e.online != w.online) { w.online = e.online; if (w.online) channel_online(v); }
            break;
        case SERVER_CHANGE: {
            push p = {(int32_t)++w.head, e.p.key};       // the value written is the sequence
            w.server[p.key] = p.seq;
            w.log[(p.seq - 1) % RETAIN_LAST] = p;
            if (w.logged < RETAIN_LAST) w.logged++;
            channel_send(v, p);                          // perChange: one push, sent now
            break;
        }
        case APP_OPEN:
            if (s == HINT_PULL_FOREGROUND_SYNC) pull();  // onForeground
            break;
        case DELIVER:
            if (w.online) on_push(s, e.p);               // generic device: the handler runs
            break;
        }
    }
    return memcmp(w.client, w.server, sizeof w.client) == 0;
}

// StreamSeed.mix: one SplitMix64 step.
static uint64_t mix(uint64_t x) {
    uint64_t z = x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// StreamSeed.key: the Philox key of stream `name` under `seed`.
static uint64_t stream_key(uint64_t seed, const char *name) {
    uint64_t k = mix(seed);
    for (const unsigned char *b = (const unsigned char *)name; *b; b++) k = mix(k ^ *b);
    return k;
}

static int parse_count(const char *text, uint64_t *out) {
    char *end;
    if (*text < '0' || *text > '9') return 0;
    *out = strtoull(text, &end, 10);
    return *end == 0;
}

int main(int argc, char **argv) {
    uint64_t replications, seed;
    const char *summary = NULL;
    if (argc == 5 && strcmp(argv[3], "--summary") == 0) summary = argv[4];
    if ((argc != 3 && !summary) || !parse_count(argv[1], &replications) || !parse_count(argv[2], &seed)) {
        fprintf(stderr, "usage: %s REPLICATIONS SEED [--summary FILE]\n", argv[0]);
        return 2;
    }
    server_rng = gsl_rng_alloc(pushsim_rng_philox4x32_10());
    channel_rng = gsl_rng_alloc(pushsim_rng_philox4x32_10());
    order_rng = gsl_rng_alloc(pushsim_rng_philox4x32_10());
    if (!server_rng || !channel_rng || !order_rng) { fprintf(stderr, "cannot allocate the generators\n"); return 1; }
    const uint64_t server_key = stream_key(seed, "server"), channel_key = stream_key(seed, "channel"),
                   order_key = stream_key(seed, "channel.order");
    uint64_t converged[NVARIANTS][NSTRATEGIES] = {{0}};

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    // Replication-major, as PushSim: every run restarts its streams at (key, replication).
    for (uint64_t r = 0; r < replications; r++)
        for (int v = 0; v < NVARIANTS; v++)
            for (int s = 0; s < NSTRATEGIES; s++) {
                pushsim_philox_reset(server_rng, server_key, r);
                pushsim_philox_reset(channel_rng, channel_key, r);
                pushsim_philox_reset(order_rng, order_key, r);
                converged[v][s] += (uint64_t)run(&variants[v], (enum strategy)s);
            }
    clock_gettime(CLOCK_MONOTONIC, &t1);

    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    uint64_t runs = replications * NVARIANTS * NSTRATEGIES;
    printf("runs %llu\nseconds %.6f\nruns_per_s %.0f\n", (unsigned long long)runs, seconds, seconds > 0 ? (double)runs / seconds : 0.0);
    for (int v = 0; v < NVARIANTS; v++)
        for (int s = 0; s < NSTRATEGIES; s++)
            printf("cell %s %s converged %llu of %llu\n", variants[v].name, strategies[s],
                   (unsigned long long)converged[v][s], (unsigned long long)replications);

    if (summary) {
        FILE *f = fopen(summary, "w");
        if (!f) { perror(summary); return 1; }
        fprintf(f, "variant,strategy,replications,converged\n");
        for (int v = 0; v < NVARIANTS; v++)
            for (int s = 0; s < NSTRATEGIES; s++)
                fprintf(f, "%s,%s,%llu,%llu\n", variants[v].name, strategies[s], (unsigned long long)replications,
                        (unsigned long long)converged[v][s]);
        if (fclose(f) != 0) { perror(summary); return 1; }
    }
    gsl_rng_free(server_rng);
    gsl_rng_free(channel_rng);
    gsl_rng_free(order_rng);
    return 0;
}
