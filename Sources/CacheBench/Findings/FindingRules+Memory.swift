import CacheBenchCore

extension FindingRules {
  private typealias Limits = FindingThresholds

  /// A variant's cached entries each cost far more memory than the leanest other variant's of the
  /// run (`bytes_per_entry`): the workload and payload are the run's, so the difference is what the
  /// design keeps per entry beside the payload.
  ///
  /// Only rows whose figure was measured, that cached enough entries for it to be about them
  /// (`FindingThresholds.memoryMinimumEntries`), and whose figure is at least the payload each entry
  /// holds (`payloadBytes`, the run's `--payload-bytes`) are compared; with fewer than two, nothing
  /// is said. A figure under the payload is no entry's cost: memory allocated before the window
  /// (by the runtime, or work that outlived the warm-up) was freed in it, and the delta, less that,
  /// read 0.7 B an entry for `mutex/outside` at 16-byte payloads where the others read 173–357 B.
  static func memoryPerEntry(_ figures: [VariantFigures], payloadBytes: Int) -> Finding? {
    let measured = figures.filter { variant in
      guard variant.partial == nil, let perEntry = variant.bytesPerEntry else { return false }
      return (variant.cachedEntries ?? 0) >= Limits.memoryMinimumEntries
        && perEntry >= max(Double(payloadBytes), 1)
    }
    guard
      let leanest = measured.min(by: { $0.bytesPerEntry ?? 0 < $1.bytesPerEntry ?? 0 }),
      let lowest = leanest.bytesPerEntry, lowest > 0
    else { return nil }
    let firing = measured.filter { variant in
      guard variant.label != leanest.label, let value = variant.bytesPerEntry else { return false }
      return value >= Limits.memoryMultiple * lowest && value >= lowest + Limits.memoryExcessBytes
    }.sorted { $0.bytesPerEntry ?? 0 > $1.bytesPerEntry ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant in
      let value = variant.bytesPerEntry ?? 0
      return "\(variant.label) \(bytes(value)) an entry (\(FindingText.decimal(value / lowest))×)"
    }
    let evidence = (firing + [leanest]).map { variant in
      "\(variant.label) \(bytes(variant.bytesPerEntry ?? 0)) × \(FindingText.count(variant.cachedEntries ?? 0))"
        + " entries"
    }
    return Finding(
      rule: .memoryPerEntry, variants: firing.map(\.label),
      statement: FindingText.list(statement)
        + "; the leanest, \(leanest.label), \(bytes(lowest))",
      evidence: "bytes_per_entry × cached_entries: " + evidence.joined(separator: ", ")
        + " (the window's allocated delta less its request recorder, per entry cached at its end)",
      remedy:
        "a look at what each entry keeps besides its payload (a finished task, its waiters, a"
        + " copy of the bytes): a heap profile (heaptrack) of the variant",
      link: "docs/metrics.md#memory-and-cpu")
  }

  /// `5.12KiB` or `218B`.
  private static func bytes(_ value: Double) -> String {
    HumanUnits.bytes(Int(value.rounded(.toNearestOrAwayFromZero)))
  }
}
