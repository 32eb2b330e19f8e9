import Foundation
import Testing

@testable import CacheBench

/// The encoder that makes every written document a `JSONValue` for the one writer: members sorted,
/// absent optionals left out, `null` written where asked, numbers in `JSONValue.number`'s form, and
/// the rendered text read back by cachebench's parser and by Foundation's decoder alike.
struct JSONValueEncoderTests {
  struct Inner: Codable, Equatable {
    var name: String
    var pairs: [[Int]]
  }

  struct Document: Codable, Equatable {
    var zeta: Double
    var alpha: Int
    var absent: String?
    var present: String?
    var flags: [Bool]
    var inner: Inner
    var inners: [Inner]
    var big: UInt64
    var empty: [Int]

    enum CodingKeys: String, CodingKey {
      case zeta, alpha, absent, present, flags, inner, inners, big, empty
      case written = "null_here"
    }

    init(
      zeta: Double, alpha: Int, absent: String?, present: String?, flags: [Bool], inner: Inner,
      inners: [Inner], big: UInt64, empty: [Int]
    ) {
      (self.zeta, self.alpha, self.absent, self.present) = (zeta, alpha, absent, present)
      (self.flags, self.inner, self.inners, self.big, self.empty) = (
        flags, inner, inners, big, empty
      )
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      zeta = try container.decode(Double.self, forKey: .zeta)
      alpha = try container.decode(Int.self, forKey: .alpha)
      absent = try container.decodeIfPresent(String.self, forKey: .absent)
      present = try container.decodeIfPresent(String.self, forKey: .present)
      flags = try container.decode([Bool].self, forKey: .flags)
      inner = try container.decode(Inner.self, forKey: .inner)
      inners = try container.decode([Inner].self, forKey: .inners)
      big = try container.decode(UInt64.self, forKey: .big)
      empty = try container.decode([Int].self, forKey: .empty)
    }

    /// Every member, `absent` only when present, and `null_here` always `null`.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(zeta, forKey: .zeta)
      try container.encode(alpha, forKey: .alpha)
      try container.encodeIfPresent(absent, forKey: .absent)
      try container.encodeIfPresent(present, forKey: .present)
      try container.encode(flags, forKey: .flags)
      try container.encode(inner, forKey: .inner)
      try container.encode(inners, forKey: .inners)
      try container.encode(big, forKey: .big)
      try container.encode(empty, forKey: .empty)
      try container.encodeNil(forKey: .written)
    }
  }

  static let document = Document(
    zeta: 3333.3, alpha: 7, absent: nil, present: "a \"quoted\"\nline", flags: [true, false],
    inner: Inner(name: "µs", pairs: [[1, 2], [3, 4]]),
    inners: [Inner(name: "x", pairs: [])], big: .max, empty: [])

  @Test func membersAreSortedAbsentOptionalsLeftOutAndNullWrittenWhereAsked() throws {
    let value = try JSONValueEncoder.encode(Self.document)
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(
      members.map(\.key) == [
        "alpha", "big", "empty", "flags", "inner", "inners", "null_here", "present", "zeta",
      ])
    #expect(value["zeta"] == .number("3333.3"))
    #expect(value["alpha"] == .number("7"))
    #expect(value["big"] == .number("18446744073709551615"))
    #expect(value["null_here"] == .null)
    #expect(value["empty"] == .array([]))
    #expect(
      value["inner"]?["pairs"]
        == .array([.array([.number("1"), .number("2")]), .array([.number("3"), .number("4")])]))
  }

  @Test func theRenderedTextReadsBackAlikeWithEitherParser() throws {
    let value = try JSONValueEncoder.encode(Self.document)
    let text = value.rendered()
    #expect(try JSONParser.parse(text) == value)
    #expect(try JSONDecoder().decode(Document.self, from: Data(text.utf8)) == Self.document)
    #expect(text.contains("\"pairs\": [\n"), "an array of arrays has a line per element")
    #expect(text.contains("[1, 2]"), "an array of numbers stays on one line")
  }

  @Test func anIntegralDoubleIsWrittenWithoutAFraction() throws {
    #expect(
      try JSONValueEncoder.encode([1_234_567.0, 0.5, -8_192])
        == .array([.number("1234567"), .number("0.5"), .number("-8192")]))
  }
}
