import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The CSV header, the JSON result's keys and the baseline's keys of a fixed run, and digests of the
/// three files' whole text, held to the values `OutputSchemaGolden` pins: any change to what the
/// outputs carry, or to a value's text, fails here until the golden values are regenerated on
/// purpose (`CACHEBENCH_UPDATE_GOLDEN=1 swift test --filter OutputSchemaTests`).
struct OutputSchemaTests {
  /// The writer fixtures with every optional scenario field set (`RecordFieldTests.record`), a
  /// calibration, and the contention and scheduling histograms filled, so the floor, isolation and
  /// probe columns hold numbers rather than empty fields.
  static let record: RunRecord = {
    let base = RecordFieldTests.record
    var naive = OutputFixtures.naiveInside
    naive.actorWait = OutputFixtures.histogram(2_000)
    naive.actorService = OutputFixtures.histogram(300)
    naive.actorBusyWait = OutputFixtures.histogram(1_500)
    naive.schedulingDelay = OutputFixtures.histogram(40_000)
    naive.staleRejected = 3
    naive.invalidations = 12
    naive.evictions = 7
    naive.expirations = 5
    naive.decodes = 1_000
    naive.decodesOnActor = 1_000
    return RunRecord(
      results: [naive, OutputFixtures.shardedOutside], scenario: base.scenario,
      metadata: base.metadata, calibration: CalibrationFixtures.roundFigures)
  }()

  /// The three outputs of `record`: the CSV, the JSON result without its findings (sentences another
  /// part of the tool owns) and the baseline.
  static func outputs() throws -> (csv: String, json: JSONValue, baseline: JSONValue) {
    let csv = CSVWriter.render(record)
    var json = try JSONParser.parse(try JSONWriter.render(record))
    if case .object(let members) = json {
      json = .object(members.filter { $0.key != "findings" })
    }
    let baseline = try JSONParser.parse(
      ResultDocument(kind: .baseline, record: record).json.rendered())
    return (csv, json, baseline)
  }

  /// The member paths of a document, sorted: `metadata.host_cores`, `variants[].metrics.hits`.
  static func keys(of json: JSONValue) -> [String] {
    RecordFieldTests.paths(of: json).sorted()
  }

  /// The metric names of the first variant of a baseline, in the order the file holds them.
  static func metricOrder(of baseline: JSONValue) -> [String] {
    guard case .array(let variants)? = baseline["variants"], let first = variants.first,
      case .object(let metrics)? = first["metrics"]
    else { return [] }
    return metrics.map(\.key)
  }

  /// 64-bit FNV-1a of the text's UTF-8, in hex: a short stand-in for the whole text.
  static func digest(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// The golden section of `OutputSchemaGolden.swift` for the current outputs.
  static func goldenSource() throws -> String {
    let (csv, json, baseline) = try outputs()
    let header = csv.split(separator: "\r\n").first.map(String.init) ?? ""
    func words(_ name: String, _ list: [String]) -> String {
      var lines: [String] = []
      var line = ""
      for word in list {
        if !line.isEmpty, line.count + 1 + word.count > 92 {
          lines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line)
      let body = lines.map { "    " + $0 }.joined(separator: "\n")
      return "  static let \(name) = \"\"\"\n\(body)\n    \"\"\"\n"
    }
    return [
      words("csvHeader", header.split(separator: ",").map(String.init)),
      words("jsonKeys", keys(of: json)),
      words("baselineKeys", keys(of: baseline)),
      words("baselineMetricOrder", metricOrder(of: baseline)),
      "  static let csvDigest = \"\(digest(csv))\"",
      "  static let jsonDigest = \"\(digest(json.rendered()))\"",
      "  static let baselineDigest = \"\(digest(baseline.rendered()))\"",
    ].joined(separator: "\n")
  }

  /// Whitespace-separated words of a golden list.
  static func list(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  @Test func theOutputsOfAFixedRunCarryThePinnedColumnsKeysAndTexts() throws {
    if ProcessInfo.processInfo.environment["CACHEBENCH_UPDATE_GOLDEN"] == "1" {
      try DocsPage.replace(
        between: "  // golden: begin", and: "  // golden: end",
        in: "Tests/CacheBenchTests/Output/OutputSchemaGolden.swift", with: try Self.goldenSource())
    }
    let (csv, json, baseline) = try Self.outputs()
    let header = csv.split(separator: "\r\n").first.map(String.init)
    #expect(header == Self.list(OutputSchemaGolden.csvHeader).joined(separator: ","))
    #expect(Self.keys(of: json) == Self.list(OutputSchemaGolden.jsonKeys))
    #expect(Self.keys(of: baseline) == Self.list(OutputSchemaGolden.baselineKeys))
    #expect(Self.metricOrder(of: baseline) == Self.list(OutputSchemaGolden.baselineMetricOrder))
    #expect(Self.digest(csv) == OutputSchemaGolden.csvDigest, "CSV text")
    #expect(Self.digest(json.rendered()) == OutputSchemaGolden.jsonDigest, "JSON text")
    #expect(Self.digest(baseline.rendered()) == OutputSchemaGolden.baselineDigest, "baseline text")
  }
}
