import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Reading back CSV as `CSVWriter` writes it, and refusing what is not a table.
struct CSVTableTests {
  @Test func quotedFieldsWithCommasQuotesAndLineBreaksAreRead() throws {
    let table = try CSVTable.parse("a,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n,,\r\n")
    #expect(table.header == ["a", "b", "c"])
    #expect(table.rows == [["x,1", "say \"hi\"", "two\r\nlines"], ["", "", ""]])
  }

  @Test func bareLineFeedsAndAMissingFinalLineEndAreAccepted() throws {
    let table = try CSVTable.parse("a,b\n1,2\n3,4")
    #expect(table.rows == [["1", "2"], ["3", "4"]])
  }

  @Test func theWritersOwnOutputReadsBackField() throws {
    let csv = CSVWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
      scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let table = try CSVTable.parse(csv)
    #expect(table.header == CSVWriter.columns)
    #expect(table.rows.count == 2)
    #expect(table.value("variant", in: table.rows[1]) == "sharded(8)")
  }

  @Test(arguments: [
    ("", 1, "no header record"),
    ("a,a\r\n", 1, "column 'a' appears twice in the header"),
    ("a,b\r\n1\r\n", 2, "has 1 fields, the header has 2"),
    ("a\r\n\"open\r\n", 2, "unterminated quoted field"),
    ("a\r\nx\"y\r\n", 2, "a quote inside an unquoted field"),
    ("a\r\n\"x\"y\r\n", 2, "text after the closing quote of a field"),
  ])
  func malformedTablesAreRefusedNamingTheRecord(text: String, record: Int, message: String) {
    #expect(throws: CSVTable.FormatError(record: record, message: message)) {
      try CSVTable.parse(text)
    }
  }
}
