import CacheBenchCore

extension ResultDocument {
  /// One document whose every metric is the median of that metric over `runs`, repetitions of one
  /// scenario; `names` name the runs in messages.
  ///
  /// A single run of a few seconds on a shared machine can have one variant slowed by a burst of
  /// other work; the median of three runs is not moved by one such burst, so the timing ratios the
  /// gate judges get steadier without widening their tolerances. Exact counts are equal in every
  /// repetition and come through unchanged.
  ///
  /// All runs must record the same scenario and the same variants. A metric some run lacks is
  /// absent from the median (so the gate reports it missing). A metric some runs could not measure
  /// (`null`: the allocator's statistics after a thread-cache flush that timed out) is the median of the
  /// runs that did, so one unlucky run of three does not make the gate fail; it is `null` only when no
  /// run measured it, and `partlyMeasured(_:)` names those medians for the report. The median of an
  /// even count is the mean of the middle two. The metadata is the first run's, with `repetitions`
  /// added.
  static func median(of runs: [ResultDocument], names: [String]) throws(GateError)
    -> ResultDocument
  {
    precondition(!runs.isEmpty && runs.count == names.count, "one name per run, at least one run")
    guard runs.count > 1 else { return runs[0] }
    let first = runs[0]
    for (run, name) in zip(runs, names) {
      if run.interrupted { throw .interrupted(path: name) }
      let differences = Comparison.scenarioDifferences(first.scenario, run.scenario)
      if !differences.isEmpty {
        throw .scenarioMismatch(baseline: names[0], current: name, differences: differences)
      }
      if run.variants.map(\.key) != first.variants.map(\.key) {
        throw .repetitionsDiffer(
          first: names[0], other: name, firstVariants: first.variants.map(\.key),
          otherVariants: run.variants.map(\.key))
      }
    }
    var merged = first
    for index in merged.variants.indices {
      merged.variants[index].metrics = first.variants[index].metrics.compactMap { metric in
        var values: [Double] = []
        for run in runs {
          switch run.variants[index].value(of: metric.name) {
          case nil: return nil
          case .some(nil): continue
          case .some(.some(let value)): values.append(value)
          }
        }
        return Metric(name: metric.name, value: values.isEmpty ? nil : median(values))
      }
    }
    if case .object(var members) = merged.metadata {
      members.removeAll { $0.key == "repetitions" }
      members.append(("repetitions", .number(runs.count)))
      merged.metadata = .object(members)
    }
    return merged
  }

  /// One note per metric of `runs` (repetitions of one scenario, as `median(of:names:)` takes) that some
  /// runs measured and others could not: `malloc_count of coalescing/inside: measured in 2 of 3 runs,
  /// the median of those`.
  static func partlyMeasured(_ runs: [ResultDocument]) -> [String] {
    guard runs.count > 1, let first = runs.first else { return [] }
    var notes: [String] = []
    for (index, variant) in first.variants.enumerated() {
      for metric in variant.metrics {
        let measured = runs.count { run in
          index < run.variants.count
            && run.variants[index].value(of: metric.name).flatMap { $0 } != nil
        }
        guard measured > 0, measured < runs.count else { continue }
        notes.append(
          "\(metric.name) of \(variant.key): measured in \(measured) of \(runs.count) runs,"
            + " the median of those")
      }
    }
    return notes
  }

  /// The middle value, or the mean of the middle two.
  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
