#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why jemalloc's statistics cannot be read in this process; the memory columns are then `n/a`.
///
/// None of these stops a run: the tool says why on stderr once and measures everything else.
enum JemallocError: Error, Equatable, CustomStringConvertible {
  /// cachebench was built with the `Jemalloc` package trait disabled.
  case notBuiltIn
  /// A `mallctl` name could not be resolved or read; `code` is the errno it returned.
  case call(name: String, code: Int32)
  /// jemalloc answers but was built without statistics (`config.stats` is false).
  case statisticsDisabled(version: String)
  /// An allocation of `probeBytes` through the Swift runtime moved the thread's `thread.allocated` by
  /// only `allocatedDelta`: jemalloc is linked, but another allocator serves the process.
  case notProcessAllocator(version: String, probeBytes: Int, allocatedDelta: Int)

  var description: String {
    switch self {
    case .notBuiltIn:
      "cachebench was built without jemalloc (package trait Jemalloc disabled)"
    case .call(let name, let code):
      "mallctl('\(name)') failed: \(String(cString: strerror(code)))"
    case .statisticsDisabled(let version):
      "jemalloc \(version) was built without statistics (config.stats is false)"
    case .notProcessAllocator(let version, let probeBytes, let allocatedDelta):
      "jemalloc \(version) is linked but is not the process allocator: allocating \(probeBytes) bytes"
        + " moved its thread.allocated by \(allocatedDelta)"
    }
  }
}
