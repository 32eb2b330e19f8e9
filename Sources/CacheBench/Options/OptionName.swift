import CacheBenchCore

/// A long option of `cachebench run`, spelled as on the command line.
///
/// The parser accepts exactly these names (plus `-h`, `--help` and `--version`, which are handled
/// before any option); each takes one value, written `--name value` or `--name=value`, except the
/// flags (`takesValue` false), which take none.
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
  /// Measurements of each variant, interleaved, reported as medians with intervals.
  case repetitions = "--repeat"
  /// The design or variant the ratio lines divide by.
  case reference = "--reference"
  /// Fetch latency: a duration (constant) or a distribution (`LatencyDistribution`).
  case latency = "--latency"
  /// Size of each fetched payload in bytes.
  case payloadBytes = "--payload-bytes"
  /// Path of the CSV output, `-` for stdout.
  case csv = "--csv"
  /// Path of the JSON result, `-` for stdout.
  case json = "--json"
  /// Path of the Markdown summary, `-` for stdout.
  case markdown = "--markdown"
  /// Path of the percentile spectra CSV, `-` for stdout.
  case histogramCSV = "--histogram-csv"
  /// Path of the per-request latency CSV, `-` for stdout.
  case rawLatencies = "--raw-latencies"
  /// A flag: no progress or information on stderr, only errors and warnings.
  case quiet = "--quiet"
  /// How many findings the terminal shows: a count, or `all`.
  case findings = "--findings"
  /// Path of a profile (JSON scenario) whose fields the other options override.
  case profile = "--profile"
  /// Name (under `Profiles/baselines/`) or path of a baseline to write from the results.
  case saveBaseline = "--save-baseline"
  /// The control and acknowledgement FIFOs of `perf record --control`.
  case perfControl = "--perf-ctl"
  /// The one variant whose window is profiled.
  case profileVariant = "--profile-variant"
  /// A flag: print the pid and wait for SIGUSR1 before each profiled window.
  case pauseBeforeWindow = "--pause-before-window"
  /// Probability that a fetch fails after its latency, `0...1`.
  case failRate = "--fail-rate"
  /// A flag: fetches finish even when their caller is cancelled.
  case ignoreCancellation = "--ignore-cancellation"
  /// Most fetches in flight at the fetcher.
  case fetchLimit = "--fetch-limit"
  /// Open-loop arrival rate, `R/s`.
  case rate = "--rate"
  /// Share of operations that invalidate their key, a decimal in 0...1.
  case invalidateRate = "--invalidate-rate"
  /// Share of reads cancelled while they wait for a fetch, a decimal in 0...1.
  case cancelRate = "--cancel-rate"
  /// When a read marked by `--cancel-rate` is cancelled: `wait` or `decode`.
  case cancelAt = "--cancel-at"
  /// Chunks between the cancellation checks of a cancelled request's own decode; 0 for none.
  case decodeCheckpoint = "--decode-checkpoint"
  /// Share of operations that write their key (repository designs), a decimal in 0...1.
  case writeRate = "--write-rate"
  /// Most ready entries per cache (per shard), LRU eviction.
  case capacity = "--capacity"
  /// Time an admitted entry stays servable, a duration.
  case ttl = "--ttl"
  /// Time budget of a sweep, a duration (`sweep` only).
  case maxTime = "--max-time"
  /// Wall time bound of the whole run, a duration.
  case deadline = "--deadline"
  /// Threads of their own the clients run on, instead of Swift's global executor.
  case threads = "--threads"
  /// What the clients are isolated to: nothing (the pool) or the main actor.
  case caller = "--caller"

  var description: String { rawValue }

  /// Whether the option is followed by a value, as its declaration says
  /// (`RunOptionDeclaration.takesValue`); a flag is not.
  var takesValue: Bool { RunOptionDeclaration.byOption[self]?.takesValue ?? true }
}
