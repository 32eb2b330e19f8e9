#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The kernel's view of this process's memory, from `/proc/self`.
///
/// Unlike jemalloc's figures these cover everything resident: the binary, thread stacks, the Swift runtime,
/// pages the allocator has not returned yet. Everywhere but Linux the readings are nil (unknown).
enum ProcessMemory {
  /// Resident set size now and its high-water mark, in bytes.
  struct Reading: Sendable, Equatable {
    /// `VmRSS`.
    var residentBytes: Int
    /// `VmHWM`: the highest `VmRSS` since the process started or the mark was last reset.
    var peakResidentBytes: Int
  }

  /// `VmRSS` and `VmHWM` from `/proc/self/status`, or nil if unreadable.
  static func current() -> Reading? {
    guard let status = ProcFile.contents(ofPath: "/proc/self/status", capacity: 8_192) else {
      return nil
    }
    var resident: Int?
    var peak: Int?
    for line in status.split(separator: "\n") {
      if line.hasPrefix("VmRSS:") { resident = kilobytes(line) }
      if line.hasPrefix("VmHWM:") { peak = kilobytes(line) }
    }
    guard let resident, let peak else { return nil }
    return Reading(residentBytes: resident * 1_024, peakResidentBytes: peak * 1_024)
  }

  /// Resets `VmHWM` to the current `VmRSS` by writing `5` to `/proc/self/clear_refs` (Linux 4.0 and
  /// later); whether the kernel accepted it. Refused where `/proc` is read-only or the kernel is older.
  static func resetPeak() -> Bool {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, "5", 1) == 1
  }

  /// `VmRSS` from `/proc/self/statm` (resident pages times the page size): cheaper than `current()`,
  /// for sampling.
  static func residentBytes() -> Int? {
    guard let statm = ProcFile.contents(ofPath: "/proc/self/statm", capacity: 256) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The number of kB in a `/proc/self/status` line such as `VmRSS:\t   13616 kB`.
  private static func kilobytes(_ line: Substring) -> Int? {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
  }

}
