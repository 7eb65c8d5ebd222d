// The philox4x32-10 GSL type: Random123's GSL_MICRORNG wrapper (gsl_microrng.h) around
// philox4x32 (10 rounds, Random123's default), with a set function that keys the stream
// from the whole 64-bit seed instead of leaving it unset.
#include "philox_gsl.h"
#include <Random123/philox.h>
#include <Random123/gsl_microrng.h>

GSL_MICRORNG(philox4x32_10, philox4x32);

static void philox_keyed(const gsl_rng *r, uint64_t key, uint64_t base) {
    philox4x32_ctr_t c = {{(uint32_t)base, (uint32_t)(base >> 32), 0, 0}};
    philox4x32_key_t k = {{(uint32_t)key, (uint32_t)(key >> 32)}};
    philox4x32_10_reset(r, c, k);
}

static void philox_set(void *vstate, unsigned long int s) {
    gsl_rng r = {gsl_rng_philox4x32_10, vstate};
    philox_keyed(&r, (uint64_t)s, 0);
}

static const gsl_rng_type philox_type = {
    "philox4x32-10", 0xffffffffUL, 0, sizeof(philox4x32_10_state), &philox_set, &philox4x32_10_get,
    &philox4x32_10_get_double};

const gsl_rng_type *pushsim_rng_philox4x32_10(void) { return &philox_type; }

void pushsim_philox_reset(const gsl_rng *r, uint64_t key, uint64_t base) { philox_keyed(r, key, base); }

void pushsim_philox_seek(const gsl_rng *r, uint64_t key, uint64_t base, uint64_t position) {
    philox_keyed(r, key, base);
    philox4x32_10_state *st = (philox4x32_10_state *)r->state;
    // After k draws the wrapper has made n = ceil(k / 4) blocks (block j from counter word 3
    // = j) and has 4n - k words of the last one left, handed out last word first.
    uint64_t n = (position + 3) / 4;
    st->n = n;
    st->elem = (int)(4 * n - position);
    if (st->elem > 0) {
        philox4x32_ctr_t c = st->ctr;
        c.v[3] |= (uint32_t)(n - 1);
        st->r = philox4x32(c, st->key);
    }
}

uint64_t pushsim_philox_position(const gsl_rng *r) {
    const philox4x32_10_state *st = (const philox4x32_10_state *)r->state;
    return 4 * (uint64_t)st->n - (uint64_t)st->elem;
}

void pushsim_philox4x32_10_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    philox4x32_ctr_t c = {{ctr[0], ctr[1], ctr[2], ctr[3]}};
    philox4x32_key_t k = {{key[0], key[1]}};
    philox4x32_ctr_t r = philox4x32(c, k);
    for (int i = 0; i < 4; i++) out[i] = r.v[i];
}
