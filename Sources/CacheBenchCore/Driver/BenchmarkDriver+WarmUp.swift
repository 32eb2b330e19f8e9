/// A variant's warm-up, and what it tells the measured window: whether its design reports outcomes.
extension BenchmarkDriver {
  /// What a variant's warm-up saw of its design's outcomes.
  enum WarmUpOutcomes {
    /// The scenario has no warm-up (`--warmup 0`).
    case notWarmedUp
    /// Every request the warm-up's cache served carried the design's outcome.
    case reported
    /// Some did not, or none was served.
    case unreported

    init(_ recorder: ClientRecorder) {
      let served = recorder.requests - recorder.errors - recorder.cancellations
      self = served > 0 && recorder.unclassified == 0 ? .reported : .unreported
    }
  }

  /// Runs `variant`'s warm-up window on a throwaway cache, when the scenario has one, and returns what
  /// it saw of the design's outcomes; nil when the design could not be built or the warm-up stalled
  /// (reported), so the variant is not measured.
  func warmUp(
    _ variant: Variant, keys: KeySequence, decoder: PayloadDecoder
  ) async -> WarmUpOutcomes? {
    guard scenario.warmupRequests > 0 else { return .notWarmedUp }
    let ledger = Self.makeLedger(scenario)
    let fetcher = makeFetcher(ledger: ledger)
    guard
      let cache = makeCache(
        variant, fetcher: fetcher, decoder: decoder, writeFetcher: makeWriteFetcher())
    else { return nil }
    let stop = StopCondition.requests(scenario.warmupRequests)
    let claims = RequestClaims(stop: stop, concurrency: scenario.concurrency)
    onEvent(.windowStarted(WindowProgress(variant, phase: .warmup, stop: stop, claims: claims)))
    let warmup = await window(
      cache: cache, clientLoop: variant.design.specialisation.clientLoop,
      mainActorClientLoop: variant.design.specialisation.mainActorClientLoop, keys: keys,
      stop: stop,
      decoder: variant.decode == .outside ? decoder : nil, claims: claims, ledger: ledger)
    if warmup.stalled {
      onEvent(
        .failed(
          variant,
          reason:
            "its warm-up made no progress for \(HumanUnits.latency(stallTimeout)) (a request hung in"
            + " the cache)"))
      return nil
    }
    return WarmUpOutcomes(warmup.recorder)
  }
}
