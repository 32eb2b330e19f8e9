import CacheBenchCore

extension SweepMatrix {
  /// The spread of the ratios of a cell that measures the reference's own design under another name:
  /// what noise alone moved a ratio by in this sweep.
  ///
  /// A sharded design that coalesces, at one shard, is one coalescing actor behind a stable hash (the
  /// built-in `sharded(1)` beside `coalescing`), so its ratios to the reference would all be 1 on a quiet
  /// machine. On a shared one they are not (0.83–1.28× throughput and 28.6× p99 in one sweep), and a
  /// difference between designs smaller than that spread is not one this run can show.
  struct NoiseFloor: Sendable, Equatable {
    /// The twin's row name, e.g. `sharded(1)`.
    var variant: String
    /// Columns where both the twin and its reference were measured.
    var columns: Int
    /// Lowest and highest throughput ratio of the twin.
    var throughput: ClosedRange<Double>?
    /// Lowest and highest p99 ratio of the twin, over the columns where neither starved.
    var latencyP99: ClosedRange<Double>?
  }

  /// Whether `variant` is the reference design under another name: a sharded design that coalesces on
  /// actors (not a lock, not a repository), at one shard.
  static func isReferenceTwin(_ variant: Variant) -> Bool {
    let design = variant.design
    return variant.shards == 1 && design.isSharded && design.traits.contains(.coalesces)
      && !design.takesWrites && !design.traits.contains(.lockIsolated)
  }

  /// The spread of the first such twin's ratios, or nil when the sweep has none with a measured
  /// reference.
  var noiseFloor: NoiseFloor? {
    let twins = rows.filter { Self.isReferenceTwin($0.cell.variant) && $0.throughputRatio != nil }
    guard let name = twins.first?.cell.variant.name else { return nil }
    let rows = twins.filter { $0.cell.variant.name == name }
    return NoiseFloor(
      variant: name, columns: rows.count,
      throughput: Self.span(rows.compactMap(\.throughputRatio)),
      latencyP99: Self.span(rows.compactMap(\.latencyP99Ratio)))
  }

  /// The lowest to the highest of `values`, or nil when there are none.
  private static func span(_ values: [Double]) -> ClosedRange<Double>? {
    guard let low = values.min(), let high = values.max() else { return nil }
    return low...high
  }
}
