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
    records(
      of: result, scenario: scenario, metadata: metadata, calibration: calibration,
      repetitions: repetitions
    ).map(\.csvField)
  }

  /// `values(of:…)` still typed: each metric as its declaration read it, the other columns as text.
  static func records(
    of result: VariantResult, scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil, repetitions: VariantRepetitions? = nil
  ) -> [RecordValue] {
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
    var value: @Sendable (Row) -> RecordValue
  }

  /// An entry of `layout`: one column written here, or the catalogue's metrics up to one.
  private enum Layout: Sendable {
    case column(Field)
    /// The catalogue's metrics after those already placed, through the one named.
    case metrics(through: String)
    /// The bounds of each interval figure's median (`VariantRepetitions.intervalFigures`), low then
    /// high: `throughput_ci_low`, `throughput_ci_high`, `latency_p50_ci_low_ns`, …, a nanosecond
    /// figure's columns ending in `_ns`, each written with its metric's decimals (`bound`).
    case intervalBounds

    static func field(name: String, _ value: @escaping @Sendable (Row) -> String) -> Layout {
      .column(Field(name: name) { .text(value($0)) })
    }
  }

  /// The columns in order: `layout`, with each metric's column reading its declaration, kept typed
  /// until a writer's edge (`RecordValue`).
  private static let fields: [Field] = {
    var fields: [Field] = []
    var remaining = MetricCatalogue.all[...]
    func place(_ metrics: ArraySlice<MetricDeclaration>) {
      for metric in metrics {
        fields.append(
          Field(name: metric.name) { row in
            .reading(
              metric.read(
                MetricSource(
                  result: row.result, scenario: row.scenario, calibration: row.calibration)))
          })
      }
    }
    for entry in layout {
      switch entry {
      case .column(let field):
        fields.append(field)
      case .intervalBounds:
        for figure in VariantRepetitions.intervalFigures {
          let unit = figure.metric.unit == .nanoseconds ? "_ns" : ""
          for upper in [false, true] {
            fields.append(
              Field(name: figure.name + (upper ? "_ci_high" : "_ci_low") + unit) {
                .text(bound(figure.name, of: $0.repetitions, upper: upper))
              })
          }
        }
      case .metrics(let last):
        guard let end = remaining.firstIndex(where: { $0.name == last }) else {
          preconditionFailure("CSVWriter.layout places '\(last)', which no later metric is named")
        }
        place(remaining[...end])
        remaining = remaining[(end + 1)...]
      }
    }
    place(remaining)
    return fields
  }()

  /// The columns in their contractual order: the run's and the scenario's fields written here, and
  /// the metrics of `MetricCatalogue` among them, `.metrics(through:)` placing the catalogue's next
  /// metrics up to the one named; metrics declared after the last one placed follow at the end. The
  /// header and the rows come from the same list, so they cannot drift.
  private static let layout: [Layout] = [
    // Run metadata and scenario: the same in every row of one run.
    .field(name: "timestamp") { $0.metadata.timestamp },
    .field(name: "tool_version") { $0.metadata.toolVersion },
    .field(name: "swift_version") { $0.metadata.swiftVersion },
    .field(name: "git_commit") { $0.metadata.gitCommit },
    .field(name: "host_cores") { String($0.metadata.hostCores) },
    .field(name: "seed") { String($0.scenario.seed) },
    .field(name: "keys") { String($0.scenario.keys) },
    .field(name: "distribution") { $0.scenario.distribution.recordName },
    .field(name: "zipf_theta") { zipfTheta($0.scenario.distribution) },
    .field(name: "concurrency") { String($0.scenario.concurrency) },
    .field(name: "requests_target") {
      if case .requests(let count) = $0.scenario.stop { String(count) } else { "" }
    },
    .field(name: "duration_s") {
      if case .duration(let duration) = $0.scenario.stop {
        DecimalText.seconds(duration)
      } else {
        ""
      }
    },
    .field(name: "warmup") { String($0.scenario.warmupRequests) },
    // From the result rather than the scenario: the latency this variant's fetcher actually had.
    .field(name: "fetch_latency_configured_ns") {
      String(DecimalText.nanoseconds($0.result.configuredFetchLatency))
    },
    .field(name: "payload_bytes") { String($0.scenario.payloadBytes) },
    .field(name: "decode_cost_ns") { String(DecimalText.nanoseconds($0.scenario.decodeCost)) },
    // Variant.
    .field(name: "variant") { $0.result.variant.name },
    .field(name: "design") { $0.result.variant.design.name },
    .field(name: "decode") { $0.result.variant.decode.rawValue },
    .field(name: "shards") { String($0.result.variant.shards) },
    // Metrics of the measured window.
    .metrics(through: "fetch_latency_p99_ns"),
    // Instructions are counted by callgrind outside the process; scripts/valgrind fills this column from
    // the window's dump (see CallgrindWindow), so cachebench itself always leaves it empty.
    .metrics(through: "instructions_per_request"),
    // Memory and CPU of the window (`ResourceUsage`); `n/a` where unknown.
    .metrics(through: "peak_rss_bytes"),
    .field(name: "peak_rss_source") { $0.result.resources.peakRSSSource?.name ?? notAvailable },
    .metrics(through: "ctx_switches_invol"),
    // Contention: queue delay and service time at the cache's isolation, then the floor.
    .metrics(through: "harness_allocated_bytes_per_request"),
    // Whether a signal or --deadline cut the run short (see `VariantResult.interrupted`), and how many
    // clients of this window were abandoned still inside a request.
    .field(name: "interrupted") { $0.result.interrupted ? "true" : "false" },
    .metrics(through: "undrained_clients"),
    // The fetcher's shape (`FetcherSettings`); appended after the contention columns, per the contract.
    .field(name: "fetch_latency_distribution") { $0.scenario.latencyDistribution.description },
    .field(name: "fail_rate") { shortest($0.scenario.fetcher.failRate) },
    .field(name: "ignore_cancellation") { "\($0.scenario.fetcher.ignoresCancellation)" },
    .field(name: "fetch_limit") { $0.scenario.fetcher.fetchLimit.map { String($0) } ?? "" },
    .metrics(through: "fetch_queue_max_ns"),
    // Open loop (`--rate`); empty in a closed-loop run. `latency_*` is then from the intended start.
    .field(name: "rate_target") {
      $0.scenario.openLoop.map { DecimalText.fixed($0.rate, fractionDigits: 1) } ?? ""
    },
    .metrics(through: "latency_actual_max_ns"),
    // Operation mix (issue 4): the scenario's rates, then what the window issued.
    .field(name: "invalidate_rate") {
      shortest($0.scenario.invalidateRate)
    },
    .field(name: "cancel_rate") { shortest($0.scenario.cancelRate) },
    .metrics(through: "invalidations"),
    // Retention (issue 4): the scenario's limits, empty when there is none, then the misses they caused.
    .field(name: "capacity") { $0.scenario.capacity.map { String($0) } ?? "" },
    .field(name: "ttl_ns") {
      $0.scenario.timeToLive.map { String(DecimalText.nanoseconds($0)) } ?? ""
    },
    .metrics(through: "expirations"),
    // Repository designs (issue 4); the measured columns are empty for the designs without a store.
    .field(name: "write_rate") { shortest($0.scenario.writeRate) },
    .metrics(through: "stale_served_after_write"),
    // Scheduling delay (issue 15): how long a runnable task waited for a thread in the window, sampled
    // beside the clients (`SchedulingProbe`); `n/a` when the window was too short for one sample.
    .metrics(through: "sched_delay_samples"),
    // Requests per client (issue 15, `ClientSpread`): whether the run was as concurrent as asked.
    .metrics(through: "clients_starved"),
    // The busy part of actor_wait and the isolation's utilisation (issue 15, `IsolationBusyTime`); n/a
    // for a design that keeps no busy totals.
    .metrics(through: "isolation_domains"),
    // Client threads (issue 15): `--threads`, empty when the clients ran on Swift's global executor.
    .field(name: "threads") { $0.scenario.threads.map { String($0) } ?? "" },
    // The main actor as the caller (`--caller`, issue 19): what the clients were isolated to, then how
    // long main-actor jobs waited during the window (`MainActorResponsiveness`), empty for pool
    // clients and n/a when no probe ran (under valgrind).
    .field(name: "caller") { $0.scenario.caller.rawValue },
    .metrics(through: "main_hangs"),
    // Repetitions (`--repeat`, issue 15): how many windows the row is the median of, the coverage of the
    // intervals, and the intervals of the medians (`MedianInterval`), empty for one repetition.
    .field(name: "repetitions") { String($0.repetitions.count) },
    .field(name: "ci_level") { confidence(of: $0.repetitions) },
    .intervalBounds,
    // Where the decode really ran (issue 19): the window's decodes, and the share of them that ran on an
    // actor's executor as the concurrency runtime said at each (`CurrentExecutor.isActor`); both
    // empty for `none`, the share also for a window that decoded nothing.
    .metrics(through: "decode_on_actor_share"),
    // Decode after cancellation (issue 19): when a marked read is cancelled and how often its own
    // decode checks, then what the decodes did after it (`DecodeCancellationFigures`). The counts are
    // empty without --cancel-rate or with --decode none; the waste also where no decode ran in a
    // cancelled caller's own task (`caller_decodes` 0), where it does not apply rather than is 0.
    .field(name: "cancel_at") { $0.scenario.cancelMoment.rawValue },
    .field(name: "decode_checkpoint") { String($0.scenario.decodeCheckpoint) },
    .metrics(through: "decode_wasted_chunks"),
    // The hand-written coalescing actor's hit (calibration) and the untimed hit path against it.
    .metrics(through: "floor_reference_coalescing_hit_ns"),
    // What the design did not do as asked (`VariantResult.ignoredOptions`), in any repetition.
    .field(name: "ignored_options") { ignoredOptions(of: $0.repetitions) },
  ]
}
