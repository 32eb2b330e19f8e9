import CacheBenchCore

/// The reports: the verdict, each failing figure as a sentence with its interval, then every figure.
extension PairedComparison: GateReport {
  /// `PASS` or `FAIL` and the counts behind it.
  var headline: String {
    let regressions = rows.count { $0.verdict == .regression }
    let improvements = rows.count { $0.verdict == .improvement }
    let unmeasured = rows.count { $0.verdict == .unmeasured }
    let judged = rows.count { $0.verdict == .ok || $0.verdict.fails || $0.verdict == .improvement }
    return (passed ? "PASS" : "FAIL")
      + ": \(regressions) \(regressions == 1 ? "regression" : "regressions"),"
      + " \(improvements) \(improvements == 1 ? "improvement" : "improvements");"
      + " \(judged) judged over \(rounds) paired \(rounds == 1 ? "round" : "rounds")"
      + (unmeasured > 0 ? ", \(unmeasured) unmeasured" : "")
  }

  /// One figure as a sentence: `image-inflight/none hit_path_ns 1.141× [1.107, 1.162] slower than
  /// base 9a3140c9a7cf (threshold 1.050×): regression`.
  func sentence(_ row: Row) -> String {
    guard let ratio = row.ratio, let bounds = ratio.bounds else {
      return "\(row.variant) \(row.metric): not measured in enough rounds: \(row.verdict.rawValue)"
    }
    let word: String
    switch (row.rule.better, ratio.median >= 1) {
    case (.higher, true): word = "higher than"
    case (.higher, false): word = "lower than"
    case (_, true): word = "slower than"
    case (_, false): word = "faster than"
    }
    let threshold = row.rule.threshold.map { row.rule.better == .higher ? 1 / $0 : $0 }
    return "\(row.variant) \(row.metric) \(Self.factor(ratio.median))×"
      + " [\(Self.factor(bounds.lowerBound)), \(Self.factor(bounds.upperBound))] \(word) \(baseName)"
      + (threshold.map { " (threshold \(Self.factor($0))×)" } ?? "")
      + ": \(row.verdict.rawValue)"
  }

  private static let header = [
    "variant", "metric", "base", "head", "ratio", "interval", "threshold", "verdict",
  ]

  private func cells(_ row: Row) -> [String] {
    [
      row.variant, row.metric, Comparison.number(row.baseMedian),
      Comparison.number(row.headMedian), row.ratio.map { Self.factor($0.median) + "×" } ?? "n/a",
      row.ratio?.bounds.map { "[\(Self.factor($0.lowerBound)), \(Self.factor($0.upperBound))]" }
        ?? "",
      row.rule.summary, row.verdict.rawValue,
    ]
  }

  private var level: String {
    let levels = rows.compactMap { $0.ratio?.confidence }
    guard let lowest = levels.min() else { return "" }
    return "intervals: the median ratio head/base, at least "
      + DecimalText.fixed(lowest * 100, fractionDigits: 1) + "% confidence (order statistics)"
  }

  var textReport: String {
    var text = "A/B gate \(headline)\n"
    text += "base: \(baseName)\nhead: \(headName)\n"
    if !level.isEmpty { text += level + "\n" }
    for note in notes { text += "note: \(note)\n" }
    if !failures.isEmpty {
      text += "\nfailing:\n" + failures.map { sentence($0) + "\n" }.joined()
    }
    let improvements = rows.filter { $0.verdict == .improvement }
    if !improvements.isEmpty {
      text += "\nimproved:\n" + improvements.map { sentence($0) + "\n" }.joined()
    }
    text +=
      "\nall figures:\n"
      + Comparison.table(rows.map(cells), header: Self.header, numeric: [2, 3, 4])
    return text
  }

  var markdownReport: String {
    var text = "### cachebench A/B gate \(headline)\n\n"
    text += "- base: `\(baseName)`\n- head: `\(headName)`\n"
    if !level.isEmpty { text += "- \(level)\n" }
    for note in notes { text += "- note: \(Comparison.markdownEscaped(note))\n" }
    if !failures.isEmpty {
      text += "\n**Failing**\n\n" + failures.map { "- " + sentence($0) + "\n" }.joined()
    }
    let improvements = rows.filter { $0.verdict == .improvement }
    if !improvements.isEmpty {
      text += "\n**Improved**\n\n" + improvements.map { "- " + sentence($0) + "\n" }.joined()
    }
    text += "\n<details><summary>All \(rows.count) figures</summary>\n\n"
    text +=
      Comparison.markdownTable(rows.map(cells), header: Self.header, numeric: [2, 3, 4])
      + "\n</details>\n"
    return text
  }

  var jsonReport: JSONValue {
    return .object([
      ("status", .string(passed ? "pass" : "fail")),
      ("exit_code", .number(passed ? 0 : 2)),
      ("base", .string(baseName)),
      ("head", .string(headName)),
      ("rounds", .number(Double(rounds))),
      ("notes", .array(notes.map { .string($0) })),
      (
        "figures",
        .array(
          rows.map { row in
            .object([
              ("variant", .string(row.variant)),
              ("metric", .string(row.metric)),
              ("base_median", .number(row.baseMedian)),
              ("head_median", .number(row.headMedian)),
              ("ratio", .number(row.ratio?.median)),
              ("ratio_low", .number(row.ratio?.bounds?.lowerBound)),
              ("ratio_high", .number(row.ratio?.bounds?.upperBound)),
              ("confidence", .number(row.ratio?.confidence)),
              ("pairs", .number(Double(row.ratio?.count ?? 0))),
              ("better", .string(row.rule.better.rawValue)),
              ("threshold", .number(row.rule.threshold)),
              ("floor", .number(row.rule.floor)),
              ("verdict", .string(row.verdict.rawValue)),
            ])
          })
      ),
    ])
  }

  /// A ratio with three significant decimals, e.g. `1.203`, `0.987`.
  static func factor(_ value: Double) -> String {
    DecimalText.fixed(value, fractionDigits: value >= 10 ? 1 : 3)
  }
}
