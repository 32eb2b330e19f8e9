#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time the calling thread has run, in nanoseconds: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`.
///
/// For work that runs on one thread without suspending (a decode): the difference of two readings is
/// the CPU the work took, without the time the thread was preempted by the machine's other threads,
/// which a wall clock would add on a loaded host. A system call on Linux (no vDSO), a few hundred
/// nanoseconds, so it is read only where a run asks for it (`DecodeCancellation`).
enum ThreadCPUClock {
  /// Nanoseconds of CPU this thread has used; 0 if the clock cannot be read.
  static func now() -> UInt64 {
    var spec = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }
}
