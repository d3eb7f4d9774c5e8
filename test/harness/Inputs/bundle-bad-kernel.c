/* A host library that stands in for a broken kernel in a GPU bundle:
   -DFAULT stores through a null pointer (the worker dies), -DHANG spins
   (the worker stops answering), -DPRINT writes to standard output as a
   kernel's printf or failed assert does on a GPU. KERNEL is the kernel's
   host entry. */
#include <stdio.h>

void KERNEL(void *params, unsigned *block) {
  (void)params;
  (void)block;
#ifdef FAULT
  *(volatile int *)0 = 0;
#endif
#ifdef PRINT
  printf("{assertion failed\n");
  fflush(stdout);
#endif
#ifdef HANG
  for (volatile int spin = 1; spin;)
    ;
#endif
}
