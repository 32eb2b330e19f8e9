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

// MonotonicClock's scale from counter ticks to nanoseconds (32.32 fixed point), once it has measured it;
// 0 before that. A plain global read with a relaxed atomic load, so the clock's hot path is a load, a
// compare and the RDTSC, where a Swift `static let` costs a call of its lazy accessor (and its once-check)
// on every reading: two readings per cache hit, on the hit path that calibration compares with an actor
// hop. Written only with the value MonotonicClock measured (every writer writes the same value).
extern uint64_t cachebench_clock_scale_storage;

static inline uint64_t cachebench_clock_scale(void) {
  return __atomic_load_n(&cachebench_clock_scale_storage, __ATOMIC_RELAXED);
}

static inline void cachebench_set_clock_scale(uint64_t scale) {
  __atomic_store_n(&cachebench_clock_scale_storage, scale, __ATOMIC_RELAXED);
}

#endif
