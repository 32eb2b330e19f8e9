import CacheBenchCore

extension FindingRules {
  /// A variant made duplicate fetches, but no more than its invalidations: each invalidation removes
  /// the entry and cancels its fetch, and the next miss fetches again while the cancelled fetch still
  /// runs at the fetcher, so each may start one duplicate. Such duplicates are not the design's
  /// reentrancy, nor can the run tell them from it: the finding names the variant and says so, where
  /// the duplicate-fetch rule (`duplicateFetches`), which accuses reentrancy, counts only duplicates
  /// beyond the invalidations.
  static func duplicatesWithinInvalidations(_ figures: [VariantFigures]) -> Finding? {
    let explained = figures.filter { variant in
      variant.partial == nil && variant.duplicateFetches >= FindingThresholds.duplicateFetches
        && variant.duplicateFetches <= variant.invalidations
    }.sorted { $0.duplicateFetches > $1.duplicateFetches }
    guard !explained.isEmpty else { return nil }
    let statement = explained.map { variant in
      "\(variant.label) made \(FindingText.count(variant.duplicateFetches)) of"
        + " \(FindingText.count(variant.fetches)) fetches, no more than its"
        + " \(FindingText.count(variant.invalidations)) invalidations"
    }
    return Finding(
      rule: .duplicatesWithinInvalidations, variants: explained.map(\.label),
      statement: FindingText.list(statement),
      evidence:
        "duplicate_fetches and invalidations: an invalidation removes the entry and cancels its"
        + " fetch, and the next miss fetches again while the cancelled fetch still runs, so each"
        + " may start one duplicate; these are expected, and not counted as reentrancy (nor told"
        + " from it)",
      remedy: "the same run without --invalidate-rate, which shows a design's own duplicates",
      link: "docs/duplicates.md#fetches-that-are-not-duplicates")
  }
}
