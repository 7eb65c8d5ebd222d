// CPhilox: Random123's Philox4x32-10 (D. E. Shaw Research; Debian librandom123-dev) as a
// GSL generator type, so that every gsl_ran_* distribution draws from it.
//
// A stream is a 64-bit key and a 64-bit counter base; its draws are the four 32-bit words
// (last first) of philox4x32-10((base low, base high, 0, block number), key) for block
// number 0, 1, 2, ... (2^32 blocks, 2^34 draws, per stream; the block number then wraps
// and the stream repeats). Setting a stream up is two stores: there is no
// seeding and no state to copy.
#ifndef PUSHSIM_CPHILOX_H
#define PUSHSIM_CPHILOX_H

#include <stdint.h>
#include <gsl/gsl_rng.h>

/// The GSL type "philox4x32-10" (range [0, 2^32 - 1]). gsl_rng_set(r, s) selects the
/// stream with key s (all 64 bits) and counter base 0.
const gsl_rng_type *pushsim_rng_philox4x32_10(void);

/// Restarts `r`, a philox4x32-10 generator, as the stream with 64-bit key `key` and
/// counter base (`base` low 32 bits, `base` high 32 bits, 0): the next draw is the first
/// word of that stream.
void pushsim_philox_reset(const gsl_rng *r, uint64_t key, uint64_t base);

/// Puts `r`, a philox4x32-10 generator, where the stream (`key`, `base`) is after
/// `position` draws (the next draw is word `position` of that stream), as if reset and
/// drawn from `position` times. O(1): at most one block is computed.
void pushsim_philox_seek(const gsl_rng *r, uint64_t key, uint64_t base, uint64_t position);

/// The number of draws `r`, a philox4x32-10 generator, has made since its last reset or
/// seek put it at position 0 (the position `pushsim_philox_seek` takes).
uint64_t pushsim_philox_position(const gsl_rng *r);

/// One Philox4x32-10 block: out = philox4x32-10(ctr, key) (for known-answer tests).
void pushsim_philox4x32_10_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);

#endif
