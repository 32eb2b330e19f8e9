import CacheBenchCore

/// Renders every variant's full latency spectra as CSV (`--histogram-csv`): HdrHistogram's
/// percentile distribution, one row per percentile level, for plotting on the log(1/(1−p)) axis.
///
/// Columns, in this fixed order: `variant`, `design`, `decode`, `shards` (as in the results CSV),
/// `histogram` (`latency` or `fetch_latency`, see `VariantResult.namedHistograms`), `value_ns`,
/// `percentile` (a fraction in 0...1, 12 decimals), `total_count` (values recorded up to this row),
/// `one_over_one_minus_percentile` (1/(1−percentile), 2 decimals; `inf` on the last row, where the
/// percentile is 1). Rows come from `LatencyHistogram.percentileDistribution()` with HdrHistogram's
/// default of 5 ticks per half distance: the first row is the exact minimum, the last the exact
/// maximum. A histogram that recorded nothing has no rows. RFC 4180 like the results CSV.
enum HistogramCSVWriter {
  /// The header, in order.
  static let columns = [
    "variant", "design", "decode", "shards", "histogram", "value_ns", "percentile", "total_count",
    "one_over_one_minus_percentile",
  ]

  /// Percentile levels per halving of the remaining distance to 100%, as HdrHistogram prints them.
  static let ticksPerHalfDistance = 5

  /// The header, then every row of every named histogram of every result, in order.
  static func render(results: [VariantResult]) -> String {
    render(repeated: results.map(VariantRepetitions.init(single:)))
  }

  /// The header, then every row of every named histogram of every variant, each histogram pooled over
  /// the variant's repetitions (`VariantRepetitions.pooledHistograms`).
  static func render(repeated: [VariantRepetitions]) -> String {
    var text = CSVWriter.record(columns)
    for group in repeated {
      let variant = [
        group.variant.name, group.variant.design.name, group.variant.decode.rawValue,
        String(group.variant.shards),
      ]
      for (name, histogram) in group.pooledHistograms {
        for row in histogram.percentileDistribution(ticksPerHalfDistance: ticksPerHalfDistance) {
          text += CSVWriter.record(
            variant + [
              name,
              String(row.value),
              DecimalText.fixed(row.percentile, fractionDigits: 12),
              String(row.totalCount),
              DecimalText.fixed(row.inverseComplement, fractionDigits: 2),
            ])
        }
      }
    }
    return text
  }
}
