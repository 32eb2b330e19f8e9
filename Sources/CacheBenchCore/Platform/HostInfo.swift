#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about the machine a run executes on, read from the operating system.
///
/// The libc calls behind `RunMetadata` live here (STYLE.md rule 9), so the metadata type itself stays
/// free of platform code.
package enum HostInfo {
  /// The host's name as `gethostname(2)` reports it, or `"unknown"` when the call fails.
  package static var name: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return bytes.isEmpty ? "unknown" : String(decoding: bytes, as: UTF8.self)
  }

  /// The number of online processors, `sysconf(_SC_NPROCESSORS_ONLN)`, at least 1.
  ///
  /// This is the machine's count: a process pinned with `taskset` or limited by a cgroup CPU quota
  /// still reports every online processor.
  package static var onlineCores: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Physical memory in bytes, `_SC_PHYS_PAGES × _SC_PAGESIZE`, or nil when the system does not say.
  package static var physicalMemoryBytes: UInt64? {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, pageSize > 0 else { return nil }
    return UInt64(pages).multipliedReportingOverflow(by: UInt64(pageSize)).partialValue
  }
}
