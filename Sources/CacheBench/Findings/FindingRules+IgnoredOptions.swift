import CacheBenchCore

extension FindingRules {
  private typealias Limits = FindingThresholds

  /// One option's part of the ignored-options finding: the variants, what was found, its evidence
  /// and the fix.
  private struct IgnoredOption {
    var variants: [String]
    var statement: String
    var evidence: String
    var remedy: String
  }

  /// A design ignored an option of the run, each from counts the harness measured and quoted in the
  /// evidence: with `--decode`, it decoded nothing inside the cache although its fetches returned
  /// payloads; with `--cancel-rate`, it never called `WaitCancellation.waitBegins()` in a marked read
  /// though fetches began in them, or served reads it had cancelled; with `--invalidate-rate`, the
  /// check after the window found its `invalidate` left the entry in place. Where the harness has no
  /// cancellation counts (`--cancel-at` other than `wait`), a variant that ended no request cancelled
  /// while another of the run ended many so.
  static func ignoredOptions(_ figures: [VariantFigures], cancelRate: Double) -> Finding? {
    let whole = figures.filter { $0.partial == nil }
    let parts = [
      undecoded(whole), unreachedCancellation(whole), servedCancellation(whole),
      uncancelled(whole, cancelRate: cancelRate), keptOnInvalidation(whole),
    ].compactMap { $0 }
    guard !parts.isEmpty else { return nil }
    var variants: [String] = []
    for label in parts.flatMap(\.variants) where !variants.contains(label) {
      variants.append(label)
    }
    return Finding(
      rule: .ignoredOptions, variants: variants,
      statement: FindingText.list(parts.map(\.statement)),
      evidence: FindingText.list(parts.map(\.evidence)),
      remedy: parts.map(\.remedy).joined(separator: "; ")
        + "; until then those rows measured none of it",
      link: "docs/benchmark-your-own-cache.md#the-hooks")
  }

  private static func undecoded(_ whole: [VariantFigures]) -> IgnoredOption? {
    let firing = whole.filter(\.decodedNothingInside)
    guard !firing.isEmpty else { return nil }
    return IgnoredOption(
      variants: firing.map(\.label),
      statement:
        "\(FindingText.names(firing.map(\.label), limit: 8)) decoded nothing inside the cache",
      evidence: FindingText.list(
        firing.map {
          "\($0.label): \(FindingText.count($0.succeededFetches)) fetches returned payloads to"
            + " callers, 0 decodes inside the cache"
        }) + ": the variant measured no decode work",
      remedy: "decoding through the environment's decoder (`decoder.decode`)")
  }

  /// Variants that never let `--cancel-rate` cancel a read: no `waitBegins()` in any marked read.
  private static func unreachedCancellation(_ whole: [VariantFigures]) -> IgnoredOption? {
    let firing = whole.filter(\.cancellationNeverReachedDesign)
    guard !firing.isEmpty else { return nil }
    return IgnoredOption(
      variants: firing.map(\.label),
      statement: "\(FindingText.names(firing.map(\.label), limit: 8)) let --cancel-rate cancel"
        + " no read",
      evidence: FindingText.list(
        firing.map { variant in
          let reach = variant.cancellationReach ?? .init()
          return "\(variant.label): \(reach.reachedDesign) of the \(reach.marked) reads"
            + " --cancel-rate marked reached WaitCancellation.waitBegins(), though"
            + " \(reach.fetchesOfMarkedReads) fetches began in them"
        }),
      remedy: cancellationRemedy)
  }

  /// Variants that answered reads they had cancelled with a value.
  private static func servedCancellation(_ whole: [VariantFigures]) -> IgnoredOption? {
    let firing = whole.filter { ($0.cancellationReach?.servedAfterCancellation ?? 0) > 0 }
    guard !firing.isEmpty else { return nil }
    return IgnoredOption(
      variants: firing.map(\.label),
      statement: "\(FindingText.names(firing.map(\.label), limit: 8)) served reads --cancel-rate"
        + " had cancelled",
      evidence: FindingText.list(
        firing.map { variant in
          let reach = variant.cancellationReach ?? .init()
          return "\(variant.label): \(reach.servedAfterCancellation) of the"
            + " \(reach.reachedDesign) reads cancelled once they waited returned a value instead"
            + " of throwing CancellationError"
        }),
      remedy: "letting a cancelled waiter throw CancellationError")
  }

  /// Without the harness's cancellation counts: variants that ended no request cancelled while
  /// another variant of the run ended many so.
  private static func uncancelled(_ whole: [VariantFigures], cancelRate: Double) -> IgnoredOption? {
    guard cancelRate > 0, let most = whole.max(by: { $0.cancellations < $1.cancellations }),
      most.cancellations >= Limits.cancellationsElsewhere
    else { return nil }
    let firing = whole.filter {
      $0.cancellationReach == nil && $0.cancellations == 0 && $0.requests > 0
    }
    guard !firing.isEmpty else { return nil }
    return IgnoredOption(
      variants: firing.map(\.label),
      statement: "\(FindingText.names(firing.map(\.label), limit: 8)) ended no request cancelled"
        + " (--cancel-rate \(DecimalText.fixed(cancelRate, fractionDigits: 2)))",
      evidence: "\(most.label) ended \(FindingText.count(most.cancellations)) with"
        + " CancellationError under the same workload",
      remedy: cancellationRemedy)
  }

  private static let cancellationRemedy =
    "calling `WaitCancellation.waitBegins()` before the first await (without it --cancel-rate"
    + " cancels nothing) and letting a cancelled waiter throw"

  /// Variants whose `invalidate` left an entry in place, as the check after the window found.
  private static func keptOnInvalidation(_ whole: [VariantFigures]) -> IgnoredOption? {
    let firing = whole.filter { $0.invalidationKeptEntry != nil }
    guard !firing.isEmpty else { return nil }
    return IgnoredOption(
      variants: firing.map(\.label),
      statement: "\(FindingText.names(firing.map(\.label), limit: 8))'s invalidate left the"
        + " entry in place",
      evidence: FindingText.list(
        firing.map { variant in
          let key = variant.invalidationKeptEntry?.key ?? 0
          return "\(variant.label): after the window, a read of key \(key) that fetched nothing,"
            + " invalidate(\(key)), then a read that fetched nothing either; the window's"
            + " \(FindingText.count(variant.invalidations)) invalidations may have removed nothing"
        }),
      remedy: "removing the entry (and cancelling its fetch) in `invalidate`")
  }
}
