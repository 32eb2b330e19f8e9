import CacheBenchCore

/// Renders every measured request's latency as CSV (`--raw-latencies`), for analysis in other tools.
///
/// Columns, in this fixed order: `variant`, `design`, `decode`, `shards` (as in the results CSV),
/// `request` (the request's index, 0-based), `key` (the key it asked for, `keys.key(at: request)`),
/// `issued_ns` (when it was issued, nanoseconds since the window started), `latency_ns` (issue to
/// completion), `repetition` (which measurement of the variant, from 0; always 0 without `--repeat`).
/// Per variant and repetition, rows are in request order. Warm-up requests are not included.
/// RFC 4180 like the results CSV.
///
/// The run keeps 24 bytes per request in memory until the end, and the text is about 50 bytes per
/// request, so this is for analysis runs of bounded size, not for gates or memory figures.
enum RawLatencyWriter {
  /// The header, in order.
  static let columns = [
    "variant", "design", "decode", "shards", "request", "key", "issued_ns", "latency_ns",
    "repetition",
  ]

  /// The header, then each result's samples in request order, results in the order given; `scenario`
  /// gives the key sequence.
  static func render(results: [VariantResult], scenario: Scenario) -> String {
    let keys = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed)
    var text = CSVWriter.record(columns)
    for result in results {
      let prefix = [
        result.variant.name, result.variant.design.name, result.variant.decode.rawValue,
        String(result.variant.shards),
      ].map(CSVWriter.escaped).joined(separator: ",")
      for sample in result.rawLatencies.sorted(by: { $0.request < $1.request }) {
        text += prefix
        text += ",\(sample.request),\(keys.key(at: sample.request)),"
        text += "\(sample.issuedNanoseconds),\(sample.latencyNanoseconds),\(result.repetition)\r\n"
      }
    }
    return text
  }
}
