import CacheBenchCore

/// The full result of a run as the `--json` file holds it: schema version, run metadata, every
/// scenario option, and per variant its metrics and histograms.
///
/// The shape is a contract other programs read (the gate among them), versioned by `schema`: a
/// change that renames, removes or retypes a field increments it; adding a metric or a histogram does
/// not. Keys are snake_case and the metric keys are exactly the CSV column names from `requests` on
/// (see `CSVWriter`), so one vocabulary serves the CSV, the JSON and the gate. Units follow the
/// names: `_ns` nanoseconds, `_s` seconds, `_bytes` bytes, `throughput` requests per second.
/// A value that does not apply, or was not measured, is `null`, never 0.
struct JSONResult: Codable, Sendable, Equatable {
  /// The version of this shape.
  static let currentSchema = 1
  /// What `kind` says for a run's result, so a reader can tell it from other documents.
  static let resultKind = "result"

  var schema: Int
  var kind: String
  /// Whether the run stopped early; such a document holds only the variants that finished.
  var interrupted: Bool
  var metadata: Metadata
  var scenario: ScenarioRecord
  var variants: [VariantRecord]
  /// Each variant's figures over its reference variant's (`ReferenceRatio`), when the run showed them
  /// (`--repeat` above 1, or `--reference`); absent otherwise.
  var ratios: [RatioRecord]? = nil
  /// The run's findings (`Findings`), every one, most serious first; empty when no rule fired. Absent
  /// only from a document written before findings existed.
  var findings: [FindingRecord]? = nil

  enum CodingKeys: String, CodingKey {
    case schema
    case kind
    case interrupted
    case metadata
    case scenario
    case variants
    case ratios
    case findings
  }

  /// One finding: the rule that fired (`FindingRule`'s raw value, e.g. `duplicate_fetches`), its rank
  /// from 1, the variants it names, and its statement, evidence, remedy and documentation link.
  struct FindingRecord: Codable, Sendable, Equatable {
    var rule: String
    var rank: Int
    var variants: [String]
    var statement: String
    var evidence: String
    var remedy: String
    var link: String

    /// The record of `finding`, ranked `rank`.
    init(_ finding: Finding, rank: Int) {
      rule = finding.rule.rawValue
      self.rank = rank
      variants = finding.variants
      statement = finding.statement
      evidence = finding.evidence
      remedy = finding.remedy
      link = finding.link
    }
  }

  /// One ratio line: `variant`'s `figure` over `reference`'s, the median of the repetitions' paired
  /// ratios and its interval (`low`, `high`: `null` from one repetition) with its coverage.
  struct RatioRecord: Codable, Sendable, Equatable {
    /// `design(shards)/decode`, as `scenario.variants` names it.
    var variant: String
    var reference: String
    /// `throughput`, `latency_p50` or `latency_p99`.
    var figure: String
    var median: Double
    var low: Double?
    var high: Double?
    /// The probability that [low, high] covers the true median ratio; 0 from one repetition.
    var confidence: Double
    /// Paired repetitions the ratio is the median of.
    var repetitions: Int

    /// The record of `ratio`.
    init(_ ratio: ReferenceRatio) {
      variant = ratio.variant.description
      reference = ratio.reference.description
      figure = ratio.figure
      median = ratio.ratio.median
      low = ratio.ratio.bounds?.lowerBound
      high = ratio.ratio.bounds?.upperBound
      confidence = ratio.ratio.confidence
      repetitions = ratio.ratio.count
    }

    /// Writes every key, `null` for a missing bound, rather than the synthesised omission.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(variant, forKey: .variant)
      try container.encode(reference, forKey: .reference)
      try container.encode(figure, forKey: .figure)
      try container.encode(median, forKey: .median)
      try container.encode(low, forKey: .low)
      try container.encode(high, forKey: .high)
      try container.encode(confidence, forKey: .confidence)
      try container.encode(repetitions, forKey: .repetitions)
    }
  }

  /// Who ran what, where and when (`RunMetadata`).
  struct Metadata: Codable, Sendable, Equatable {
    /// ISO 8601, UTC.
    var timestamp: String
    var toolVersion: String
    var swiftVersion: String
    /// `unknown` when not known.
    var gitCommit: String
    var hostCores: Int
    var hostName: String

    enum CodingKeys: String, CodingKey {
      case timestamp
      case toolVersion = "tool_version"
      case swiftVersion = "swift_version"
      case gitCommit = "git_commit"
      case hostCores = "host_cores"
      case hostName = "host_name"
    }
  }

  /// Every option of the scenario, named as in the CSV where the CSV has it.
  struct ScenarioRecord: Codable, Sendable, Equatable {
    /// The variants measured, in order, as `design(shards)/decode` names: `sharded(8)/inside`.
    var variants: [String]
    /// Actors of the sharded design.
    var shards: Int
    var keys: Int
    /// `uniform` or `zipf`.
    var distribution: String
    /// `null` for uniform.
    var zipfTheta: Double?
    var seed: UInt64
    var concurrency: Int
    /// Requests per window; `null` when the window stops by duration.
    var requestsTarget: Int?
    /// Seconds per window; `null` when the window stops by request count.
    var durationSeconds: Double?
    /// Warm-up requests before each window.
    var warmup: Int
    var fetchLatencyConfiguredNanoseconds: Int64
    var payloadBytes: Int
    var decodeCostNanoseconds: Int64
    /// The `--latency` distribution in canonical form (`lognormal:2ms,0.5`); absent in older files.
    var fetchLatencyDistribution: String? = nil
    /// Share of fetches that fail; absent in older files.
    var failRate: Double? = nil
    /// Whether fetches ignore their caller's cancellation; absent in older files.
    var ignoreCancellation: Bool? = nil
    /// Most fetches in flight at the fetcher; `null` when unlimited.
    var fetchLimit: Int? = nil
    /// Open-loop requests per second; `null` in a closed-loop run.
    var rateTarget: Double? = nil
    /// Threads of their own the clients ran on (`--threads`); `null` for Swift's global executor.
    var threads: Int? = nil
    /// What the clients were isolated to (`--caller`): `pool` or `main`; absent in older files.
    var caller: String? = nil
    /// Share of operations that invalidate their key (`--invalidate-rate`); absent in older files.
    var invalidateRate: Double? = nil
    /// Share of reads cancelled while they wait (`--cancel-rate`); absent in older files.
    var cancelRate: Double? = nil
    /// When a marked read is cancelled (`--cancel-at`): `wait` or `decode`; absent in older files.
    var cancelAt: String? = nil
    /// Chunks between a cancelled read's decode checks (`--decode-checkpoint`); absent in older files.
    var decodeCheckpoint: Int? = nil
    /// Ready entries kept at most (`--capacity`); `null` when unbounded.
    var capacity: Int? = nil
    /// How long a ready entry is kept (`--ttl`), ns; `null` when for ever.
    var timeToLiveNanoseconds: Int64? = nil
    /// Share of operations that write (`--write-rate`); absent in older files.
    var writeRate: Double? = nil

    enum CodingKeys: String, CodingKey {
      case variants
      case shards
      case keys
      case distribution
      case zipfTheta = "zipf_theta"
      case seed
      case concurrency
      case requestsTarget = "requests_target"
      case durationSeconds = "duration_s"
      case warmup
      case fetchLatencyConfiguredNanoseconds = "fetch_latency_configured_ns"
      case payloadBytes = "payload_bytes"
      case decodeCostNanoseconds = "decode_cost_ns"
      case fetchLatencyDistribution = "fetch_latency_distribution"
      case failRate = "fail_rate"
      case ignoreCancellation = "ignore_cancellation"
      case fetchLimit = "fetch_limit"
      case rateTarget = "rate_target"
      case threads
      case caller
      case invalidateRate = "invalidate_rate"
      case cancelRate = "cancel_rate"
      case cancelAt = "cancel_at"
      case decodeCheckpoint = "decode_checkpoint"
      case capacity
      case timeToLiveNanoseconds = "ttl_ns"
      case writeRate = "write_rate"
    }

    /// Writes every key, `null` for what does not apply, rather than the synthesised omission.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(variants, forKey: .variants)
      try container.encode(shards, forKey: .shards)
      try container.encode(keys, forKey: .keys)
      try container.encode(distribution, forKey: .distribution)
      try container.encode(zipfTheta, forKey: .zipfTheta)
      try container.encode(seed, forKey: .seed)
      try container.encode(concurrency, forKey: .concurrency)
      try container.encode(requestsTarget, forKey: .requestsTarget)
      try container.encode(durationSeconds, forKey: .durationSeconds)
      try container.encode(warmup, forKey: .warmup)
      try container.encode(
        fetchLatencyConfiguredNanoseconds, forKey: .fetchLatencyConfiguredNanoseconds)
      try container.encode(payloadBytes, forKey: .payloadBytes)
      try container.encode(decodeCostNanoseconds, forKey: .decodeCostNanoseconds)
      try container.encode(fetchLatencyDistribution, forKey: .fetchLatencyDistribution)
      try container.encode(failRate, forKey: .failRate)
      try container.encode(ignoreCancellation, forKey: .ignoreCancellation)
      try container.encode(fetchLimit, forKey: .fetchLimit)
      try container.encode(rateTarget, forKey: .rateTarget)
      try container.encode(threads, forKey: .threads)
      try container.encode(caller, forKey: .caller)
      try container.encode(invalidateRate, forKey: .invalidateRate)
      try container.encode(cancelRate, forKey: .cancelRate)
      try container.encode(cancelAt, forKey: .cancelAt)
      try container.encode(decodeCheckpoint, forKey: .decodeCheckpoint)
      try container.encode(capacity, forKey: .capacity)
      try container.encode(timeToLiveNanoseconds, forKey: .timeToLiveNanoseconds)
      try container.encode(writeRate, forKey: .writeRate)
    }
  }

  /// One variant's identity, metrics and histograms.
  struct VariantRecord: Codable, Sendable, Equatable {
    /// The name used in tables and CSV: `sharded(8)`.
    var variant: String
    var design: String
    var decode: String
    var shards: Int
    /// Keyed by CSV column name: `requests`, `throughput`, `latency_p99_ns`, ...
    var metrics: [String: MetricValue]
    /// Keyed by histogram name: `latency`, `fetch_latency`.
    var histograms: [String: HistogramRecord]

    enum CodingKeys: String, CodingKey {
      case variant
      case design
      case decode
      case shards
      case metrics
      case histograms
    }
  }
}
