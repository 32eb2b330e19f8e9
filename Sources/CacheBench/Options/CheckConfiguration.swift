import CacheBenchCore

/// What `cachebench check` was asked to do: the report card of each design named.
struct CheckConfiguration: Sendable, Equatable {
  /// The designs to check, in order, each with the shard count its name gave.
  var designs: [VariantName]
  /// The report as JSON on stdout instead of text.
  var json = false
  /// Whether the timed check (hit scaling) runs; `--no-timing` leaves it out.
  var timing = true
}
