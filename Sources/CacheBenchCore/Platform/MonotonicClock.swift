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
///
/// Public because `IsolationTiming.entered` is one of its readings: a design, the built-in ones and a
/// user's alike, reads `now()` at its first instruction inside isolation. The rest is the core's.
public enum MonotonicClock {
  /// Nanoseconds since an arbitrary fixed point; only differences are meaningful.
  ///
  /// The scale is read from a C global (`cachebench_clock_scale`), not from `nanosecondsPerTickTimes2To32`
  /// itself, whose lazy accessor would be a call and a once-check on every reading; the first reading
  /// copies the measured scale there (`scaleOnFirstUse`).
  @inlinable
  @inline(__always)
  public static func now() -> UInt64 {
    let scale = cachebench_clock_scale()
    guard _fastPath(scale > usesSystemClock) else { return slowNow(scale: scale) }
    let product = cachebench_cycle_counter().multipliedFullWidth(by: scale)
    return product.high << 32 | product.low >> 32
  }

  /// The value of `cachebench_clock_scale` that means "read `clock_gettime`": no counter runs at 2^32
  /// ticks a nanosecond.
  @usableFromInline
  static var usesSystemClock: UInt64 { 1 }

  /// `now()` before the scale has been published (`scale` 0), or where the counter is not used.
  @usableFromInline
  @inline(never)
  static func slowNow(scale: UInt64) -> UInt64 {
    guard scale == 0 else { return systemNow() }
    let measured = nanosecondsPerTickTimes2To32
    cachebench_set_clock_scale(measured == 0 ? usesSystemClock : measured)
    return now()
  }

  /// Whether `now()` reads the time-stamp counter rather than calling `clock_gettime`.
  package static var readsTimeStampCounter: Bool { nanosecondsPerTickTimes2To32 != 0 }

  /// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds.
  @usableFromInline
  package static func systemNow() -> UInt64 {
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
