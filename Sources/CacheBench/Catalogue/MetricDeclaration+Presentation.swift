import CacheBenchCore

extension MetricDeclaration {
  /// This declaration shown in a terminal table as `column`.
  func shown(_ column: MetricTableColumn) -> MetricDeclaration {
    var declaration = self
    declaration.table = column
    return declaration
  }

  /// This declaration shown in `table` with `title` at `position`, written in `format`; `best` marks
  /// the column's best value and names it in the line under the table (`MetricTableColumn.best`).
  func shown(
    in table: MetricTableColumn.Table, as title: String, at position: Int,
    _ format: MetricTableColumn.Format, best: String? = nil, notApplicable: String = "-",
    fallback: String? = nil
  ) -> MetricDeclaration {
    shown(
      MetricTableColumn(
        table: table, title: title, position: position, format: format, best: best,
        notApplicable: notApplicable, fallback: fallback))
  }

  /// This declaration judged by the A/B gate as `threshold` says.
  func paired(_ threshold: PairedThreshold) -> MetricDeclaration {
    var declaration = self
    declaration.paired = threshold
    return declaration
  }

  /// This declaration divided by its reference variant's as the timing ratio called `name`
  /// (`TimingRatios`).
  func timingRatio(_ name: String) -> MetricDeclaration {
    var declaration = self
    declaration.timingRatio = name
    return declaration
  }

  /// This declaration, for a figure no file writes, formed by `formula` from the values of the written
  /// metrics `fields`, in that order, of a result read back (`fromMetrics`); nil when any is absent or
  /// unmeasured.
  func formed(
    from fields: [String], _ formula: @escaping @Sendable (_ values: [Double]) -> Double?
  ) -> MetricDeclaration {
    var declaration = self
    declaration.formedFrom = fields
    declaration.fromMetrics = { value in
      var values: [Double] = []
      for field in fields {
        guard let number = value(field) else { return nil }
        values.append(number)
      }
      return formula(values)
    }
    return declaration
  }
}
