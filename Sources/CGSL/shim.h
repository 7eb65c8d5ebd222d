// CGSL: the parts of GSL that PushSim uses.
//
// GSL exposes its generator types as mutable C globals (`gsl_rng_mt19937`, ...), which
// Swift 6 refuses to read; the static inline accessors below return them instead.
#ifndef PUSHSIM_CGSL_SHIM_H
#define PUSHSIM_CGSL_SHIM_H

#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_rstat.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_version.h>
#include <gsl/gsl_sf_psi.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_roots.h>

/// The Mersenne Twister generator type (GSL's default for PushSim).
static inline const gsl_rng_type *pushsim_rng_mt19937(void) { return gsl_rng_mt19937; }

/// Brent's bracketing root solver (`gsl_root_fsolver_brent`).
static inline const gsl_root_fsolver_type *pushsim_root_brent(void) { return gsl_root_fsolver_brent; }

/// The table of every generator type GSL knows, terminated by a NULL entry.
static inline const gsl_rng_type **pushsim_rng_types(void) { return gsl_rng_types_setup(); }

/// The GSL library version string, e.g. "2.7.1".
static inline const char *pushsim_gsl_version(void) { return gsl_version; }

/// Turns GSL's abort-on-error handler off (PushSim validates arguments before calling).
static inline void pushsim_gsl_errors_off(void) { gsl_set_error_handler_off(); }

#endif
