#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic nanoseconds from `clock_gettime(CLOCK_MONOTONIC)`: the cheapest clock read on the hot path,
/// a plain integer to subtract and record, with no `Duration` arithmetic.
enum MonotonicClock {
  /// Nanoseconds since an arbitrary fixed point; only differences are meaningful.
  @inline(__always)
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }
}
