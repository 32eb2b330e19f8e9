import CacheBenchCore

/// Renders a run as CSV: one header line, then one row per variant, every row repeating the run's
/// metadata and scenario so files of several runs can be concatenated and filtered. A variant measured
/// several times (`--repeat`) still has one row, of medians (`render(repeated:)`).
///
/// The format is RFC 4180: records end in CRLF (`\r\n`), the last one included, as the RFC specifies
/// and spreadsheet and data-frame readers accept; a field containing a comma, a double quote, CR or LF
/// is enclosed in double quotes with inner quotes doubled. The column order is a contract
/// (STYLE.md rule 11): append new columns at the end, never reorder or rename.
///
/// Numbers are written without locale: integers plain, `.` as the decimal separator, no grouping.
/// Times are whole nanoseconds (`*_ns`) except `duration_s` and `window_s` (seconds, six decimals);
/// `throughput` is requests per second with one decimal, `latency_mean_ns` has one decimal.
/// An empty field means "not applicable": `zipf_theta` for a uniform distribution, `requests_target`
/// or `duration_s` for the stop condition not in use, latency columns of a histogram that
/// recorded nothing (for example `fetch_latency_*` when every request was a hit), `bytes_per_entry`
/// of a cache that holds nothing, and `instructions_per_request` except in the CSV
/// `scripts/valgrind callgrind` writes, `fetch_limit` and `fetch_queue_*` without `--fetch-limit`,
/// `threads` without `--threads`, `decodes` and `decode_on_actor_share` for `--decode none`.
/// `n/a` means "not measured": a memory or CPU figure whose
/// source is unavailable (jemalloc not linked, `/proc` unreadable), never written as 0.
///
/// The contention columns follow the memory and CPU ones: `actor_wait_*` and `actor_service_*` (queue delay before, and time
/// inside, the cache's isolation; for `mutex` the lock wait and hold time), the variant's uncontended
/// `hit_path_ns` and its ratio to its floor, the same without the design's clock reads
/// (`hit_path_untimed_*`), then the run's `Calibration`, the same in every row. Floor
/// figures are nanoseconds with one decimal (bytes with three for the harness's allocations, ratios with
/// two); they and the hit path are empty when the run has no calibration or the figure could not be
/// measured.
enum CSVWriter {
  /// The header, in order; see `CSVWriter` for units and empty fields.
  static let columns: [String] = fields.map(\.name)

  /// The whole CSV document: the header record, then one record per result, in the order given.
  static func render(
    results: [VariantResult], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) -> String {
    render(
      repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, calibration: calibration)
  }

  /// The fields of one result's record in column order, unescaped: what `render` writes, where the
  /// JSON export reads its metrics (so both files carry the same figures under the same names), and
  /// what documents that append columns of their own (a sweep's) start from. The repetition columns
  /// describe `repetitions`, the variant's measurements `result` is one of: by default only itself.
  static func values(
    of result: VariantResult, scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil, repetitions: VariantRepetitions? = nil
  ) -> [String] {
    let row = Row(
      result: result, scenario: scenario, metadata: metadata, calibration: calibration,
      repetitions: repetitions ?? VariantRepetitions(single: result))
    return fields.map { $0.value(row) }
  }

  /// One record: the fields escaped, joined by commas, ended by CRLF.
  static func record(_ values: [String]) -> String {
    values.map(escaped).joined(separator: ",") + "\r\n"
  }

  /// `value` as an RFC 4180 field: unchanged unless it contains a comma, double quote, CR or LF, in
  /// which case it is enclosed in double quotes and each inner double quote doubled.
  static func escaped(_ value: String) -> String {
    let needsQuotes = value.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
    guard needsQuotes else { return value }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }

  /// What one record is rendered from.
  private struct Row {
    var result: VariantResult
    var scenario: Scenario
    var metadata: RunMetadata
    var calibration: Calibration?
    var repetitions: VariantRepetitions
  }

  /// A column: its header name and how its value is written.
  private struct Field: Sendable {
    var name: String
    var value: @Sendable (Row) -> String
  }

  /// The columns in their contractual order, each with its value, so header and rows cannot drift.
  private static let fields: [Field] = [
    // Run metadata and scenario: the same in every row of one run.
    Field(name: "timestamp") { $0.metadata.timestamp },
    Field(name: "tool_version") { $0.metadata.toolVersion },
    Field(name: "swift_version") { $0.metadata.swiftVersion },
    Field(name: "git_commit") { $0.metadata.gitCommit },
    Field(name: "host_cores") { String($0.metadata.hostCores) },
    Field(name: "seed") { String($0.scenario.seed) },
    Field(name: "keys") { String($0.scenario.keys) },
    Field(name: "distribution") { $0.scenario.distribution.recordName },
    Field(name: "zipf_theta") { zipfTheta($0.scenario.distribution) },
    Field(name: "concurrency") { String($0.scenario.concurrency) },
    Field(name: "requests_target") {
      if case .requests(let count) = $0.scenario.stop { String(count) } else { "" }
    },
    Field(name: "duration_s") {
      if case .duration(let duration) = $0.scenario.stop {
        DecimalText.seconds(duration)
      } else {
        ""
      }
    },
    Field(name: "warmup") { String($0.scenario.warmupRequests) },
    // From the result rather than the scenario: the latency this variant's fetcher actually had.
    Field(name: "fetch_latency_configured_ns") {
      String(DecimalText.nanoseconds($0.result.configuredFetchLatency))
    },
    Field(name: "payload_bytes") { String($0.scenario.payloadBytes) },
    Field(name: "decode_cost_ns") { String(DecimalText.nanoseconds($0.scenario.decodeCost)) },
    // Variant.
    Field(name: "variant") { $0.result.variant.name },
    Field(name: "design") { $0.result.variant.design.name },
    Field(name: "decode") { $0.result.variant.decode.rawValue },
    Field(name: "shards") { String($0.result.variant.shards) },
    // Metrics of the measured window.
    Field(name: "requests") { String($0.result.requests) },
    Field(name: "hits") { outcomeCount($0.result, \.hits) },
    Field(name: "joins") { outcomeCount($0.result, \.joins) },
    Field(name: "leaders") { $0.result.leadersReported ? String($0.result.leaders) : notAvailable },
    Field(name: "errors") { String($0.result.errors) },
    Field(name: "cancellations") { String($0.result.cancellations) },
    Field(name: "fetches") { String($0.result.fetches) },
    Field(name: "duplicate_fetches") { String($0.result.duplicateFetches) },
    Field(name: "window_s") { DecimalText.seconds(nanoseconds: $0.result.windowNanoseconds) },
    Field(name: "throughput") { DecimalText.fixed($0.result.throughput, fractionDigits: 1) },
    Field(name: "latency_p50_ns") { percentile(50, of: $0.result.latency) },
    Field(name: "latency_p90_ns") { percentile(90, of: $0.result.latency) },
    Field(name: "latency_p99_ns") { percentile(99, of: $0.result.latency) },
    Field(name: "latency_p999_ns") { percentile(99.9, of: $0.result.latency) },
    Field(name: "latency_p9999_ns") { percentile(99.99, of: $0.result.latency) },
    Field(name: "latency_max_ns") { maximum(of: $0.result.latency) },
    Field(name: "latency_mean_ns") { mean(of: $0.result.latency) },
    Field(name: "fetch_latency_p50_ns") { percentile(50, of: $0.result.fetchLatency) },
    Field(name: "fetch_latency_p99_ns") { percentile(99, of: $0.result.fetchLatency) },
    // Instructions are counted by callgrind outside the process; scripts/valgrind fills this column from
    // the window's dump (see CallgrindWindow), so cachebench itself always leaves it empty.
    Field(name: "instructions_per_request") { _ in "" },
    // Memory and CPU of the window (`ResourceUsage`); `n/a` where unknown.
    Field(name: "allocated_bytes") { known($0.result.resources.allocator?.allocatedBytes) },
    Field(name: "resident_bytes") { known($0.result.resources.allocator?.residentBytes) },
    Field(name: "allocated_delta_bytes") {
      known($0.result.resources.allocator?.allocatedDeltaBytes)
    },
    Field(name: "resident_delta_bytes") {
      known($0.result.resources.allocator?.residentDeltaBytes)
    },
    Field(name: "malloc_count") { known($0.result.resources.allocator?.mallocCount) },
    Field(name: "mallocs_per_request") {
      $0.result.mallocsPerRequest.map { DecimalText.fixed($0, fractionDigits: 3) } ?? notAvailable
    },
    Field(name: "cached_entries") { known($0.result.resources.cachedEntries) },
    Field(name: "bytes_per_entry") { bytesPerEntry($0.result.resources) },
    Field(name: "retained_bytes") { known($0.result.resources.retainedBytes) },
    Field(name: "peak_rss_bytes") { known($0.result.resources.peakRSSBytes) },
    Field(name: "peak_rss_source") { $0.result.resources.peakRSSSource?.name ?? notAvailable },
    Field(name: "rss_bytes") { known($0.result.resources.rssBytes) },
    Field(name: "cpu_user_s") {
      microseconds($0.result.resources.cpu.map { $0.userMicroseconds })
    },
    Field(name: "cpu_sys_s") {
      microseconds($0.result.resources.cpu.map { $0.systemMicroseconds })
    },
    Field(name: "cpu_total_s") {
      $0.result.resources.cpu.map {
        DecimalText.seconds(nanoseconds: UInt64(max(0, $0.totalNanoseconds)))
      } ?? notAvailable
    },
    Field(name: "ctx_switches_vol") { known($0.result.resources.cpu?.voluntarySwitches) },
    Field(name: "ctx_switches_invol") { known($0.result.resources.cpu?.involuntarySwitches) },
    // Contention: queue delay and service time at the cache's isolation, then the floor.
    Field(name: "actor_wait_p50_ns") { isolation(50, $0.result, \.actorWait) },
    Field(name: "actor_wait_p99_ns") { isolation(99, $0.result, \.actorWait) },
    Field(name: "actor_wait_p999_ns") { isolation(99.9, $0.result, \.actorWait) },
    Field(name: "actor_wait_max_ns") { isolation(nil, $0.result, \.actorWait) },
    Field(name: "actor_service_p50_ns") { isolation(50, $0.result, \.actorService) },
    Field(name: "actor_service_p99_ns") { isolation(99, $0.result, \.actorService) },
    Field(name: "actor_service_p999_ns") { isolation(99.9, $0.result, \.actorService) },
    Field(name: "actor_service_max_ns") { isolation(nil, $0.result, \.actorService) },
    Field(name: "hit_path_ns") { cost($0.calibration?.hitPath(of: $0.result.variant)) },
    Field(name: "hit_path_floor_ratio") {
      ratio($0.calibration?.hitPathRatio(of: $0.result.variant))
    },
    Field(name: "hit_path_untimed_ns") {
      cost($0.calibration?.untimedHitPath(of: $0.result.variant))
    },
    Field(name: "hit_path_untimed_floor_ratio") {
      ratio($0.calibration?.untimedHitPathRatio(of: $0.result.variant))
    },
    Field(name: "floor_clock_read_ns") { cost($0.calibration?.clockRead) },
    Field(name: "floor_histogram_record_ns") { cost($0.calibration?.histogramRecord) },
    Field(name: "floor_async_call_ns") { cost($0.calibration?.asyncCall) },
    Field(name: "floor_empty_actor_call_ns") { cost($0.calibration?.emptyActorCall) },
    Field(name: "floor_timing_overhead_ns") { cost($0.calibration?.timingOverhead) },
    Field(name: "floor_actor_to_actor_call_ns") { cost($0.calibration?.actorToActorCall) },
    Field(name: "floor_mutex_uncontended_ns") { cost($0.calibration?.mutexUncontended) },
    Field(name: "floor_mutex_contended_ns") { cost($0.calibration?.mutexContended) },
    Field(name: "floor_mutex_contended_tasks") {
      $0.calibration.map { String($0.contendingTasks) } ?? ""
    },
    Field(name: "floor_task_creation_ns") { cost($0.calibration?.taskCreation) },
    Field(name: "floor_sleep_overshoot_50us_ns") {
      cost($0.calibration?.sleepOvershoot(atTarget: 50_000))
    },
    Field(name: "floor_sleep_overshoot_1ms_ns") {
      cost($0.calibration?.sleepOvershoot(atTarget: 1_000_000))
    },
    Field(name: "floor_sleep_overshoot_10ms_ns") {
      cost($0.calibration?.sleepOvershoot(atTarget: 10_000_000))
    },
    Field(name: "harness_ns_per_request") {
      cost($0.calibration?.harness.nanosecondsPerRequest)
    },
    Field(name: "harness_allocated_bytes_per_request") {
      $0.calibration?.harness.allocatedBytesPerRequest.map {
        DecimalText.fixed($0, fractionDigits: 3)
      } ?? ""
    },
    // Whether a signal or --deadline cut the run short (see `VariantResult.interrupted`), and how many
    // clients of this window were abandoned still inside a request.
    Field(name: "interrupted") { $0.result.interrupted ? "true" : "false" },
    Field(name: "undrained_clients") { String($0.result.undrainedClients) },
    // The fetcher's shape (`FetcherSettings`); appended after the contention columns, per the contract.
    Field(name: "fetch_latency_distribution") { $0.scenario.latencyDistribution.description },
    Field(name: "fail_rate") { shortest($0.scenario.fetcher.failRate) },
    Field(name: "ignore_cancellation") { "\($0.scenario.fetcher.ignoresCancellation)" },
    Field(name: "fetch_limit") { $0.scenario.fetcher.fetchLimit.map { String($0) } ?? "" },
    Field(name: "fetch_queue_p50_ns") { optionalPercentile(50, of: $0.result.fetchQueue) },
    Field(name: "fetch_queue_p99_ns") { optionalPercentile(99, of: $0.result.fetchQueue) },
    Field(name: "fetch_queue_max_ns") {
      $0.result.fetchQueue.map { maximum(of: $0) } ?? ""
    },
    // Open loop (`--rate`); empty in a closed-loop run. `latency_*` is then from the intended start.
    Field(name: "rate_target") {
      $0.scenario.openLoop.map { DecimalText.fixed($0.rate, fractionDigits: 1) } ?? ""
    },
    Field(name: "rate_achieved") {
      $0.result.openLoop.map { DecimalText.fixed($0.achievedRate, fractionDigits: 1) } ?? ""
    },
    Field(name: "backlog") { $0.result.openLoop.map { String($0.backlog) } ?? "" },
    Field(name: "start_lag_max_ns") {
      $0.result.openLoop.map { String($0.maximumStartLagNanoseconds) } ?? ""
    },
    Field(name: "latency_actual_p50_ns") {
      optionalPercentile(50, of: $0.result.openLoop?.actualLatency)
    },
    Field(name: "latency_actual_p99_ns") {
      optionalPercentile(99, of: $0.result.openLoop?.actualLatency)
    },
    Field(name: "latency_actual_max_ns") {
      $0.result.openLoop.map { maximum(of: $0.actualLatency) } ?? ""
    },
    // Operation mix (issue 4): the scenario's rates, then what the window issued.
    Field(name: "invalidate_rate") {
      shortest($0.scenario.invalidateRate)
    },
    Field(name: "cancel_rate") { shortest($0.scenario.cancelRate) },
    Field(name: "invalidations") { String($0.result.invalidations) },
    // Retention (issue 4): the scenario's limits, empty when there is none, then the misses they caused.
    Field(name: "capacity") { $0.scenario.capacity.map { String($0) } ?? "" },
    Field(name: "ttl_ns") {
      $0.scenario.timeToLive.map { String(DecimalText.nanoseconds($0)) } ?? ""
    },
    Field(name: "evictions") { String($0.result.evictions) },
    Field(name: "expirations") { String($0.result.expirations) },
    // Repository designs (issue 4); the measured columns are empty for the designs without a store.
    Field(name: "write_rate") { shortest($0.scenario.writeRate) },
    Field(name: "writes") { $0.result.repository.map { String($0.writes) } ?? "" },
    Field(name: "conflicts") { $0.result.repository.map { String($0.conflicts) } ?? "" },
    Field(name: "stale_rejected") { $0.result.staleRejected.map { String($0) } ?? "" },
    Field(name: "stale_served_after_write") {
      $0.result.repository.map { String($0.staleServedAfterWrite) } ?? ""
    },
    // Scheduling delay (issue 15): how long a runnable task waited for a thread in the window, sampled
    // beside the clients (`SchedulingProbe`); `n/a` when the window was too short for one sample.
    Field(name: "sched_delay_p50_ns") { sampled(50, of: $0.result.schedulingDelay) },
    Field(name: "sched_delay_p99_ns") { sampled(99, of: $0.result.schedulingDelay) },
    Field(name: "sched_delay_p999_ns") { sampled(99.9, of: $0.result.schedulingDelay) },
    Field(name: "sched_delay_max_ns") { sampled(nil, of: $0.result.schedulingDelay) },
    Field(name: "sched_delay_samples") { String($0.result.schedulingDelay.totalCount) },
    // Requests per client (issue 15, `ClientSpread`): whether the run was as concurrent as asked.
    Field(name: "client_requests_min") { known($0.result.clientSpread?.minimum) },
    Field(name: "client_requests_median") { known($0.result.clientSpread?.median) },
    Field(name: "client_requests_max") { known($0.result.clientSpread?.maximum) },
    Field(name: "client_fairness") {
      $0.result.clientSpread.map { DecimalText.fixed($0.jainIndex, fractionDigits: 3) }
        ?? notAvailable
    },
    Field(name: "clients_starved") { known($0.result.clientSpread?.starved) },
    // The busy part of actor_wait and the isolation's utilisation (issue 15, `IsolationBusyTime`); n/a
    // for a design that keeps no busy totals.
    Field(name: "actor_busy_wait_p50_ns") {
      isolation(50, $0.result, \.actorBusyWait, known: \.busyWaitTimed)
    },
    Field(name: "actor_busy_wait_p99_ns") {
      isolation(99, $0.result, \.actorBusyWait, known: \.busyWaitTimed)
    },
    Field(name: "actor_busy_wait_p999_ns") {
      isolation(99.9, $0.result, \.actorBusyWait, known: \.busyWaitTimed)
    },
    Field(name: "actor_busy_wait_max_ns") {
      isolation(nil, $0.result, \.actorBusyWait, known: \.busyWaitTimed)
    },
    Field(name: "actor_utilisation_max") {
      $0.result.utilisation.map { DecimalText.fixed($0.maximum, fractionDigits: 4) } ?? notAvailable
    },
    Field(name: "actor_utilisation_mean") {
      $0.result.utilisation.map { DecimalText.fixed($0.mean, fractionDigits: 4) } ?? notAvailable
    },
    Field(name: "isolation_domains") { known($0.result.utilisation?.domains) },
    // Client threads (issue 15): `--threads`, empty when the clients ran on Swift's global executor.
    Field(name: "threads") { $0.scenario.threads.map { String($0) } ?? "" },
    // The main actor as the caller (`--caller`, issue 19): what the clients were isolated to, then how
    // long main-actor jobs waited during the window (`MainActorResponsiveness`), empty for pool
    // clients and n/a when no probe ran (under valgrind).
    Field(name: "caller") { $0.scenario.caller.rawValue },
    Field(name: "main_delay_p50_ns") { mainActor($0) { sampled(50, of: $0.delay) } },
    Field(name: "main_delay_p99_ns") { mainActor($0) { sampled(99, of: $0.delay) } },
    Field(name: "main_delay_max_ns") { mainActor($0) { sampled(nil, of: $0.delay) } },
    Field(name: "main_delay_samples") { mainActor($0) { String($0.delay.totalCount) } },
    Field(name: "main_hitches") { mainActor($0) { String($0.hitches) } },
    Field(name: "main_hangs") { mainActor($0) { String($0.hangs) } },
    // Repetitions (`--repeat`, issue 15): how many windows the row is the median of, the coverage of the
    // intervals, and the intervals of the medians (`MedianInterval`), empty for one repetition.
    Field(name: "repetitions") { String($0.repetitions.count) },
    Field(name: "ci_level") { confidence(of: $0.repetitions) },
    Field(name: "throughput_ci_low") { bound("throughput", of: $0.repetitions, upper: false) },
    Field(name: "throughput_ci_high") { bound("throughput", of: $0.repetitions, upper: true) },
    Field(name: "latency_p50_ci_low_ns") { bound("latency_p50", of: $0.repetitions, upper: false) },
    Field(name: "latency_p50_ci_high_ns") { bound("latency_p50", of: $0.repetitions, upper: true) },
    Field(name: "latency_p99_ci_low_ns") { bound("latency_p99", of: $0.repetitions, upper: false) },
    Field(name: "latency_p99_ci_high_ns") { bound("latency_p99", of: $0.repetitions, upper: true) },
    // Where the decode really ran (issue 19): the window's decodes, and the share of them that ran on an
    // actor's executor as the concurrency runtime said at each (`CurrentExecutor.isActor`); both
    // empty for `none`, the share also for a window that decoded nothing.
    Field(name: "decodes") { $0.result.decodes.map { String($0) } ?? "" },
    Field(name: "decode_on_actor_share") {
      $0.result.decodeOnActorShare.map { DecimalText.fixed($0, fractionDigits: 4) } ?? ""
    },
    // Decode after cancellation (issue 19): when a marked read is cancelled and how often its own
    // decode checks, then what the decodes did after it (`DecodeCancellationFigures`). The counts are
    // empty without --cancel-rate or with --decode none; the waste also where no decode ran in a
    // cancelled caller's own task (`caller_decodes` 0), where it does not apply rather than is 0.
    Field(name: "cancel_at") { $0.scenario.cancelMoment.rawValue },
    Field(name: "decode_checkpoint") { String($0.scenario.decodeCheckpoint) },
    Field(name: "caller_decodes") {
      $0.result.decodeCancellation.map { String($0.callerDecodes) } ?? ""
    },
    Field(name: "decodes_elsewhere") {
      $0.result.countedDecodesElsewhere.map { String($0) } ?? ""
    },
    Field(name: "decodes_cancelled") { applying($0) { String($0.decodesCancelled) } },
    Field(name: "decodes_stopped") { applying($0) { String($0.decodesStopped) } },
    Field(name: "decode_wasted_ns") { applying($0) { String($0.wastedNanoseconds) } },
    Field(name: "decode_wasted_share") {
      $0.result.decodeCancellation?.wastedShare.map { DecimalText.fixed($0, fractionDigits: 4) }
        ?? ""
    },
    Field(name: "decode_wasted_chunks") { applying($0) { String($0.wastedChunks) } },
    // The hand-written coalescing actor's hit (calibration) and the untimed hit path against it.
    Field(name: "hit_path_untimed_reference_ratio") {
      ratio($0.calibration?.untimedReferenceRatio(of: $0.result.variant))
    },
    Field(name: "floor_reference_coalescing_hit_ns") {
      cost($0.calibration?.referenceCoalescingHit)
    },
    // What the design did not do as asked (`VariantResult.ignoredOptions`), in any repetition.
    Field(name: "ignored_options") { ignoredOptions(of: $0.repetitions) },
  ]

  /// A decode-after-cancellation figure of `row`: empty where no decode ran in a cancelled caller's
  /// own task, else what `figure` makes of the figures.
  private static func applying(
    _ row: Row, _ figure: (DecodeCancellationFigures) -> String
  ) -> String {
    guard let figures = row.result.decodeCancellation, figures.applies else { return "" }
    return figure(figures)
  }

  /// A main-actor figure of `row`: empty for clients that were not on the main actor, `n/a` when no
  /// probe ran, else what `figure` makes of the probe's samples.
  private static func mainActor(
    _ row: Row, _ figure: (MainActorResponsiveness) -> String
  ) -> String {
    guard row.scenario.caller == .main else { return "" }
    return row.result.mainActorResponsiveness.map(figure) ?? notAvailable
  }
}
