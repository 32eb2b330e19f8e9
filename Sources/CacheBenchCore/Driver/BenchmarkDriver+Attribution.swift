/// Whether the harness attributes a window's hits, joins and leaders itself (`FetchAttribution`), and
/// what it attributed, added to the result.
extension BenchmarkDriver {
  /// The attribution of a measured window of `design` after `warmUp`: none for a design whose warm-up
  /// requests all carried its outcomes, or with no warm-up one with `DesignTraits.reportsOutcomes`,
  /// which then pays nothing for it. Pool and main-actor clients alike (`MainActorClientLoop`'s
  /// attributed loop). A design's own outcomes still count wherever it reports them in an attributed
  /// window.
  func attribution(
    after warmUp: WarmUpOutcomes, design: CacheDesign, scenario: Scenario
  ) -> FetchAttribution? {
    guard warmUp != .reported else { return nil }
    if warmUp == .notWarmedUp, design.traits.contains(.reportsOutcomes) { return nil }
    return FetchAttribution(keys: scenario.keys)
  }

  /// Adds what the harness attributed (`figures`, nil when the window did not attribute) to `result`,
  /// for the requests its design did not classify. Leaders are added when every such request was
  /// attributed and no fetch was stray; hits too when no request overlapped another's fetch of its key,
  /// which leaves `unclassified` at 0 (joins are then 0: nothing could have been joined). Otherwise the
  /// figures stay n/a and `result.outcomeAttribution` says why.
  static func attribute(
    _ figures: AttributionTotals?, to result: inout VariantResult
  ) {
    guard result.unclassified > 0 else { return }
    var attribution = OutcomeAttribution(figures: figures, unclassified: result.unclassified)
    defer { result.outcomeAttribution = attribution }
    guard let figures else {
      attribution.unavailable =
        "the design declares .reportsOutcomes or its warm-up said how every request was"
        + " served, but the measured window did not"
      return
    }
    guard figures.strayFetches == 0 else {
      attribution.unavailable =
        "\(figures.strayFetches) fetches began outside any open request of their key (a"
        + " Task.detached, a background fetch, or one that outlived its request), so the harness"
        + " cannot tell who started them"
      return
    }
    guard figures.classified == result.unclassified else {
      attribution.unavailable =
        "the harness attributed \(figures.classified) of \(result.unclassified) requests"
      return
    }
    result.leaders += figures.leaders
    result.unclassified -= figures.leaders
    attribution.leadersExact = true
    guard figures.contended == 0 else { return }
    result.hits += figures.hits
    result.unclassified -= figures.hits
  }
}
