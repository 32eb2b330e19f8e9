import CacheBenchCore

/// One cell of a sweep: a variant (design, decode placement, shard count) at a concurrency, and at a
/// client thread count when the sweep has that axis.
struct SweepCell: Sendable, Equatable, CustomStringConvertible {
  /// The design, decode placement and shard count.
  var variant: Variant
  /// Client tasks in this cell's window.
  var concurrency: Int
  /// Threads of their own the clients run on (`Scenario.threads`); nil for the global executor.
  var threads: Int? = nil

  /// E.g. `sharded(4)/inside c=64`, or `sharded(4)/inside t=2 c=64` on two client threads.
  var description: String {
    "\(variant.description)\(threads.map { " t=\($0)" } ?? "") c=\(concurrency)"
  }
}

/// The cells of a sweep, in the fixed order they run and are written in, and the reference each is
/// compared with.
///
/// Order: decode placement (in `DecodePlacement` order), then client threads (ascending, when the sweep has
/// that axis), then concurrency (ascending), then design (in `CacheDesign` order), then, for `sharded`,
/// shard count (ascending). Designs other than `sharded` have one actor or table, so they get one cell per
/// placement, thread count and concurrency, not one per shard count.
///
/// The reference of a cell is the `coalescing` cell of the same placement, thread count and concurrency:
/// one coalescing actor, which is what `sharded` splits and what the other designs replace, on the same
/// parallelism. Its ratios are 1.
struct SweepPlan: Sendable, Equatable {
  /// Every cell, in the order they run.
  let cells: [SweepCell]

  /// The cross product of `designs`, `placements`, `threadCounts` (when given), `shardCounts` (for
  /// `sharded`) and `concurrencies`.
  init(
    designs: [CacheDesign], placements: [DecodePlacement], shardCounts: [Int],
    concurrencies: [Int], threadCounts: [Int]? = nil
  ) {
    let designs = RegisteredDesigns.registry.designs.filter(designs.contains)
    let placements = DecodePlacement.allCases.filter(placements.contains)
    let threadAxis: [Int?] = threadCounts.map { $0.sorted() } ?? [nil]
    var cells: [SweepCell] = []
    for placement in placements {
      for threads in threadAxis {
        for concurrency in concurrencies.sorted() {
          for design in designs {
            let shards = design.isSharded ? shardCounts.sorted() : [1]
            for count in shards {
              cells.append(
                SweepCell(
                  variant: Variant(design: design, decode: placement, shards: count),
                  concurrency: concurrency, threads: threads))
            }
          }
        }
      }
    }
    self.cells = cells
  }

  /// The plan of `configuration`: its designs and placements (from its variants), shard counts,
  /// concurrencies and thread counts.
  init(_ configuration: SweepConfiguration) {
    let variants = configuration.base.scenario.variants
    self.init(
      designs: variants.map(\.design), placements: variants.map(\.decode),
      shardCounts: configuration.shardCounts, concurrencies: configuration.concurrencies,
      threadCounts: configuration.threadCounts)
  }

  /// The design every cell is compared with.
  static var referenceDesign: CacheDesign { RegisteredDesigns.reference }

  /// The reference cell of `cell`: the single coalescing actor at the same placement, thread count and
  /// concurrency.
  static func reference(of cell: SweepCell) -> SweepCell {
    SweepCell(
      variant: Variant(design: referenceDesign, decode: cell.variant.decode, shards: 1),
      concurrency: cell.concurrency, threads: cell.threads)
  }
}
