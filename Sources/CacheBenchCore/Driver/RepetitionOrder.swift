/// The order in which a run that measures each variant several times (`--repeat`) measures them:
/// interleaved, forward in the first repetition and backward in the next, ABCD DCBA ABCD.
///
/// Interleaving spreads whatever drifts over a run (another job's load on a shared machine, the
/// allocator's heap, the CPU's frequency) over every variant instead of charging it to the ones measured
/// last; turning round every repetition cancels a drift that is linear over two repetitions, since each
/// variant's mean position is then the same. Repetition i of each variant is measured close in time to
/// repetition i of every other, which is what pairs them for the ratios to a reference variant.
package enum RepetitionOrder {
  /// Every element of `items`, `repetitions` times, each with the index of its repetition (from 0), in
  /// the order they are measured.
  package static func schedule<Item>(
    _ items: [Item], repetitions: Int
  ) -> [(item: Item, repetition: Int)] {
    (0..<max(0, repetitions)).flatMap { repetition in
      let pass = repetition.isMultiple(of: 2) ? items : items.reversed()
      return pass.map { (item: $0, repetition: repetition) }
    }
  }
}
