import CacheBenchCore

/// One variant's figure divided by its reference variant's, with a confidence interval, as hyperfine
/// reports a command against the fastest: `sharded(8)/inside: 1.74× higher [1.70, 1.78] than
/// coalescing/inside`, or for a ratio below 1 its inverse, `mutex/inside: 1145× lower [1125, 1266]
/// than coalescing/inside` (`RatioLinesWriter` words it).
///
/// Repetition i of the variant is divided by repetition i of the reference: the two ran close together
/// in the interleaved order (`RepetitionOrder`), under the same background load, so the load largely
/// cancels in their ratio, as it does in the gate's `throughput_ratio`. The figure shown is the median
/// of these paired ratios, and the interval that median's (`MedianInterval`, same method and coverage
/// as the figures' own intervals). A repetition that one of the two lacks, or whose reference figure is
/// 0 or unmeasured, is left out of the pairs.
struct ReferenceRatio: Sendable, Equatable {
  /// The variant divided.
  var variant: Variant
  /// The variant it is divided by.
  var reference: Variant
  /// Which figure: a name of `VariantRepetitions.intervalFigures` (`throughput`, `latency_p50`, …).
  var figure: String
  /// The median of the paired ratios and its interval.
  var ratio: MedianInterval

  /// Every ratio of a run: per figure of `VariantRepetitions.intervalFigures`, in that order, one per
  /// variant that is not its own reference and has a reference under `selection`, in run order.
  static func ratios(_ groups: [VariantRepetitions], selection: ReferenceSelection)
    -> [ReferenceRatio]
  {
    let variants = groups.map(\.variant)
    var ratios: [ReferenceRatio] = []
    for figure in VariantRepetitions.intervalFigures {
      for group in groups {
        guard let reference = selection.reference(for: group.variant, in: variants),
          reference != group.variant,
          let referenceGroup = groups.first(where: { $0.variant == reference }),
          let ratio = paired(group, over: referenceGroup, figure.value)
        else { continue }
        ratios.append(
          ReferenceRatio(
            variant: group.variant, reference: reference, figure: figure.name, ratio: ratio))
      }
    }
    return ratios
  }

  /// The median and interval of `figure` of `group` over `reference`'s, repetition by repetition; nil
  /// when no repetition pairs up.
  static func paired(
    _ group: VariantRepetitions, over reference: VariantRepetitions,
    _ figure: (VariantResult) -> Double?
  ) -> MedianInterval? {
    var quotients: [Double] = []
    for measurement in group.measurements {
      guard
        let divisor = reference.measurements.first(where: {
          $0.repetition == measurement.repetition
        }).flatMap(figure),
        divisor != 0, let value = figure(measurement)
      else { continue }
      quotients.append(value / divisor)
    }
    return MedianInterval(quotients)
  }
}

/// The ratios of a run to its reference variants, and how the reference was chosen: what the ratio
/// lines under the table, the Markdown summary and the JSON result show.
struct ReferenceRatios: Sendable, Equatable {
  var selection: ReferenceSelection
  /// In `ReferenceRatio.ratios` order.
  var ratios: [ReferenceRatio]

  /// The ratios of `groups` under `selection`.
  init(_ groups: [VariantRepetitions], selection: ReferenceSelection) {
    self.selection = selection
    ratios = ReferenceRatio.ratios(groups, selection: selection)
  }
}
