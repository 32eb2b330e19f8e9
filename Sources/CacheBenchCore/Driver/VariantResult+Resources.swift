extension VariantResult {
  /// Allocations per request of the window: `malloc_count / requests`; nil when unknown.
  package var mallocsPerRequest: Double? {
    guard let mallocCount = resources.allocator?.mallocCount, requests > 0 else { return nil }
    return Double(mallocCount) / Double(requests)
  }

  /// CPU time of the whole process per request of the window, ns; nil when unknown.
  package var cpuNanosecondsPerRequest: Double? {
    guard let cpu = resources.cpu, requests > 0 else { return nil }
    return Double(cpu.totalNanoseconds) / Double(requests)
  }
}
