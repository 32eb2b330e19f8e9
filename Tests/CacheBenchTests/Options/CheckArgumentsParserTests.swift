import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `cachebench check`'s command line: the designs, the flags, and a clear one-line refusal of anything
/// else.
struct CheckArgumentsParserTests {
  @Test func withoutOptionsTheDesignsOfADefaultRunAreCheckedTimedAsText() throws {
    guard case .check(let configuration) = try CommandLineParser.parse(["check"]) else {
      Issue.record("not a check")
      return
    }
    #expect(configuration.designs.map(\.design) == DesignRegistry.builtIn.defaultDesigns)
    #expect(!configuration.json)
    #expect(configuration.timing)
  }

  @Test func theVariantsTakeRunsNamesWithShardsAndTheFlagsTakeNoValue() throws {
    guard
      case .check(let configuration) = try CommandLineParser.parse([
        "check", "--variants=naive,sharded(8)", "--json", "--no-timing",
      ])
    else {
      Issue.record("not a check")
      return
    }
    #expect(configuration.designs.map(\.design.name) == ["naive", "sharded"])
    #expect(configuration.designs.map(\.shards) == [nil, 8])
    #expect(configuration.json)
    #expect(!configuration.timing)
  }

  @Test(arguments: [
    (["check", "--variants", "coalesing"], "did you mean 'coalescing'?"),
    (["check", "--variants", "naive/inside"], "check takes designs, not placements"),
    (["check", "--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
    (["check", "--json=yes"], "--json"),
    (["check", "--json", "--json"], "--json"),
    (["check", "--variants"], "--variants"),
    (["check", "naive"], "check"),
  ])
  func badInputIsRefusedInOneLine(arguments: [String], says: String) {
    do {
      _ = try CommandLineParser.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(error.description.contains(says), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }
}
