import CacheBenchCore

/// Adds to each variant its timing relative to a reference variant of the same run.
///
/// Raw times move with whatever else the host is doing, so the gate never judges them; the ratio of two
/// variants measured one after the other in one process largely cancels the host's speed and load.
/// `throughput_ratio` is the variant's throughput over the reference's (larger is better);
/// `latency_p50_ratio` and `latency_p99_ratio` are its request latency percentiles over the
/// reference's (smaller is better). A ratio is `null` when either figure is missing or the divisor is
/// zero. The reference's own ratios are 1.
enum TimingRatios {
  /// Each ratio's name and the metric it divides: the declared metrics with a `timingRatio`, in
  /// catalogue order.
  static let ratios: [(name: String, metric: String)] = ratios(from: MetricCatalogue.all)

  /// The ratios of the declarations of `metrics` that name one, in the order given.
  static func ratios(from metrics: [MetricDeclaration]) -> [(name: String, metric: String)] {
    metrics.compactMap { metric in metric.timingRatio.map { ($0, metric.name) } }
  }

  /// `document` with the ratios to each variant's reference (`RatioReference`, resolved among the
  /// document's own variants) appended to every variant's metrics.
  ///
  /// A ratio is added only when the document has the metric it divides, so a file without latency
  /// columns gets no latency ratios; a missing reference variant makes every ratio `null`. A ratio the
  /// variant already has is kept: a sweep's CSV writes `throughput_ratio` and `latency_p99_ratio` to
  /// the reference of each cell's own decode and concurrency, which is what its cells are judged by.
  static func adding(to document: ResultDocument, reference: RatioReference) -> ResultDocument {
    var document = document
    for index in document.variants.indices {
      let variant = document.variants[index]
      let key = reference.key(for: variant, in: document.variants)
      let referenceVariant = document.variants.first { $0.key == key }
      for ratio in ratios where variant.value(of: ratio.name) == nil {
        guard let value = variant.value(of: ratio.metric) else { continue }
        let divisor = referenceVariant?.value(of: ratio.metric) ?? nil
        var quotient: Double? = nil
        if let value, let divisor, divisor != 0 { quotient = value / divisor }
        document.variants[index].metrics.append(Metric(name: ratio.name, value: quotient))
      }
    }
    return document
  }
}
