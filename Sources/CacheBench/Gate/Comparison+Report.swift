import CacheBenchCore

/// The reports: text and Markdown open with the verdict and every failing row (so the metric that failed
/// is named first), then list improvements and notes, then every row. Changes are shown relative to the
/// baseline (`+12.5%`), or as a difference when the baseline is 0 (`+3`).
extension Comparison: GateReport {
  /// `PASS` or `FAIL` and the counts behind it, e.g. `FAIL: 1 regression, 0 missing, 2 improvements`.
  var headline: String {
    let regressions = rows.count { $0.verdict == .regression }
    let missing = rows.count { $0.verdict == .missing }
    let improvements = rows.count { $0.verdict == .improvement }
    let unmeasured = rows.count { $0.verdict == .unmeasured }
    let judged = rows.count {
      $0.verdict != .ungated && $0.verdict != .new && $0.verdict != .unmeasured
    }
    return (passed ? "PASS" : "FAIL")
      + ": \(regressions) \(regressions == 1 ? "regression" : "regressions"),"
      + " \(missing) missing, \(improvements) \(improvements == 1 ? "improvement" : "improvements")"
      + (options.failOnImprovement && improvements > 0 ? " (failing: --fail-on-improvement)" : "")
      + "; \(judged) judged, \(rows.count - judged - unmeasured) shown only"
      + (unmeasured > 0 ? ", \(unmeasured) left out unmeasured" : "")
  }

  private static let header = [
    "variant", "metric", "baseline", "current", "change", "threshold", "verdict",
  ]

  /// The cells of one report row, in `header` order.
  private func cells(_ row: Row) -> [String] {
    [
      row.variant, row.metric, Self.number(row.baseline), Self.number(row.current),
      Self.change(row), row.rule.summary, row.verdict.rawValue,
    ]
  }

  /// Where a run comes from, for the report's first lines: commit, time, host, cores, compiler.
  private func describe(_ document: ResultDocument) -> String {
    var facts: [String] = []
    if let commit = document.gitCommit { facts.append("commit \(commit)") }
    if let timestamp = document.metadata["timestamp"]?.stringValue { facts.append(timestamp) }
    if let host = document.hostName { facts.append("host \(host)") }
    if let cores = document.hostCores { facts.append("\(cores) cores") }
    if let swift = document.swiftVersion { facts.append("swift \(swift)") }
    return facts.joined(separator: ", ")
  }

  var textReport: String {
    var text = "gate \(headline)\n"
    text += "baseline: \(baselineName) (\(describe(baseline)))\n"
    text += "current:  \(currentName) (\(describe(current)))\n"
    text += "ratios relative to: \(reference.summary(in: baseline.variants))\n"
    for note in notes { text += "note: \(note)\n" }
    if !failures.isEmpty {
      text += "\nfailing:\n" + Self.table(failures.map(cells), header: Self.header)
    }
    let improvements = rows.filter { $0.verdict == .improvement }
    if !improvements.isEmpty && !options.failOnImprovement {
      text +=
        "\nimproved (regenerate the baseline to keep them):\n"
        + Self.table(improvements.map(cells), header: Self.header)
    }
    text += "\nall comparisons:\n" + Self.table(rows.map(cells), header: Self.header)
    return text
  }

  var markdownReport: String {
    var text = "### cachebench gate \(headline)\n\n"
    text += "- baseline: `\(baselineName)` (\(describe(baseline)))\n"
    text += "- current: `\(currentName)` (\(describe(current)))\n"
    text += "- ratios relative to: \(reference.summary(in: baseline.variants) { "`\($0)`" })\n"
    for note in notes { text += "- note: \(Self.markdownEscaped(note))\n" }
    if !failures.isEmpty {
      text += "\n**Failing**\n\n" + Self.markdownTable(failures.map(cells), header: Self.header)
    }
    let improvements = rows.filter { $0.verdict == .improvement }
    if !improvements.isEmpty && !options.failOnImprovement {
      text +=
        "\n**Improved** (regenerate the baseline to keep them)\n\n"
        + Self.markdownTable(improvements.map(cells), header: Self.header)
    }
    text += "\n<details><summary>All \(rows.count) comparisons</summary>\n\n"
    text += Self.markdownTable(rows.map(cells), header: Self.header) + "\n</details>\n"
    return text
  }

  var jsonReport: JSONValue {
    return .object([
      ("status", .string(passed ? "pass" : "fail")),
      ("exit_code", .number(passed ? 0 : 2)),
      ("baseline", .object([("file", .string(baselineName)), ("metadata", baseline.metadata)])),
      ("current", .object([("file", .string(currentName)), ("metadata", current.metadata)])),
      ("reference", .string(reference.name)),
      ("reference_variants", .array(reference.keys(in: baseline.variants).map { .string($0) })),
      ("fail_on_improvement", .bool(options.failOnImprovement)),
      ("notes", .array(notes.map { .string($0) })),
      (
        "comparisons",
        .array(
          rows.map { row in
            .object([
              ("variant", .string(row.variant)),
              ("metric", .string(row.metric)),
              ("baseline", .number(row.baseline)),
              ("current", .number(row.current)),
              ("change", .number(row.change)),
              ("relative_change", .number(row.relativeChange)),
              ("better", .string(row.rule.better.rawValue)),
              ("relative_threshold", .number(row.rule.relative)),
              ("absolute_threshold", .number(row.rule.absolute)),
              ("verdict", .string(row.verdict.rawValue)),
            ])
          })
      ),
    ])
  }

  /// A figure for a report cell: integers plain, others with three decimals (one from 100 up, three
  /// significant digits below 0.1).
  static func number(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return DecimalText.fixed(value, fractionDigits: fractionDigits(for: value))
  }

  /// 1 digit from 100 up, 3 down to 0.1, and below that enough for three significant digits, so a small
  /// ratio (`latency_p50_ratio` 0.000745) never prints as 0.000.
  static func fractionDigits(for value: Double) -> Int {
    let size = abs(value)
    if size >= 100 { return 1 }
    guard size < 0.1, size > 0 else { return 3 }
    var digits = 2
    var scaled = size
    while scaled < 1, digits < 12 {
      scaled *= 10
      digits += 1
    }
    return digits
  }

  /// The change cell: relative to the baseline, or the difference when the baseline is 0 or unknown.
  private static func change(_ row: Row) -> String {
    // The sign comes from the change itself, so a change too small to show still says its direction.
    if let relative = row.relativeChange {
      return (relative < 0 ? "-" : "+")
        + DecimalText.fixed(abs(relative) * 100, fractionDigits: 1) + "%"
    }
    if let change = row.change { return (change < 0 ? "-" : "+") + number(abs(change)) }
    return ""
  }

  /// Rows as aligned text columns, the `numeric` ones right-aligned, two spaces apart.
  static func table(_ rows: [[String]], header: [String], numeric: Set<Int> = [2, 3, 4]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { cells in
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return numeric.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ").withoutTrailingSpaces + "\n"
    }.joined()
  }

  /// Rows as a GitHub-flavoured Markdown table under `header`, the `numeric` columns right-aligned.
  static func markdownTable(
    _ rows: [[String]], header: [String], numeric: Set<Int> = [2, 3, 4]
  ) -> String {
    var text = "| " + header.joined(separator: " | ") + " |\n"
    text +=
      "|"
      + header.indices.map { numeric.contains($0) ? "---:" : "---" }
      .joined(separator: "|") + "|\n"
    for row in rows {
      text += "| " + row.map(markdownEscaped).joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// `text` safe inside a Markdown table cell.
  static func markdownEscaped(_ text: String) -> String {
    text.replacing("|", with: "\\|")
  }
}

extension String {
  /// The text without the spaces that padding left at its end.
  var withoutTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
