import CacheBenchCore

extension MetricCatalogue {
  /// Where the decode ran, what decodes did after a cancellation, and the hit path against the
  /// hand-written coalescing actor's.
  static let decode: [MetricDeclaration] = [
    MetricDeclaration(
      "decodes", .count, better: .none, doc: "decodes the window ran; empty for `--decode none`"
    ) { .integer($0.result.decodes, else: .notApplicable) },
    MetricDeclaration(
      "decode_on_actor_share", .ratio, better: .equal,
      rule: MetricRule(better: .equal, absolute: 0.05, portable: true),
      doc: "share of decodes that ran on an actor's executor"
    ) { .decimal($0.result.decodeOnActorShare, fractionDigits: 4) },
    MetricDeclaration(
      "caller_decodes", .count, better: .none,
      doc: "decodes that ran in a cancelled caller's own task"
    ) { .integer($0.result.decodeCancellation?.callerDecodes, else: .notApplicable) },
    MetricDeclaration(
      "decodes_elsewhere", .count, better: .none,
      doc: "decodes of a marked request that ran in another task"
    ) { .integer($0.result.countedDecodesElsewhere, else: .notApplicable) },
    MetricDeclaration(
      "decodes_cancelled", .count, better: .none, doc: "decodes that saw their cancellation"
    ) { $0.decodeCancellation { .integer($0.decodesCancelled) } },
    MetricDeclaration(
      "decodes_stopped", .count, better: .higher, doc: "decodes that stopped at a checkpoint"
    ) { $0.decodeCancellation { .integer($0.decodesStopped) } },
    MetricDeclaration(
      "decode_wasted_ns", .nanoseconds, better: .lower,
      doc: "decode time spent after the caller was cancelled"
    ) { $0.decodeCancellation { .integer($0.wastedNanoseconds) } },
    MetricDeclaration(
      "decode_wasted_share", .ratio, better: .lower,
      doc: "`decode_wasted_ns` over the cancelled callers' decode time"
    ) { .decimal($0.result.decodeCancellation?.wastedShare, fractionDigits: 4) },
    MetricDeclaration(
      "decode_wasted_chunks", .count, better: .lower,
      doc: "decode chunks run after the caller was cancelled"
    ) { $0.decodeCancellation { .integer($0.wastedChunks) } },
    MetricDeclaration(
      "hit_path_untimed_reference_ratio", .ratio, better: .lower,
      doc: "`hit_path_untimed_ns` over the hand-written coalescing actor's hit"
    ) { .ratio($0.calibration?.untimedReferenceRatio(of: $0.result.variant)) },
    floor("reference_coalescing_hit", "the hand-written coalescing actor's hit") {
      $0.referenceCoalescingHit
    },
  ]
}
