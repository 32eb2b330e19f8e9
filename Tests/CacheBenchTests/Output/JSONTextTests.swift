import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct JSONTextTests {
  @Test(arguments: [
    ("[\n  1,\n  2\n]", "[1, 2]"),
    (
      "{\n  \"b\" : [\n    [\n      7,\n      3\n    ],\n    [\n      9,\n      1\n    ]\n  ]\n}",
      "{\n  \"b\" : [\n    [7, 3],\n    [9, 1]\n  ]\n}"
    ),
    ("[\n\n]", "[]"),
    ("[\n  null,\n  true,\n  -1.5e3\n]", "[null, true, -1.5e3]"),
    ("[\n  \"a\",\n  1\n]", "[\n  \"a\",\n  1\n]"),
    ("[\n  {\n    \"x\" : 1\n  }\n]", "[\n  {\n    \"x\" : 1\n  }\n]"),
    (
      "{\n  \"host\" : \"[\\n 1,\\n 2\\n]\",\n  \"q\" : \"\\\"[\"\n}",
      "{\n  \"host\" : \"[\\n 1,\\n 2\\n]\",\n  \"q\" : \"\\\"[\"\n}"
    ),
  ])
  func arraysOfNumbersGoOnOneLineAndNothingElseChanges(json: String, expected: String) {
    #expect(JSONText.compactingScalarArrays(json) == expected)
  }
}
