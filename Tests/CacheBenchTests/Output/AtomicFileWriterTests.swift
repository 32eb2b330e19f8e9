import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct AtomicFileWriterTests {
  /// A fresh directory under the system temporary directory, removed when the test ends.
  private final class ScratchDirectory {
    let path: String

    init() throws {
      let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("cachebench-output-tests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func entries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Read with the library's own reader: on Linux, Foundation's `String(contentsOfFile:)` leaks the
    /// 4 KiB buffer it reads an empty file into (its empty result drops the buffer unfreed).
    func contents(of name: String) throws -> String {
      try TextFileReader.read(path: file(name))
    }

    func create(_ name: String, contents: String) throws {
      try Data(contents.utf8).write(to: URL(fileURLWithPath: file(name)))
    }
  }

  @Test func writesTheTextToANewFileAndLeavesNothingElse() throws {
    let scratch = try ScratchDirectory()
    try AtomicFileWriter.write("a,b\r\n1,2\r\nµs\r\n", toPath: scratch.file("results.csv"))
    #expect(try scratch.contents(of: "results.csv") == "a,b\r\n1,2\r\nµs\r\n")
    #expect(try scratch.entries() == ["results.csv"])
  }

  @Test func replacesAnExistingFileWhole() throws {
    let scratch = try ScratchDirectory()
    try scratch.create("results.csv", contents: "an older and much longer content\n")
    try AtomicFileWriter.write("new\n", toPath: scratch.file("results.csv"))
    #expect(try scratch.contents(of: "results.csv") == "new\n")
    #expect(try scratch.entries() == ["results.csv"])
  }

  @Test func writesAnEmptyText() throws {
    let scratch = try ScratchDirectory()
    try AtomicFileWriter.write("", toPath: scratch.file("empty.csv"))
    #expect(try scratch.contents(of: "empty.csv") == "")
  }

  @Test func failureBeforeTheRenameLeavesTheDestinationUntouchedAndNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    try scratch.create("results.csv", contents: "old\n")
    let injected = OutputError.systemCallFailed(
      path: scratch.file("results.csv"), call: "injected", reason: "test")
    var temporaryFilesSeen: [String] = []
    #expect(throws: injected) {
      try AtomicFileWriter.write("new\n", toPath: scratch.file("results.csv")) {
        () throws(OutputError) in
        temporaryFilesSeen = (try? scratch.entries())?.filter { $0.hasSuffix(".tmp") } ?? []
        throw injected
      }
    }
    #expect(temporaryFilesSeen.count == 1)
    #expect(temporaryFilesSeen.first?.hasPrefix(".results.csv.") == true)
    #expect(try scratch.contents(of: "results.csv") == "old\n")
    #expect(try scratch.entries() == ["results.csv"])
  }

  @Test func writingIntoAMissingDirectoryThrowsAndCreatesNothing() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("missing/results.csv")
    #expect(throws: OutputError.directoryMissing(path: path, directory: scratch.file("missing"))) {
      try AtomicFileWriter.write("new\n", toPath: path)
    }
    #expect(try scratch.entries() == [])
  }

  @Test func writingOverADirectoryThrowsAndLeavesItAlone() throws {
    let scratch = try ScratchDirectory()
    try FileManager.default.createDirectory(
      atPath: scratch.file("results.csv"), withIntermediateDirectories: false)
    #expect(throws: OutputError.isADirectory(path: scratch.file("results.csv"))) {
      try AtomicFileWriter.write("new\n", toPath: scratch.file("results.csv"))
    }
    #expect(try scratch.entries() == ["results.csv"])
  }

  @Test func checkWritableNamesTheMissingDirectory() throws {
    let scratch = try ScratchDirectory()
    let path = scratch.file("x/y.csv")
    do {
      try AtomicFileWriter.checkWritable(path: path)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "cannot write '\(path)': directory '\(scratch.file("x"))' does not exist")
    }
  }

  @Test func checkWritableRejectsAPathThatIsADirectory() throws {
    let scratch = try ScratchDirectory()
    #expect(throws: OutputError.isADirectory(path: scratch.path)) {
      try AtomicFileWriter.checkWritable(path: scratch.path)
    }
    #expect(throws: OutputError.isADirectory(path: scratch.path + "/")) {
      try AtomicFileWriter.checkWritable(path: scratch.path + "/")
    }
  }

  @Test func checkWritableRejectsAParentThatIsAFile() throws {
    let scratch = try ScratchDirectory()
    try scratch.create("plain", contents: "")
    #expect(
      throws: OutputError.notADirectory(
        path: scratch.file("plain/y.csv"), directory: scratch.file("plain"))
    ) {
      try AtomicFileWriter.checkWritable(path: scratch.file("plain/y.csv"))
    }
    #expect(
      throws: OutputError.notADirectory(
        path: scratch.file("plain/z/y.csv"), directory: scratch.file("plain/z"))
    ) {
      try AtomicFileWriter.checkWritable(path: scratch.file("plain/z/y.csv"))
    }
  }

  @Test func checkWritableAcceptsANewOrExistingFileInAnExistingDirectory() throws {
    let scratch = try ScratchDirectory()
    try scratch.create("old.csv", contents: "old\n")
    try AtomicFileWriter.checkWritable(path: scratch.file("new.csv"))
    try AtomicFileWriter.checkWritable(path: scratch.file("old.csv"))
    #expect(try scratch.entries() == ["old.csv"])
  }

  @Test func checkWritableRejectsAnEmptyPathAndADevice() {
    #expect(throws: OutputError.emptyPath) {
      try AtomicFileWriter.checkWritable(path: "")
    }
    #expect(throws: OutputError.notARegularFile(path: "/dev/null")) {
      try AtomicFileWriter.checkWritable(path: "/dev/null")
    }
  }
}
