// CPrefetch is header-only (include/prefetch.h); a C target needs one source file.
#include "prefetch.h"
