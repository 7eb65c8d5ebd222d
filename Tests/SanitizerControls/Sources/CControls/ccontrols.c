#include <stdlib.h>
#include "ccontrols.h"

int ccontrols_read_past_end(int n) {
    int *a = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) a[i] = i;
    volatile int *p = a;
    int past = p[n];   // one past the end
    free(a);
    return past;
}
