import CacheBenchCore

extension CSVWriter {
  /// The whole CSV document of a run whose variants may each have been measured several times
  /// (`--repeat`): the header, then one record per variant, in the order given, whose every field is
  /// the median of that field over the variant's measurements (`medianField`).
  static func render(
    repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) -> String {
    render(
      RunRecord(
        repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration))
  }

  /// The whole CSV document of `run`: the header, then each variant's fields (`RunRecord.Variant`).
  static func render(_ run: RunRecord) -> String {
    ([columns] + run.variants.map(\.fields)).map(record).joined()
  }

  /// The fields of one variant's record in column order, unescaped: each column's `medianField` over
  /// the records of its measurements, which the JSON export reads as well. With one measurement, that
  /// measurement's own fields.
  static func values(
    of variant: VariantRepetitions, scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) -> [String] {
    records(of: variant, scenario: scenario, metadata: metadata, calibration: calibration)
      .map(\.csvField)
  }

  /// `values(of:…)` still typed: each column's median over the measurements (`RecordValue.median`),
  /// of the measured values, not of their texts.
  static func records(
    of variant: VariantRepetitions, scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) -> [RecordValue] {
    let measured = variant.measurements.map {
      records(
        of: $0, scenario: scenario, metadata: metadata, calibration: calibration,
        repetitions: variant)
    }
    return columns.indices.map { column in RecordValue.median(measured.map { $0[column] }) }
  }

  /// One field of a variant measured several times, from that field of each measurement's record.
  ///
  /// - The same text in every record (the scenario, the metadata, exact counts) is kept as written.
  /// - Decimal numbers in every record give their median (the mean of the middle two for an even
  ///   count), with as many decimals as the most precise of them, rounded half away from zero: an
  ///   integer column stays integral, `throughput` keeps one decimal.
  /// - Otherwise the first record's field that is not a number: empty (does not apply) or `n/a` (not
  ///   measured) in some repetition makes the variant's field so, rather than a median of the others.
  static func medianField(_ fields: [String]) -> String {
    guard let first = fields.first else { return "" }
    if fields.allSatisfy({ $0 == first }) { return first }
    var values: [Double] = []
    var fractionDigits = 0
    for field in fields {
      guard let value = decimal(field) else { return field }
      values.append(value)
      fractionDigits = max(
        fractionDigits, field.split(separator: ".").dropFirst().first?.count ?? 0)
    }
    guard let median = MedianInterval(values)?.median else { return first }
    return DecimalText.fixed(median, fractionDigits: min(fractionDigits, 12))
  }

  /// The `ci_level` field: the coverage of the intervals of `repetitions`, a fraction with four
  /// decimals (`0.7500` for three repetitions); empty for one.
  static func confidence(of repetitions: VariantRepetitions) -> String {
    guard repetitions.count > 1 else { return "" }
    return DecimalText.fixed(
      MedianInterval.confidence(count: repetitions.count), fractionDigits: 4)
  }

  /// A bound of the interval of the median of `figure` (a name of `VariantRepetitions.intervalFigures`)
  /// over `repetitions`, with as many decimals as its metric writes (throughput one, latencies whole
  /// nanoseconds); empty for one repetition or when some repetition did not measure the figure.
  static func bound(_ figure: String, of repetitions: VariantRepetitions, upper: Bool) -> String {
    guard let bounds = repetitions.interval(named: figure)?.bounds,
      let metric = VariantRepetitions.intervalFigures.first(where: { $0.name == figure })?.metric
    else { return "" }
    let reading = metric.read(
      MetricSource(result: repetitions.first, scenario: nil, calibration: nil))
    let fractionDigits: Int
    if case .fixed(_, let digits) = reading { fractionDigits = digits } else { fractionDigits = 0 }
    return DecimalText.fixed(
      upper ? bounds.upperBound : bounds.lowerBound, fractionDigits: fractionDigits)
  }

  /// `text` as a number if it is an optional `-`, digits and an optional fraction, the only numbers
  /// this writer writes; the readers of its fields (`ResultDocument`) take numbers by the same rule.
  static func decimal(_ text: String) -> Double? {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    return Double(text)
  }
}
