/// Renders a run as CSV: one header line, then one row per variant, every row repeating the run's
/// metadata and scenario so files of several runs can be concatenated and filtered.
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
/// `scripts/valgrind callgrind` writes, `fetch_limit` and `fetch_queue_*` without `--fetch-limit`.
/// `n/a` means "not measured": a memory or CPU figure whose
/// source is unavailable (jemalloc not linked, `/proc` unreadable), never written as 0.
enum CSVWriter {
  /// The header, in order; see `CSVWriter` for units and empty fields.
  static let columns: [String] = fields.map(\.name)

  /// The whole CSV document: the header record, then one record per result, in the order given.
  static func render(results: [VariantResult], scenario: Scenario, metadata: RunMetadata) -> String
  {
    var text = record(columns)
    for result in results {
      text += record(values(of: result, scenario: scenario, metadata: metadata))
    }
    return text
  }

  /// The fields of one result's record in column order, unescaped: what `render` writes, and where
  /// the JSON export reads its metrics, so both files carry the same figures under the same names.
  static func values(of result: VariantResult, scenario: Scenario, metadata: RunMetadata)
    -> [String]
  {
    let row = Row(result: result, scenario: scenario, metadata: metadata)
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
    Field(name: "distribution") { distributionName($0.scenario.distribution) },
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
    Field(name: "design") { $0.result.variant.design.rawValue },
    Field(name: "decode") { $0.result.variant.decode.rawValue },
    Field(name: "shards") { String($0.result.variant.shards) },
    // Metrics of the measured window.
    Field(name: "requests") { String($0.result.requests) },
    Field(name: "hits") { String($0.result.hits) },
    Field(name: "joins") { String($0.result.joins) },
    Field(name: "leaders") { String($0.result.leaders) },
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
    // The fetcher's shape (`FetcherSettings`); appended after the memory columns, per the contract.
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
  ]

  /// A number in Swift's shortest round-trip form, without a `.0` on whole numbers (`0`, `0.05`, `1`).
  private static func shortest(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// A percentile of a histogram that exists only in some runs (the fetch pool's); empty otherwise.
  private static func optionalPercentile(_ percentile: Double, of histogram: LatencyHistogram?)
    -> String
  {
    histogram.map { Self.percentile(percentile, of: $0) } ?? ""
  }

  /// The field of a figure that could not be measured; distinct from an empty field, which means the
  /// figure does not apply.
  static let notAvailable = "n/a"

  /// An integer as plain digits, or `n/a` when it was not measured.
  private static func known<Value: BinaryInteger>(_ value: Value?) -> String {
    value.map { String($0) } ?? notAvailable
  }

  /// Seconds with six decimals from whole microseconds.
  private static func microseconds(_ value: Int64?) -> String {
    value.map { DecimalText.seconds(nanoseconds: UInt64(max(0, $0)) * 1_000) } ?? notAvailable
  }

  /// Bytes with one decimal; empty when the cache holds nothing (no entry to charge), `n/a` when unknown.
  private static func bytesPerEntry(_ resources: ResourceUsage) -> String {
    if resources.cachedEntries == 0 { return "" }
    return resources.bytesPerEntry.map { DecimalText.fixed($0, fractionDigits: 1) } ?? notAvailable
  }

  private static func distributionName(_ distribution: KeyDistributionKind) -> String {
    switch distribution {
    case .uniform: "uniform"
    case .zipf: "zipf"
    case .hotspot(let hot, let share): "hotspot:\(hot),\(share)"
    }
  }

  /// Theta in Swift's shortest round-trip form (`0.99`), which is locale-free and exact.
  private static func zipfTheta(_ distribution: KeyDistributionKind) -> String {
    if case .zipf(let theta) = distribution { "\(theta)" } else { "" }
  }

  private static func percentile(_ percentile: Double, of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : String(histogram.value(atPercentile: percentile))
  }

  private static func maximum(of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : String(histogram.max)
  }

  private static func mean(of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : DecimalText.fixed(histogram.mean, fractionDigits: 1)
  }
}
