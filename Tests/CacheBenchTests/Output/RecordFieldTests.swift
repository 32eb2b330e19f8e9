import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Every field of the run record reaches every output its section sends it to, with the same value,
/// and `docs/outputs.md` lists them as the code does.
struct RecordFieldTests {
  /// A run of the writer fixtures with every optional scenario field set, so none is `null` by
  /// default and a field a writer leaves out cannot hide behind one that does not apply.
  static let record: RunRecord = {
    var scenario = OutputFixtures.scenario
    scenario.capacity = 100
    scenario.timeToLive = .seconds(2)
    scenario.invalidateRate = 0.01
    scenario.cancelRate = 0.02
    scenario.writeRate = 0.03
    scenario.threads = 2
    return RunRecord(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside], scenario: scenario,
      metadata: OutputFixtures.metadata)
  }()

  /// The member paths of a result or baseline document: `metadata.host_cores`, `variants[].decode`,
  /// `variants[].metrics.hits`, each once.
  static func paths(of json: JSONValue) -> Set<String> {
    guard case .object(let members) = json else { return [] }
    var paths: Set<String> = []
    for member in members {
      switch (member.key, member.value) {
      case ("metadata", .object(let inner)), ("scenario", .object(let inner)):
        paths.formUnion(inner.map { "\(member.key).\($0.key)" })
      case ("variants", .array(let variants)):
        for case .object(let inner) in variants {
          for field in inner {
            if field.key == "metrics", case .object(let metrics) = field.value {
              paths.formUnion(metrics.map { "variants[].metrics.\($0.key)" })
            } else {
              paths.insert("variants[].\(field.key)")
            }
          }
        }
      default:
        paths.insert(member.key)
      }
    }
    return paths
  }

  private func isExempt(_ field: RecordField, from output: String) -> Bool {
    RecordField.exemptions.contains { $0.field == field.name && $0.output == output }
  }

  @Test func everyFieldReachesTheCSVTheJSONResultAndTheBaselineOrIsExemptWithAReason() {
    for field in RecordField.all {
      #expect(field.csvColumn != nil || isExempt(field, from: "CSV"), "\(field.name): CSV")
      #expect(!field.jsonKeys.isEmpty || isExempt(field, from: "JSON"), "\(field.name): JSON")
      #expect(
        !field.baselineKeys.isEmpty || isExempt(field, from: "baseline"),
        "\(field.name): baseline")
    }
    for exemption in RecordField.exemptions {
      #expect(RecordField.all.contains { $0.name == exemption.field }, "\(exemption.field)")
      #expect(!exemption.reason.isEmpty)
    }
  }

  @Test func theCSVHeaderIsTheFieldsWithAColumnInOrder() {
    let header = CSVWriter.render(Self.record).split(separator: "\r\n").first.map(String.init)
    #expect(header == RecordField.all.compactMap(\.csvColumn).joined(separator: ","))
  }

  @Test func theJSONResultHoldsExactlyTheFieldsJSONKeys() throws {
    let json = try JSONParser.parse(try JSONWriter.render(Self.record))
    let expected = Set(RecordField.all.flatMap(\.jsonKeys) + RecordField.jsonStructure)
    let found = Self.paths(of: json)
    #expect(found.subtracting(expected).isEmpty, "not in the field table")
    // `ratios` is there only when the run showed ratio lines, which this one did not.
    #expect(expected.subtracting(found) == ["ratios"], "left out of the JSON result")
  }

  @Test func theBaselineHoldsExactlyTheFieldsBaselineKeys() throws {
    let baseline = ResultDocument(kind: .baseline, record: Self.record).json
    let expected = Set(RecordField.all.flatMap(\.baselineKeys) + RecordField.baselineStructure)
    let found = Self.paths(of: try JSONParser.parse(baseline.rendered()))
    #expect(found.subtracting(expected).isEmpty, "not in the field table")
    #expect(expected.subtracting(found).isEmpty, "left out of the baseline")
  }

  @Test func theTableAndTheMarkdownShowTheFieldsTheTableNames() {
    let headers = TableWriter.columns.map(\.header)
    #expect(Set(headers) == Set(RecordField.all.compactMap(\.tableHeader)))
    #expect(headers.count == Set(headers).count)
    let markdown = MarkdownWriter.render(Self.record)
    let headerLine = markdown.split(separator: "\n").first { $0.hasPrefix("| variant") }
    for header in headers {
      #expect(headerLine?.contains(header) == true, "\(header)")
    }
    let metadata = OutputFixtures.metadata
    for value in [
      metadata.timestamp, metadata.toolVersion, metadata.swiftVersion, metadata.gitCommit,
      "\(metadata.hostCores) cores",
    ] {
      #expect(markdown.contains(value), "\(value)")
    }
  }

  @Test func everyScenarioFieldHasAnOptionAndEveryProfileFieldAField() {
    for field in RecordField.all where field.section == .scenario {
      #expect(field.option != nil, "\(field.name)")
    }
    let options = Set(RecordField.all.compactMap(\.option))
    for profileField in Profile.scenarioFields {
      #expect(options.contains(profileField.option), "\(profileField.field)")
    }
  }

  /// The CSV, the JSON result and the baseline of one record read back as the same document, which
  /// is the baseline `compare` builds from the record itself.
  @Test func theCSVTheJSONResultAndTheBaselineReadBackAsTheRecordsDocument() throws {
    let fromRecord = ResultDocument(kind: .result, record: Self.record)
    let texts = [
      CSVWriter.render(Self.record), try JSONWriter.render(Self.record),
      ResultDocument(kind: .result, record: Self.record).json.rendered(),
    ]
    for (text, name) in zip(texts, ["run.csv", "run.json", "base.json"]) {
      let read = try ResultDocument.parse(text, path: name)
      // The JSON result's metrics are sorted by name; their order carries nothing.
      let sorted = { (document: ResultDocument) in
        document.variants.map { variant in
          var variant = variant
          variant.metrics.sort { $0.name < $1.name }
          return variant
        }
      }
      #expect(sorted(read) == sorted(fromRecord), "\(name)")
      #expect(Comparison.scenarioDifferences(fromRecord.scenario, read.scenario) == [], "\(name)")
      #expect(Comparison.scenarioDifferences(read.scenario, fromRecord.scenario) == [], "\(name)")
    }
  }

  /// Every field the CSV holds for a metric is a number, empty or `n/a`, so the record's document
  /// (which reads the fields without a CSV round trip) drops none as unreadable.
  @Test func everyMetricFieldIsANumberOrEmptyOrNotMeasured() {
    for variant in Self.record.variants {
      for field in RecordField.all where field.section == .metric && !field.baselineKeys.isEmpty {
        let text = variant.field(field.name) ?? ""
        #expect(ResultDocument.metricValue(text) != nil, "\(field.name): '\(text)'")
      }
    }
  }

  /// With `CACHEBENCH_UPDATE_DOCS=1` in the environment, rewrites the table in the page first, so
  /// `CACHEBENCH_UPDATE_DOCS=1 swift test --filter RecordFieldTests` regenerates it from the code.
  @Test func theOutputsPageListsTheFieldsAsTheCodeDoes() throws {
    let begin = "<!-- record fields: begin -->"
    let end = "<!-- record fields: end -->"
    if ProcessInfo.processInfo.environment["CACHEBENCH_UPDATE_DOCS"] == "1" {
      try DocsPage.replace(
        between: begin, and: end, in: "docs/outputs.md", with: RecordField.markdownTable())
    }
    let page = try DocsPage("docs/outputs.md")
    let table = page.between(begin, and: end)
    #expect(
      table?.trimmingCharacters(in: .newlines)
        == RecordField.markdownTable().trimmingCharacters(in: .newlines),
      "regenerate docs/outputs.md's field table from RecordField.markdownTable()")
  }

  /// The baseline the record gives is, byte for byte, the one its CSV read back gives with the host
  /// name added: what `--save-baseline` wrote when it was built by a CSV round trip.
  @Test(arguments: [false, true])
  func theBaselineOfTheRecordIsTheOneItsCSVReadsBack(repeated: Bool) throws {
    let run =
      repeated
      ? RunRecord(
        repeated: RepeatedOutputsTests.repeated, scenario: OutputFixtures.scenario,
        metadata: OutputFixtures.metadata)
      : Self.record
    var readBack = try ResultDocument(csv: CSVTable.parse(CSVWriter.render(run)))
    readBack.kind = .baseline
    if case .object(var members) = readBack.metadata {
      members.append(("host_name", .string(run.metadata.hostName)))
      readBack.metadata = .object(members)
    }
    #expect(
      ResultDocument(kind: .baseline, record: run).json.rendered() == readBack.json.rendered())
  }
}
