import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The strict JSON reader behind profiles and baselines, and the writer it must read back.
struct JSONParserTests {
  @Test func membersKeepTheirOrderAndNumbersTheirExactText() throws {
    let value = try JSONParser.parse(
      #"{"seed": 18446744073709551615, "theta": 0.99, "list": [1, "a", null, true], "e": -2.5E+3}"#)
    #expect(
      value
        == .object([
          ("seed", .number("18446744073709551615")),
          ("theta", .number("0.99")),
          ("list", .array([.number("1"), .string("a"), .null, .bool(true)])),
          ("e", .number("-2.5E+3")),
        ]))
  }

  @Test func stringEscapesIncludingSurrogatePairsAreDecoded() throws {
    let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t\u00b5\ud83d\ude00"]"#)
    #expect(value == .array([.string("a\"b\\c/d\n\t\u{B5}\u{1F600}")]))
  }

  @Test func repeatedKeysAreKeptForTheReaderToRefuse() throws {
    let value = try JSONParser.parse(#"{"keys": 1, "keys": 2}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["keys", "keys"])
  }

  /// A malformed document and the line, column and message of its first error.
  @Test(arguments: [
    ("{\n  \"keys\": 1,\n}", 3, 1, "expected a member name in quotes"),
    ("{\"a\" 1}", 1, 6, "expected ':' after the member name"),
    ("[1, 2", 1, 6, "expected ',' or ']' in an array"),
    ("{\"a\": 01}", 1, 8, "a number must not have a leading zero"),
    ("{\"a\": 1.}", 1, 9, "expected a digit after '.'"),
    ("{\"a\": NaN}", 1, 7, "unexpected character 'N'"),
    ("{\"a\": tru}", 1, 7, "unexpected character 't'"),
    ("{\"a\": \"x\ny\"}", 1, 9, "control character in a string; escape it"),
    ("{\"a\": \"\\x\"}", 1, 9, "unknown escape '\\x'"),
    ("{} {}", 1, 4, "unexpected text after the end of the document"),
    ("", 1, 1, "unexpected end of the document"),
    ("// comment\n{}", 1, 1, "unexpected character '/'"),
  ])
  func malformedDocumentsAreReportedWhereTheyBreak(
    text: String, line: Int, column: Int, message: String
  ) {
    #expect(throws: JSONParser.SyntaxError(line: line, column: column, message: message)) {
      try JSONParser.parse(text)
    }
  }

  @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep) }
  }

  @Test func renderedDocumentsReadBackUnchanged() throws {
    let value = JSONValue.object([
      ("name", .string("quote \" backslash \\ control \u{1} micro \u{B5}")),
      ("empty", .object([])),
      ("none", .array([])),
      ("scalars", .array([.number("1"), .null, .bool(false)])),
      ("nested", .array([.object([("a", .number("-0.5"))])])),
    ])
    #expect(try JSONParser.parse(value.rendered()) == value)
  }

  @Test(arguments: [
    (3.0, "3"), (0.99, "0.99"), (-2.0, "-2"), (12_345.6, "12345.6"), (1e20, "1e+20"),
  ])
  func doublesAreWrittenInShortestFormWithIntegersPlain(value: Double, text: String) {
    #expect(JSONValue.number(value) == .number(text))
  }

  @Test func nonFiniteDoublesBecomeNull() {
    #expect(JSONValue.number(Double.nan) == .null)
    #expect(JSONValue.number(Double.infinity) == .null)
  }
}
