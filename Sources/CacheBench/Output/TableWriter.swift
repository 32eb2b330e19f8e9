import CacheBenchCore

/// Renders the human summary of a run for standard output: a table with one row per variant, then
/// one line per variant comparing its realised fetch latency with the configured one.
///
/// Names are left-aligned and numbers right-aligned, columns separated by two spaces, the header
/// underlined with dashes. Throughput and latencies are in one unit per column, named in the header
/// (`p50 [µs]`, see `ColumnScale`); counts are plain integers. A latency of a histogram that
/// recorded nothing is `-`. The best value of a column (highest throughput; lowest latency, fetches
/// and duplicate fetches; see `ResultTable` for ties) is followed by `*`, and a legend line under the
/// table says so. The memory group shows bytes in binary units (`HumanUnits.bytes`) and `n/a` for
/// what was not measured.
///
/// The fetch latency lines are per variant, not aggregated, because each variant runs its own
/// fetcher under its own load: a sleep-based fetcher overshoots more when the cores are busy, so the
/// realised latency belongs beside the variant that saw it. For example:
///
///     fetch latency naive/inside:    configured 1.00ms, realised p50 1.01ms p99 1.09ms
///     fetch latency sharded(8)/none: configured 1.00ms, realised: no fetches
enum TableWriter {
  /// The line under the table that explains the marks, written only when something is marked.
  static var legend: String { legend(metrics: MetricCatalogue.figures) }

  /// The line under a table of `metrics`' columns that explains the marks.
  static func legend(metrics: [MetricDeclaration]) -> String {
    "* best in its column: " + bestWords(metrics: metrics)
  }

  /// What the marked columns of `metrics` mark, from their declarations (`MetricTableColumn.best`):
  /// `highest throughput; lowest latency, fetches and duplicate fetches`, each word once.
  static func bestWords(metrics: [MetricDeclaration]) -> String {
    let marked = MetricCatalogue.columns(of: .summary, in: metrics).filter(\.column.marksBest)
    func words(highest: Bool) -> String? {
      var words: [String] = []
      for (metric, column) in marked where (metric.better == .higher) == highest {
        if let word = column.best, !words.contains(word) { words.append(word) }
      }
      guard let last = words.popLast() else { return nil }
      let list = words.isEmpty ? last : words.joined(separator: ", ") + " and " + last
      return (highest ? "highest " : "lowest ") + list
    }
    return [words(highest: true), words(highest: false)].compactMap { $0 }.joined(separator: "; ")
  }

  /// The table and fetch latency lines for `results`, in the order given, each line ending in `\n`.
  static func render(_ results: [VariantResult]) -> String {
    render(repeated: results.map(VariantRepetitions.init(single:)))
  }

  /// The table and fetch latency lines for `repeated`, one row and line per variant in the order
  /// given, each figure the median over the variant's repetitions; a line under the table says so when
  /// a variant was measured more than once.
  ///
  /// Honest marks: a row `MarkExclusions` names (part of a window in a run that stops by `stop`, with
  /// duplicate fetches where other rows have none, or with most of its clients starved) gets no `*`,
  /// and a line under the table says which and why; when some row is partial, a `requests` column
  /// shows what each row served.
  /// The metric columns are those of `metrics` that the summary table shows.
  static func render(
    repeated: [VariantRepetitions], stop: StopCondition? = nil,
    metrics: [MetricDeclaration] = MetricCatalogue.figures
  ) -> String {
    table(repeated, exclusions: MarkExclusions(repeated: repeated, stop: stop), metrics: metrics)
      + repetitionLine(repeated) + fetchLatencyLines(repeated)
      + repositoryLines(repeated: repeated)
  }

  /// The columns of a table of rows with `exclusions`: `columns`, with a `requests` column after
  /// `shards` when some row is partial, so that the table shows what it served.
  static func columns(
    for exclusions: MarkExclusions, metrics: [MetricDeclaration] = MetricCatalogue.figures
  ) -> [TableColumn] {
    var columns = columns(metrics: metrics)
    guard exclusions.hasPartialRow else { return columns }
    let position = (columns.firstIndex { $0.header == "shards" } ?? 0) + 1
    columns.insert(.count("requests") { $0.requests }, at: position)
    return columns
  }

  /// `each figure is the median of 3 repetitions, …`, when some variant was measured more than once.
  static func repetitionLine(_ repeated: [VariantRepetitions]) -> String {
    guard let most = repeated.map(\.count).max(), most > 1 else { return "" }
    let fewest = repeated.map(\.count).min() ?? most
    return "each figure is the median of \(fewest == most ? "" : "up to ")\(most) repetitions,"
      + " measured interleaved; the CSV and JSON give its interval\n"
  }

  /// One line per repository variant with its writes and admission figures, e.g.
  /// `repository repository/inside: writes 509, conflicts 92, write_failures 0, stale_rejected 387,
  /// stale_served_after_write 0` (medians over repetitions); nothing for the other designs. A figure
  /// the design did not report (a user's design without `staleRejectedCount`) reads `n/a`, as its CSV
  /// field is empty: nothing measured is written as 0.
  static func repositoryLines(repeated: [VariantRepetitions]) -> String {
    let rows = repeated.compactMap { group -> (label: String, figures: [String])? in
      guard group.first.repository != nil else { return nil }
      let figures: [(VariantResult) -> Int?] = [
        { $0.repository?.writes }, { $0.repository?.conflicts },
        { $0.repository?.writeFailures }, { $0.staleRejected },
        { $0.repository?.staleServedAfterWrite },
      ]
      return (
        "\(group.variant.description):",
        figures.map { figure in
          group.median { figure($0).map(Double.init) }.map {
            String(Int($0.rounded(.toNearestOrAwayFromZero)))
          } ?? CSVWriter.notAvailable
        }
      )
    }
    let width = rows.map(\.label.count).max() ?? 0
    return rows.map { row in
      "repository " + pad(row.label, to: width, alignment: .left) + " writes \(row.figures[0]),"
        + " conflicts \(row.figures[1]), write_failures \(row.figures[2]),"
        + " stale_rejected \(row.figures[3]), stale_served_after_write \(row.figures[4])\n"
    }.joined()
  }

  private typealias Alignment = TableColumn.Alignment
  private typealias Column = TableColumn

  /// The summary's columns in order; `MarkdownWriter` renders the same ones.
  static var columns: [TableColumn] { columns(metrics: MetricCatalogue.figures) }

  /// The summary's columns: the variant's name, decode and shards, then each metric of `metrics`
  /// that the summary table shows (`MetricDeclaration.table`), in its columns' order. Among them the
  /// memory column group: what the window left allocated, per cached entry, allocations per request,
  /// the process's peak RSS, and CPU per request; `n/a` where not measured.
  static func columns(metrics: [MetricDeclaration]) -> [TableColumn] {
    [
      Column(header: "variant", alignment: .left) { $0.variant.name },
      Column(header: "decode", alignment: .left) { $0.variant.decode.rawValue },
      Column(header: "shards", alignment: .right) { String($0.variant.shards) },
    ]
      + MetricCatalogue.columns(of: .summary, in: metrics).map {
        TableColumn(metric: $0.metric, column: $0.column)
      }
  }

  /// A histogram's percentile in nanoseconds, or `nil` when it recorded nothing.
  static func latency(_ histogram: LatencyHistogram, atPercentile percentile: Double) -> Double? {
    histogram.isEmpty ? nil : Double(histogram.value(atPercentile: percentile))
  }

  /// The padded table, its underline, its rows and, when something is marked, the legend.
  private static func table(
    _ repeated: [VariantRepetitions], exclusions: MarkExclusions, metrics: [MetricDeclaration]
  ) -> String {
    let table = ResultTable(
      columns: columns(for: exclusions, metrics: metrics), repeated: repeated,
      exclusions: exclusions)
    // A marked column gives every cell a one-character suffix, `*` or a space, so digits stay aligned.
    func suffix(_ column: Int, _ isBest: Bool) -> String {
      table.isMarked[column] ? (isBest ? "*" : " ") : ""
    }
    let headers = table.headers.indices.map { table.headers[$0] + suffix($0, false) }
    let cells = table.rows.map { row in
      row.indices.map { row[$0].text + suffix($0, row[$0].isBest) }
    }
    let widths = headers.indices.map { index in
      cells.reduce(headers[index].count) { Swift.max($0, $1[index].count) }
    }
    func line(_ values: [String]) -> String {
      let padded = values.indices.map { index in
        pad(values[index], to: widths[index], alignment: table.alignments[index])
      }
      return trimmingTrailingSpaces(padded.joined(separator: "  ")) + "\n"
    }
    var text = line(headers)
    text += line(widths.map { String(repeating: "-", count: $0) })
    for row in cells {
      text += line(row)
    }
    if table.hasMarks {
      text += legend(metrics: metrics) + "\n"
    }
    let unmarked = exclusions.legend(labels: repeated.map(\.variant.description))
    if !unmarked.isEmpty {
      text += unmarked + "\n"
    }
    if let line = table.countsUnmarkedLine {
      text += line + "\n"
    }
    return text
  }

  private static func fetchLatencyLines(_ repeated: [VariantRepetitions]) -> String {
    let labels = repeated.map { "\($0.variant.description):" }
    let configured = repeated.map { HumanUnits.latency($0.first.configuredFetchLatency) }
    let labelWidth = labels.map(\.count).max() ?? 0
    let configuredWidth = configured.map(\.count).max() ?? 0
    let realised = repeated.map { group -> (p50: String, p99: String)? in
      guard let p50 = group.realisedFetchLatency(atPercentile: 50),
        let p99 = group.realisedFetchLatency(atPercentile: 99)
      else { return nil }
      return (HumanUnits.latency(nanoseconds: p50), HumanUnits.latency(nanoseconds: p99))
    }
    let p50Width = realised.map { $0?.p50.count ?? 0 }.max() ?? 0
    let p99Width = realised.map { $0?.p99.count ?? 0 }.max() ?? 0
    var text = ""
    for index in repeated.indices {
      var line = "fetch latency " + pad(labels[index], to: labelWidth, alignment: .left)
      line += " configured " + pad(configured[index], to: configuredWidth, alignment: .right)
      if let realised = realised[index] {
        line += ", realised p50 " + pad(realised.p50, to: p50Width, alignment: .right)
        line += " p99 " + pad(realised.p99, to: p99Width, alignment: .right)
      } else {
        line += ", realised: no fetches"
      }
      text += line + "\n"
    }
    return text
  }

  private static func pad(_ text: String, to width: Int, alignment: Alignment) -> String {
    let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
    return alignment == .left ? text + padding : padding + text
  }

  private static func trimmingTrailingSpaces(_ text: String) -> String {
    String(text.reversed().drop { $0 == " " }.reversed())
  }
}
