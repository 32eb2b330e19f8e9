import CacheBenchCore

/// The figures of one run, as the gate compares them: run metadata, the scenario, and per variant a
/// named list of metrics.
///
/// It is what `--save-baseline` writes and what `compare` reads, from a baseline, a `--json` result or a
/// `--csv` file. The JSON shape (schema 1) is shared with the `--json` result writer:
///
///     {"schema": 1, "kind": "result" | "baseline", "interrupted": false,
///      "metadata": {"timestamp": …, "tool_version": …, "swift_version": …, "git_commit": …,
///                   "host_cores": …, …},
///      "scenario": {"seed": …, "keys": …, …},
///      "variants": [{"variant": "sharded(8)", "design": "sharded", "decode": "inside", "shards": 8,
///                    "metrics": {"requests": 20000, …, "latency_p50_ns": null}}]}
///
/// Metric names are exactly the CSV column names, so a metric added to the CSV is compared without any
/// change here. A `null` metric is one the run could not measure (e.g. fetch latency when nothing
/// was fetched), never zero.
struct ResultDocument: Sendable, Equatable {
  /// Whether the file is a run's result or a baseline saved to compare against; they are read alike.
  enum Kind: String, Sendable {
    case result
    case baseline
  }

  /// The schema version this code writes and reads.
  static let schema = 1

  var kind: Kind
  /// Whether the run was stopped before every variant finished; such a run is not compared.
  var interrupted: Bool
  /// Facts about the run (timestamp, host, toolchain, commit), a JSON object.
  var metadata: JSONValue
  /// What was measured (seed, keys, requests, …), a JSON object; compared for equality, not gated.
  var scenario: JSONValue
  /// One entry per measured variant, in run order.
  var variants: [VariantMetrics]

  /// The host's online cores, if recorded.
  var hostCores: Int? { metadata["host_cores"]?.doubleValue.map { Int($0) } }
  /// The Swift compiler version, if recorded.
  var swiftVersion: String? { metadata["swift_version"]?.stringValue }
  /// The host's name, if recorded (CSV files do not carry it).
  var hostName: String? { metadata["host_name"]?.stringValue }
  /// The commit measured, if recorded.
  var gitCommit: String? { metadata["git_commit"]?.stringValue }
}

/// The metrics of one variant of a run.
struct VariantMetrics: Sendable, Equatable {
  /// The variant's name, e.g. `sharded(8)`.
  var variant: String
  /// The design, e.g. `sharded`; selects the design-specific thresholds.
  var design: String
  /// The decode placement, e.g. `inside`.
  var decode: String
  /// Shard count, when recorded.
  var shards: Int?
  /// A sweep's cell axes besides the variant, as `SweepCell` writes them: `c=64`, `t=2 c=64`; `nil`
  /// outside a sweep.
  var cell: String? = nil
  /// The metrics in column order.
  var metrics: [Metric]

  /// How a variant is matched between two runs: name and decode placement, e.g. `sharded(8)/inside`,
  /// and in a sweep the cell, e.g. `sharded(8)/inside c=64`.
  var key: String { "\(variant)/\(decode)" + (cell.map { " " + $0 } ?? "") }

  /// The metric named `name`: `.some(nil)` when present but unmeasured, `nil` when absent.
  func value(of name: String) -> Double?? {
    guard let metric = metrics.first(where: { $0.name == name }) else { return nil }
    return .some(metric.value)
  }
}

/// One named figure of a variant; `nil` when the run could not measure it.
struct Metric: Sendable, Equatable {
  var name: String
  var value: Double?
}
