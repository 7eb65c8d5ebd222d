// CZlib: the parts of zlib PushSim uses (gzip-compressed runs.csv.gz).
//
// deflateInit2 is a macro, which Swift cannot call; the inline wrapper below can be.
#ifndef PUSHSIM_CZLIB_SHIM_H
#define PUSHSIM_CZLIB_SHIM_H

#include <zlib.h>

/// Starts a raw-deflate stream with a gzip wrapper (RFC 1952: no file name, mtime 0, so
/// equal input gives equal bytes) at compression `level` (1 fastest ... 9 smallest).
static inline int pushsim_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// Starts a stream that inflates gzip members (for reading runs.csv.gz back).
static inline int pushsim_gunzip_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

#endif
