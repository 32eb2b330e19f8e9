/// A long option of `cachebench run`, spelled as on the command line.
///
/// The parser accepts exactly these names (plus `-h`, `--help` and `--version`, which are flags, not
/// options); each takes one value, written `--name value` or `--name=value`.
enum OptionName: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Comma list of cache designs.
  case variants = "--variants"
  /// Comma list of decode placements.
  case decode = "--decode"
  /// CPU work per decode, a duration.
  case decodeCost = "--decode-cost"
  /// Shard count of the sharded design.
  case shards = "--shards"
  /// Number of distinct keys.
  case keys = "--keys"
  /// `uniform` or `zipf`.
  case distribution = "--distribution"
  /// Skew of the zipf distribution.
  case zipfTheta = "--zipf-theta"
  /// Seed of the key sequence.
  case seed = "--seed"
  /// Number of closed-loop clients.
  case concurrency = "--concurrency"
  /// Requests per measured window.
  case requests = "--requests"
  /// Wall time per measured window, a duration.
  case duration = "--duration"
  /// Warm-up requests before each window.
  case warmup = "--warmup"
  /// Constant fetch latency, a duration.
  case latency = "--latency"
  /// Size of each fetched payload in bytes.
  case payloadBytes = "--payload-bytes"
  /// Path of the CSV output, `-` for stdout.
  case csv = "--csv"
  /// Time budget of a sweep, a duration (`sweep` only).
  case maxTime = "--max-time"

  var description: String { rawValue }
}
