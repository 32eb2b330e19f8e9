import Testing

@testable import CacheBench

/// The one place where how a subcommand ended becomes the exit code, and what it leaves to print.
struct CommandErrorTests {
  @Test(arguments: [
    (CommandError.usage("bad"), Int32(64), "bad" as String?),
    (.failure("broke"), 1, "broke"),
    (.regression, 2, nil),
    (.signalled(2), 130, nil),
    (.signalled(15), 143, nil),
  ])
  func eachEndingHasItsDocumentedExitCode(error: CommandError, code: Int32, message: String?) {
    #expect(error.exitCode == code)
    #expect(error.message == message)
  }
}
