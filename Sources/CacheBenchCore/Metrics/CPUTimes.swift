#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time and context switches of the whole process so far, from `getrusage(RUSAGE_SELF)` and
/// `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`.
///
/// Resolution, as measured on the target machines (Linux 6.18, `CONFIG_TICK_CPU_ACCOUNTING`, HZ 250):
/// `getrusage` reports microseconds, and successive readings move in 1 µs steps, because Linux derives
/// user + system from the scheduler's nanosecond runtime. Only the *split* between user and system comes
/// from sampling which mode each 4 ms tick caught, so over a short window it is an estimate, while their
/// sum is exact to the microsecond. `CLOCK_PROCESS_CPUTIME_ID` gives that sum in nanoseconds.
package struct CPUTimes: Sendable, Equatable {
  /// User-mode CPU time of all threads (`ru_utime`), µs.
  package var userMicroseconds: Int64
  /// Kernel-mode CPU time of all threads (`ru_stime`), µs.
  package var systemMicroseconds: Int64
  /// Total CPU time of all threads (`CLOCK_PROCESS_CPUTIME_ID`), ns.
  package var totalNanoseconds: Int64
  /// Times a thread gave up the CPU to wait (`ru_nvcsw`).
  package var voluntarySwitches: Int64
  /// Times a thread was preempted (`ru_nivcsw`).
  package var involuntarySwitches: Int64

  /// The process's figures now, or nil if either call fails.
  static func now() -> CPUTimes? {
    var usage = rusage()
    guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return nil }
    return CPUTimes(
      userMicroseconds: Int64(usage.ru_utime.tv_sec) * 1_000_000 + Int64(usage.ru_utime.tv_usec),
      systemMicroseconds: Int64(usage.ru_stime.tv_sec) * 1_000_000 + Int64(usage.ru_stime.tv_usec),
      totalNanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec),
      voluntarySwitches: Int64(usage.ru_nvcsw),
      involuntarySwitches: Int64(usage.ru_nivcsw))
  }

  /// What was spent between `earlier` and these figures.
  func since(_ earlier: CPUTimes) -> CPUTimes {
    CPUTimes(
      userMicroseconds: userMicroseconds - earlier.userMicroseconds,
      systemMicroseconds: systemMicroseconds - earlier.systemMicroseconds,
      totalNanoseconds: totalNanoseconds - earlier.totalNanoseconds,
      voluntarySwitches: voluntarySwitches - earlier.voluntarySwitches,
      involuntarySwitches: involuntarySwitches - earlier.involuntarySwitches)
  }
}
