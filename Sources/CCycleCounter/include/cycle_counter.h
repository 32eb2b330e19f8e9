#ifndef CACHEBENCH_CYCLE_COUNTER_H
#define CACHEBENCH_CYCLE_COUNTER_H

#include <stdint.h>

// The CPU's time-stamp counter, for MonotonicClock's hot path: one unserialised RDTSC (about a third of a
// vDSO clock_gettime here). Swift has no inline assembly, hence this header. Returns 0 where there is no
// counter this header knows, which tells MonotonicClock to use clock_gettime instead.
static inline uint64_t cachebench_cycle_counter(void) {
#if defined(__x86_64__)
  uint32_t low, high;
  __asm__ __volatile__("rdtsc" : "=a"(low), "=d"(high));
  return ((uint64_t)high << 32) | low;
#else
  return 0;
#endif
}

#endif
