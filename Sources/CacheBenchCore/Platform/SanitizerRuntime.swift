import CThreadSanitizer

/// Whether this process runs under a sanitizer's runtime, found by a symbol only that runtime defines.
package enum SanitizerRuntime {
  /// The thread or the address sanitizer is linked in: every memory access is instrumented, and the
  /// concurrency runtime's own work costs several times what it does in a plain build.
  package static var isPresent: Bool {
    cachebench_tsan_is_present() != 0 || cachebench_asan_is_present() != 0
  }

  /// The thread sanitizer is linked in.
  package static var threadSanitizerIsPresent: Bool { cachebench_tsan_is_present() != 0 }
}
