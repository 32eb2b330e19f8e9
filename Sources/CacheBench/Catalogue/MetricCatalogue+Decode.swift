import CacheBenchCore

extension MetricCatalogue {
  /// Where the decode ran, what decodes did after a cancellation, and the hit path against the
  /// hand-written coalescing actor's.
  static let decode: [MetricDeclaration] = [
    MetricDeclaration(
      "decodes", .count, better: .none,
      doc:
        "count: decodes in the window, wherever they ran (in the cache once per fetch, or for `outside` in the caller on every request); empty for `--decode none`"
    ) { .integer($0.result.decodes, else: .notApplicable) },
    MetricDeclaration(
      "decode_on_actor_share", .ratio, better: .equal,
      rule: MetricRule(better: .equal, absolute: 0.05, portable: true),
      doc:
        "fraction, 4 decimals: the share of `decodes` that ran on an actor's executor, asked of the concurrency runtime at each decode (see [metrics](decode.md#did-it-run-on-the-actor-decode_on_actor_share)); empty for `--decode none` or a window that decoded nothing, never 0 then"
    ) { .decimal($0.result.decodeOnActorShare, fractionDigits: 4) }
    .shown(in: .contention, as: "on actor", at: 100, .percent, notApplicable: "n/a"),
    MetricDeclaration(
      "caller_decodes", .count, better: .none,
      doc:
        "count: decodes that ran in a cancelled read's own task, where its cancellation reaches (see [metrics](decode.md#decode-after-cancellation-wasted-work)); empty without `--cancel-rate` or for `--decode none`"
    ) { .integer($0.result.decodeCancellation?.callerDecodes, else: .notApplicable) },
    MetricDeclaration(
      "decodes_elsewhere", .count, better: .none,
      doc:
        "count: decodes of cancelled reads that ran in another task (an entry's fetch task), which no caller's cancellation reaches; empty as `caller_decodes`, and for `--decode detached`, whose detached task inherits no task-local mark to count them by"
    ) { .integer($0.result.countedDecodesElsewhere, else: .notApplicable) },
    MetricDeclaration(
      "decodes_cancelled", .count, better: .none,
      doc:
        "count: of `caller_decodes`, those whose task was cancelled before they ended; empty as `caller_decodes`, and when `caller_decodes` is 0 (the waste does not apply), never 0 then"
    ) { $0.decodeCancellation { .integer($0.decodesCancelled) } },
    MetricDeclaration(
      "decodes_stopped", .count, better: .higher,
      doc:
        "count: of `decodes_cancelled`, those a checkpoint stopped before their end; empty as `decodes_cancelled`"
    ) { $0.decodeCancellation { .integer($0.decodesStopped) } },
    MetricDeclaration(
      "decode_wasted_ns", .nanoseconds, better: .lower,
      doc:
        "ns: decode CPU time (the thread's) after the cancellation, summed over `decodes_cancelled`; empty as `decodes_cancelled`"
    ) { $0.decodeCancellation { .integer($0.wastedNanoseconds) } },
    MetricDeclaration(
      "decode_wasted_share", .ratio, better: .lower,
      doc:
        "fraction, 4 decimals: `decode_wasted_ns` over the CPU time of every decode of the window; empty as `decodes_cancelled`"
    ) { .decimal($0.result.decodeCancellation?.wastedShare, fractionDigits: 4) },
    MetricDeclaration(
      "decode_wasted_chunks", .count, better: .lower,
      doc:
        "count: chunks (passes over the payload) run after the cancellation, summed over `decodes_cancelled`; empty as `decodes_cancelled`"
    ) { $0.decodeCancellation { .integer($0.wastedChunks) } },
    MetricDeclaration(
      "hit_path_untimed_reference_ratio", .ratio, better: .lower,
      doc:
        "ratio, 2 decimals: `hit_path_untimed_ns` / `floor_reference_coalescing_hit_ns`: 1 means the design's own hit costs what the hand-written actor's does; empty when either is not measured"
    ) { .ratio($0.calibration?.untimedReferenceRatio(of: $0.result.variant)) },
    floor(
      "reference_coalescing_hit",
      "ns, 1 decimal: a hit of the coalescing actor its users write by hand (an isolated async method over a `Dictionary`), untimed, measured in the same run (see [metrics](metrics.md#calibration-the-floor))"
    ) {
      $0.referenceCoalescingHit
    },
  ]
}
