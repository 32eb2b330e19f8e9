import CCycleCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic nanoseconds for timing the hot path: a plain integer to subtract and record, with no
/// `Duration` arithmetic, from the cheapest clock this machine offers.
///
/// Where the kernel itself keeps time with the CPU's time-stamp counter (its clocksource is `tsc`, which it
/// picks only when the counter runs at a constant rate and agrees across CPUs), `now()` reads the counter
/// directly (`cachebench_cycle_counter`, one RDTSC) and scales it to nanoseconds: about 16 ns here, against
/// 30–45 ns for a vDSO `clock_gettime`, and a timed request reads the clock four times. The scale is measured
/// once per process against `CLOCK_MONOTONIC` over 2 ms, which pins it to about 1e-5 (10 ns per ms
/// measured). Anywhere else `now()` is `clock_gettime(CLOCK_MONOTONIC)`.
///
/// RDTSC is not serialising: the CPU may execute it some tens of instructions early, so readings taken on
/// different threads are ordered only to within tens of nanoseconds, and a difference between them can come
/// out slightly negative; such differences are clamped at 0 where they are taken
/// (`IsolationTiming.queueDelay(issued:)`). Readings on one thread never go backwards by more than that.
public enum MonotonicClock {
  /// Nanoseconds since an arbitrary fixed point; only differences are meaningful.
  @inlinable
  public static func now() -> UInt64 {
    let multiplier = nanosecondsPerTickTimes2To32
    guard multiplier != 0 else { return systemNow() }
    let product = cachebench_cycle_counter().multipliedFullWidth(by: multiplier)
    return product.high << 32 | product.low >> 32
  }

  /// Whether `now()` reads the time-stamp counter rather than calling `clock_gettime`.
  public static var readsTimeStampCounter: Bool { nanosecondsPerTickTimes2To32 != 0 }

  /// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds.
  @inlinable
  public static func systemNow() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }

  /// Nanoseconds per counter tick in 32.32 fixed point, measured on first use; 0 when the counter is not
  /// to be used.
  @usableFromInline
  static let nanosecondsPerTickTimes2To32: UInt64 = {
    guard cachebench_cycle_counter() != 0, kernelClocksourceIsTimeStampCounter() else { return 0 }
    let start = simultaneousReadings()
    while systemNow() &- start.nanoseconds < 2_000_000 {}
    let end = simultaneousReadings()
    guard end.ticks > start.ticks, end.nanoseconds > start.nanoseconds else { return 0 }
    let perTick = Double(end.nanoseconds - start.nanoseconds) / Double(end.ticks - start.ticks)
    return UInt64((perTick * 0x1p32).rounded())
  }()

  /// A counter reading and the `CLOCK_MONOTONIC` time it was taken at: the midpoint of the tightest of a
  /// few clock reads bracketing a counter read.
  @usableFromInline
  static func simultaneousReadings() -> (ticks: UInt64, nanoseconds: UInt64) {
    var best = (ticks: UInt64(0), nanoseconds: UInt64(0), spread: UInt64.max)
    for _ in 0..<8 {
      let before = systemNow()
      let ticks = cachebench_cycle_counter()
      let after = systemNow()
      if after &- before < best.spread {
        best = (ticks, before &+ (after &- before) / 2, after &- before)
      }
    }
    return (best.ticks, best.nanoseconds)
  }

  /// Whether `/sys/devices/system/clocksource/clocksource0/current_clocksource` says `tsc`.
  @usableFromInline
  static func kernelClocksourceIsTimeStampCounter() -> Bool {
    let descriptor = open(
      "/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    // The file holds the name and a line feed: "tsc\n".
    let name = buffer[..<count].prefix { $0 != UInt8(ascii: "\n") && $0 != 0 }
    return Array(name) == Array("tsc".utf8)
  }
}
