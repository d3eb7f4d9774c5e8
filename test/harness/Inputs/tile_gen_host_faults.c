// Kernels that crash or never return, for tile-gen-check's child process.
#include <stdint.h>
#include <unistd.h>

void crash__host(void **params, uint32_t *grid) {
  (void)grid;
  *(volatile int *)params[0] = 0;
  *(volatile int *)0 = 1;
}

void hang__host(void **params, uint32_t *grid) {
  (void)params;
  (void)grid;
  for (;;)
    pause();
}

void stores__host(void **params, uint32_t *grid) {
  (void)grid;
  int32_t *out = *(int32_t **)params[0];
  for (int i = 0; i < 4; ++i)
    out[i] = 7 * i;
}
