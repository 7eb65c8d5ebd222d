// A heap overflow in C: seen by AddressSanitizer only when C targets are instrumented
// (`-Xcc -fsanitize=address`); `-Xswiftc -sanitize=address` alone does not reach clang.
#ifndef SANITIZER_CCONTROLS_H
#define SANITIZER_CCONTROLS_H

/// Allocates `n` ints, writes them, and reads one past the end (a heap-buffer-overflow).
int ccontrols_read_past_end(int n);

#endif
