import CacheBenchCore

/// The figures of one variant that the finding rules read, taken from its typed results: each the
/// median over its repetitions (as the tables show it), and nil where the design or the run did not
/// measure it, so that a rule over a missing figure says nothing.
///
/// Built from `VariantResult` alone, never from a design's name or traits, so a user's design
/// registered through the public API gets the same findings as a built-in wherever its figures exist.
struct VariantFigures: Sendable, Equatable {
  /// `design(shards)/decode`.
  var label: String
  /// The design's name, which its variants of other placements share.
  var design: String
  var requests: Double
  var fetches: Double
  var duplicateFetches: Double
  /// Requests that ended with `CancellationError`.
  var cancellations: Double
  /// Requests per second of the window.
  var throughput: Double
  /// Hits per second of the window, and the share of the requests that were hits; nil when the
  /// design did not report its hits and the harness could not attribute them (`outcomesReported`).
  var hitsPerSecond: Double?
  var hitShare: Double?
  /// Realised fetch latency p50 (ns), the median over the measurements that fetched; nil without one.
  var fetchLatencyP50: UInt64?
  /// Whether, in every measurement, the design decoded nothing inside the cache although fetches
  /// returned payloads to callers (`VariantResult.decodedNothingInside`): it ignored `--decode`.
  var decodedNothingInside: Bool
  /// Fetches that returned a payload to a caller that was not cancelled: the decodes owed.
  var succeededFetches: Double
  /// How far `--cancel-rate`'s cancellation of waiting reads got into the design, each count the
  /// median over the measurements; nil when some measurement has none (no `--cancel-rate`, or a
  /// `--cancel-at` other than `wait`).
  var cancellationReach: CancellationReach.Figures?
  /// Whether, in every measurement, `--cancel-rate` reached no marked read though fetches began in
  /// them (`VariantResult.cancellationNeverReachedDesign`).
  var cancellationNeverReachedDesign: Bool
  /// `Cache.invalidate` calls issued in the window.
  var invalidations: Double
  /// The check after the window, when in every measurement it found the design's `invalidate` left
  /// the entry in place (the first measurement's); nil otherwise.
  var invalidationKeptEntry: InvalidationCheck?
  /// Share of the decodes that ran on an actor; nil without decodes.
  var decodeOnActorShare: Double?
  /// Busiest isolation domain's share of the window; nil for a design that keeps no busy totals.
  var utilisation: Double?
  /// How many isolation domains (actors, locks, shards) kept busy totals; nil for none.
  var domains: Int?
  /// Mean, p50 and p99 of `actor_wait`; nil when the design did not time its isolation.
  var waitMean: Double?
  var waitP50: Double?
  var waitP99: Double?
  /// Mean and p99 of `actor_busy_wait`; nil when the design did not measure it.
  var busyMean: Double?
  var busyP99: Double?
  /// p50 and p99 of `sched_delay`; nil when the probe took no sample.
  var schedulingP50: Double?
  var schedulingP99: Double?
  /// Request latency p50 and p99; nil when nothing completed.
  var latencyP50: Double?
  var latencyP99: Double?
  var mallocsPerRequest: Double?
  /// What each cached entry cost in bytes (`bytes_per_entry`) and the entries cached at window end
  /// (`cached_entries`); nil when unknown or nothing was cached.
  var bytesPerEntry: Double?
  var cachedEntries: Double?
  /// How the requests spread over the clients (the first measurement's); nil without one.
  var clientSpread: ClientSpread?
  /// Whether most clients starved in every measurement (`ClientSpread.isExtreme`).
  var clientsStarved: Bool
  /// The busiest client's share of the requests, the median over the measurements; nil without a
  /// spread.
  var busiestClientShare: Double?
  /// Open-loop figures: the achieved rate, the requests left unissued and the largest start lag (ns).
  var achievedRate: Double?
  var backlog: Double?
  var maximumStartLag: Double?
  /// Why the row is not a whole window, if it is not (`PartialRow`).
  var partial: PartialRow?

  /// The figures of `group`, measured in a run that stops by `stop`.
  init(_ group: VariantRepetitions, stop: StopCondition?) {
    label = group.variant.description
    design = group.variant.design.name
    requests = group.median { Double($0.requests) } ?? 0
    fetches = group.median { Double($0.fetches) } ?? 0
    duplicateFetches = group.median { Double($0.duplicateFetches) } ?? 0
    cancellations = group.median { Double($0.cancellations) } ?? 0
    throughput = group.median(\.throughput) ?? 0
    hitsPerSecond = group.median { result in
      guard result.outcomesReported, result.windowNanoseconds > 0 else { return nil }
      return Double(result.hits) * 1e9 / Double(result.windowNanoseconds)
    }
    hitShare = group.median { result in
      result.outcomesReported && result.requests > 0
        ? Double(result.hits) / Double(result.requests) : nil
    }
    fetchLatencyP50 = group.realisedFetchLatency(atPercentile: 50)
    decodedNothingInside = group.measurements.allSatisfy(\.decodedNothingInside)
    succeededFetches = group.median { Double($0.succeededFetches) } ?? 0
    cancellationReach = Self.medianReach(group)
    cancellationNeverReachedDesign = group.measurements.allSatisfy(
      \.cancellationNeverReachedDesign)
    invalidations = group.median { Double($0.invalidations) } ?? 0
    invalidationKeptEntry =
      group.measurements.allSatisfy { $0.invalidationKeptEntry != nil }
      ? group.first.invalidationKeptEntry : nil
    decodeOnActorShare = group.median(\.decodeOnActorShare)
    utilisation = group.median { $0.utilisation?.maximum }
    domains = group.first.utilisation?.busyNanoseconds.count
    let timed = group.measurements.allSatisfy(\.isolationTimed)
    let busyTimed = group.measurements.allSatisfy(\.busyWaitTimed)
    waitMean = timed ? group.median { Self.mean($0.actorWait) } : nil
    waitP50 = timed ? group.median { VariantRepetitions.percentile(50, of: $0.actorWait) } : nil
    waitP99 = timed ? group.median { VariantRepetitions.percentile(99, of: $0.actorWait) } : nil
    busyMean = busyTimed ? group.median { Self.mean($0.actorBusyWait) } : nil
    busyP99 =
      busyTimed ? group.median { VariantRepetitions.percentile(99, of: $0.actorBusyWait) } : nil
    schedulingP50 = group.median { VariantRepetitions.percentile(50, of: $0.schedulingDelay) }
    schedulingP99 = group.median { VariantRepetitions.percentile(99, of: $0.schedulingDelay) }
    latencyP50 = group.median { VariantRepetitions.percentile(50, of: $0.latency) }
    latencyP99 = group.median { VariantRepetitions.percentile(99, of: $0.latency) }
    mallocsPerRequest = group.median(\.mallocsPerRequest)
    bytesPerEntry = group.median { $0.resources.bytesPerEntry }
    cachedEntries = group.median { $0.resources.cachedEntries.map(Double.init) }
    clientSpread = group.first.clientSpread
    clientsStarved = group.measurements.allSatisfy { $0.clientSpread?.isExtreme == true }
    busiestClientShare = group.median { result in
      result.clientSpread.flatMap { spread in
        result.requests > 0 ? Double(spread.maximum) / Double(result.requests) : nil
      }
    }
    achievedRate = group.median { $0.openLoop?.achievedRate }
    backlog = group.median { $0.openLoop.map { Double($0.backlog) } }
    maximumStartLag = group.median { $0.openLoop.map { Double($0.maximumStartLagNanoseconds) } }
    partial = PartialRow(group, stop: stop)
  }

  /// Each count of the measurements' cancellation reach, the median over them; nil when some
  /// measurement has none.
  private static func medianReach(_ group: VariantRepetitions) -> CancellationReach.Figures? {
    func median(_ count: (CancellationReach.Figures) -> Int) -> Int? {
      group.median { $0.cancellationReach.map { Double(count($0)) } }
        .map { Int($0.rounded(.toNearestOrAwayFromZero)) }
    }
    guard let marked = median(\.marked), let reached = median(\.reachedDesign),
      let served = median(\.servedAfterCancellation), let fetches = median(\.fetchesOfMarkedReads)
    else { return nil }
    return CancellationReach.Figures(
      marked: marked, reachedDesign: reached, servedAfterCancellation: served,
      fetchesOfMarkedReads: fetches)
  }

  /// A histogram's mean, or nil when it recorded nothing.
  private static func mean(_ histogram: LatencyHistogram) -> Double? {
    histogram.isEmpty ? nil : histogram.mean
  }

  /// Mean `actor_busy_wait` over mean `actor_wait`: the part of the wait the isolation was busy with
  /// other work; nil when either is missing or the wait is 0.
  var busyShareOfWait: Double? {
    guard let busyMean, let waitMean, waitMean > 0 else { return nil }
    return busyMean / waitMean
  }

  /// Whether one client completed most of the requests, many times its fair share
  /// (`FindingThresholds.busiestClientShare`): the row's throughput is that client's, though few
  /// clients completed under a tenth of their share (`clientsStarved`). In the `hot-key` profile one
  /// of 256 clients completed 77% of `coalescing/none`'s requests while the rest waited out a 5 ms
  /// fetch of a 9 ms window.
  var oneClientDominated: Bool {
    guard let share = busiestClientShare, let clients = clientSpread?.clients else { return false }
    return share >= FindingThresholds.busiestClientShare
      && share * Double(clients) >= FindingThresholds.busiestClientMultipleOfFairShare
  }

  /// The busy share of a wait long enough to matter (`FindingThresholds.meaningfulWaitNanoseconds`);
  /// nil for a shorter one, or when either figure is missing.
  var busyShareOfMeaningfulWait: Double? {
    guard let waitMean, waitMean >= FindingThresholds.meaningfulWaitNanoseconds else { return nil }
    return busyShareOfWait
  }
}

/// Why a variant's row is not a whole window: the window stalled, or the run was stopped before it
/// served what the scenario asked (`--requests`, `--duration`).
struct PartialRow: Sendable, Equatable {
  /// Requests the row served (the median over its repetitions).
  var served: Int
  /// Operations the row completed: `served` and the invalidations and writes drawn in place of reads
  /// (the median over its repetitions).
  var operations: Int
  /// Operations the scenario asked for (`--requests`), in a run that stops by request count.
  var asked: Int?
  /// Whether the window stalled (a request hung in the cache) rather than being interrupted.
  var stalled: Bool

  /// The reason `group`'s row is partial, or nil when every measurement is a whole window.
  init?(_ group: VariantRepetitions, stop: StopCondition?) {
    let served = Int((group.median { Double($0.requests) } ?? 0).rounded())
    let operations = Int((group.median { Double($0.operations) } ?? 0).rounded())
    let stalled = group.measurements.contains(where: \.stalled)
    var short = false
    switch stop {
    case .requests(let count)?:
      asked = count
      // A request-count stop counts operations: the invalidations (`--invalidate-rate`) and writes
      // (`--write-rate`) drawn in place of reads count toward it, so a whole window serves fewer
      // requests than the count (the accounting check holds the same sum to it).
      short = group.measurements.contains { $0.operations < count }
    case .duration(let duration)?:
      asked = nil
      let nanoseconds = Double(DecimalText.nanoseconds(duration))
      short = group.measurements.contains {
        $0.interrupted && Double($0.windowNanoseconds) < nanoseconds
      }
    case nil:
      asked = nil
    }
    guard stalled || short else { return nil }
    self.served = served
    self.operations = operations
    self.stalled = stalled
  }

  /// `44128 of 50000 requests, interrupted`, or `… stalled`; with invalidations or writes among the
  /// operations, `41920 requests, 44128 of 50000 operations, interrupted`.
  var description: String {
    let count: String
    if let asked {
      count =
        operations == served
        ? "\(served) of \(asked) requests"
        : "\(served) requests, \(operations) of \(asked) operations"
    } else {
      count = "\(served) requests"
    }
    return count + (stalled ? ", stalled" : ", interrupted")
  }
}

extension VariantResult {
  /// The operations a request-count stop counted: requests, and the invalidations and writes drawn
  /// in their place.
  var operations: Int { requests + invalidations + (repository?.writes ?? 0) }
}
