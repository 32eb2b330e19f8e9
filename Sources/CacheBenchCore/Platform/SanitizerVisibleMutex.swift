import CThreadSanitizer
import Synchronization

/// A `Synchronization.Mutex` whose hand-over from one thread to the next the thread sanitizer can see: the
/// lock every shared state in cachebench uses.
///
/// Why not `Mutex` itself: on Linux its uncontended lock and unlock are atomics inlined into our code, which
/// the sanitizer instruments, but a contended hand-over happens in `_MutexHandle._lockSlow` (a spin of
/// atomics, then `FUTEX_LOCK_PI`) and `_unlockSlow` (`FUTEX_UNLOCK_PI`), compiled into the uninstrumented
/// `libswiftSynchronization.so`. The sanitizer then sees no release by the old owner and no acquire by the new
/// one, and reports the two critical sections as a data race although the lock excluded them. Four threads
/// incrementing one counter under a `Mutex` end with the exact count and still draw such reports.
///
/// So this wraps `Mutex` unchanged (same futex, same cost model, the one `MutexCache` benchmarks) and, inside
/// the critical section, tells the sanitizer what the lock did: acquire first, release last, both on this
/// object's address. Outside the sanitizer the two annotations are one not-taken branch each (the entry
/// points are weak symbols; see `thread_sanitizer.h`). It is a class so that the address is stable and no
/// access to the protected value is needed to name the lock.
///
/// Public only because the built-in `MutexCache`, which uses nothing but the core's public API (as
/// `scripts/tests/public-api-check` holds it to), keeps its table in one; a user's design has no need of it.
public final class SanitizerVisibleMutex<Value: ~Copyable>: Sendable {
  @usableFromInline
  let mutex: Mutex<Value>

  /// A lock protecting `initialValue`.
  @inlinable
  public init(_ initialValue: consuming sending Value) {
    mutex = Mutex(initialValue)
  }

  /// Runs `body` with exclusive access to the value, as `Mutex.withLock` does.
  @inlinable
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let identity = Unmanaged.passUnretained(self).toOpaque()
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      cachebench_tsan_acquire(identity)
      defer { cachebench_tsan_release(identity) }
      return try body(&value)
    }
  }

  /// Runs `body` with exclusive access to the value if the lock is free, as `Mutex.withLockIfAvailable`
  /// does; returns nil, without waiting, when another thread holds it.
  @inlinable
  public func withLockIfAvailable<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result? {
    let identity = Unmanaged.passUnretained(self).toOpaque()
    return try mutex.withLockIfAvailable {
      (value: inout sending Value) throws(E) -> sending Result in
      cachebench_tsan_acquire(identity)
      defer { cachebench_tsan_release(identity) }
      return try body(&value)
    }
  }
}
