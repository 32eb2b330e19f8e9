import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ColumnScaleTests {
  /// A column's values, the unit it should get and how each value should read.
  struct Case: Sendable, CustomTestStringConvertible {
    var scale: ColumnScale
    var values: [Double?]
    var symbol: String
    var texts: [String?]
    var testDescription: String { "\(values) in \(symbol)" }
  }

  @Test(arguments: [
    Case(scale: .latency, values: [41_234, 1_234_567], symbol: "µs", texts: ["41.2", "1234.6"]),
    Case(scale: .latency, values: [500, 800], symbol: "ns", texts: ["500", "800"]),
    Case(scale: .latency, values: [9_999, 10_000], symbol: "µs", texts: ["10.00", "10.00"]),
    Case(
      scale: .latency, values: [20_000, 2_000_000_000], symbol: "ms", texts: ["0.02", "2000.00"]),
    Case(scale: .latency, values: [nil, 1_000], symbol: "ns", texts: [nil, "1000"]),
    Case(scale: .latency, values: [nil, nil], symbol: "ns", texts: [nil, nil]),
    Case(scale: .latency, values: [0, 0], symbol: "ns", texts: ["0", "0"]),
    Case(
      scale: .throughput, values: [3_333.33, 125_000], symbol: "k/s", texts: ["3.33", "125.00"]),
    Case(scale: .throughput, values: [120, 9_000], symbol: "/s", texts: ["120", "9000"]),
    Case(scale: .bytes, values: [1_536, 4_194_304], symbol: "KiB", texts: ["1.50", "4096.00"]),
    Case(scale: .bytes, values: [1_000, 2_000], symbol: "B", texts: ["1000", "2000"]),
  ])
  func aColumnIsShownInOneUnitChosenFromItsLargestValue(_ example: Case) {
    let formatted = example.scale.format(example.values)
    #expect(formatted.symbol == example.symbol)
    #expect(formatted.texts == example.texts)
  }

  @Test func valuesThatReadTheSameCompareEqualAsShown() {
    let formatted = ColumnScale.latency.format([41_234, 41_249, 41_251, nil])
    #expect(formatted.texts == ["41.2", "41.2", "41.3", nil])
    #expect(formatted.shownValues == [412, 412, 413, nil])
  }
}
