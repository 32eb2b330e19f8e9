#ifndef CACHEBENCH_THREAD_SANITIZER_H
#define CACHEBENCH_THREAD_SANITIZER_H

// The thread sanitizer's happens-before annotations (compiler-rt's sanitizer/tsan_interface.h), for locks
// whose hand-over the sanitizer cannot see because it happens in uninstrumented code (the contended path of
// Synchronization.Mutex is a futex call inside libswiftSynchronization.so).
//
// The entry points are declared weak: in a build without --sanitize=thread nothing defines them, their
// addresses are null and each call is one not-taken branch; under the sanitizer its runtime, linked into the
// executable, defines them. So one binary-independent source serves both builds, with no compilation
// condition (SwiftPM offers none for sanitizers).
void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

// Tells the sanitizer the calling thread now holds the lock identified by `address`: everything done by
// the thread that last released it happened before what this thread does next.
static inline void cachebench_tsan_acquire(void *address) {
  if (__tsan_acquire) __tsan_acquire(address);
}

// Tells the sanitizer the calling thread is about to release the lock identified by `address`.
static inline void cachebench_tsan_release(void *address) {
  if (__tsan_release) __tsan_release(address);
}

// Whether the thread sanitizer's runtime is linked into this process.
static inline int cachebench_tsan_is_present(void) {
  return __tsan_acquire != 0;
}

/// Defined by the address sanitizer's runtime only.
void __asan_init(void) __attribute__((weak));

static inline int cachebench_asan_is_present(void) {
  return __asan_init != 0;
}

#endif
