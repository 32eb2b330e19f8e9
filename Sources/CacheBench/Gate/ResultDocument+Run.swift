import CacheBenchCore

extension ResultDocument {
  /// The document of a finished run, with exactly the metrics and values its CSV has.
  ///
  /// Built by reading back the rendered CSV, so the column names and number formats are those of
  /// `CSVWriter`, and a column another change appends to the CSV appears here with no change to the
  /// gate. The metadata gains the host name, which the CSV does not carry.
  init(
    kind: Kind, results: [VariantResult], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) {
    self.init(
      kind: kind, repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, calibration: calibration)
  }

  /// The document of a finished run whose variants may each have been measured several times: the
  /// medians and intervals its CSV has (`CSVWriter.render(repeated:)`).
  init(
    kind: Kind, repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) {
    let csv = CSVWriter.render(
      repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration)
    // The writer's own output always parses; a failure here is a bug in writer or reader.
    let table = try! CSVTable.parse(csv)
    if repeated.isEmpty {
      self.init(
        kind: kind, interrupted: false, metadata: .object([]), scenario: .object([]), variants: [])
    } else {
      self = try! ResultDocument(csv: table)
    }
    self.kind = kind
    if case .object(var members) = self.metadata {
      members.removeAll { $0.key == "host_name" }
      members.append(("host_name", .string(metadata.hostName)))
      self.metadata = .object(members)
    }
  }
}
