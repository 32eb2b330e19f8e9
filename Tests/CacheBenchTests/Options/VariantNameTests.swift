import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--variants` takes the names a run prints (`sharded(8)`, `coalescing/inside`) besides design names,
/// and a misspelt design gets a "did you mean".
struct VariantNameTests {
  /// The variants a `run` command line measures.
  private func variants(_ arguments: [String]) throws -> [String] {
    guard case .run(let configuration) = try CommandLineParser.parse(arguments) else {
      Issue.record("not a run: \(arguments)")
      return []
    }
    return configuration.scenario.variants.map(\.description)
  }

  @Test(arguments: [
    (["--variants", "sharded(8)"], ["sharded(8)/inside", "sharded(8)/outside"]),
    (["--variants", "sharded(16)", "--decode", "none"], ["sharded(16)/none"]),
    (["--variants", "sharded(4)", "--shards", "4", "--decode", "none"], ["sharded(4)/none"]),
    (
      ["--variants", "sharded(2),sharded(4)", "--decode", "none"],
      ["sharded(2)/none", "sharded(4)/none"]
    ),
    (["--variants", "coalescing/inside"], ["coalescing/inside"]),
    (
      ["--variants", "coalescing/inside,sharded(4)/outside,mutex", "--decode", "none"],
      ["coalescing/inside", "sharded(4)/outside", "mutex/none"]
    ),
    (["--variants", "sharded/outside", "--shards", "2"], ["sharded(2)/outside"]),
  ])
  func theNamesARunPrintsSelectThoseVariants(arguments: [String], expected: [String]) throws {
    #expect(try variants(arguments) == expected)
  }

  @Test func aShardCountNamedAloneIsTheScenariosToo() throws {
    let command = try CommandLineParser.parse(["--variants", "sharded(16)"])
    guard case .run(let configuration) = command else {
      Issue.record("not a run: \(command)")
      return
    }
    #expect(configuration.scenario.shards == 16)
  }

  static let designs =
    "naive, coalescing, sharded, mutex, repository, naive-repository, fetch-outside, split"
  static let placements = "inside, outside, none, nonsending, concurrent, task, detached"

  @Test(arguments: [
    (
      ["--variants", "coalesing"],
      "invalid value 'coalesing' for --variants: unknown design 'coalesing'; did you mean"
        + " 'coalescing'? registered designs: \(designs)"
    ),
    (
      ["--variants", "fast"],
      "invalid value 'fast' for --variants: unknown design 'fast'; registered designs: \(designs)"
    ),
    (
      ["--variants", "sharded(8)", "--shards", "4"],
      "invalid value 'sharded(8)' for --variants: sharded(8) names 8 shards but --shards is 4;"
        + " give the count in one place"
    ),
    (
      ["--variants", "coalescing(8)"],
      "invalid value 'coalescing(8)' for --variants: 'coalescing(8)': coalescing has no shards;"
        + " only a sharded design takes a count, e.g. sharded(8)"
    ),
    (
      ["--variants", "sharded(0)"],
      "invalid value 'sharded(0)' for --variants: 'sharded(0)': the shard count must be"
        + " 1...4096, digits only"
    ),
    (
      ["--variants", "coalescing/insid"],
      "invalid value 'coalescing/insid' for --variants: unknown placement 'insid' in"
        + " 'coalescing/insid'; did you mean 'inside'? use \(placements)"
    ),
    (
      ["--variants", "coalescing,coalescing/inside"],
      "invalid value 'coalescing,coalescing/inside' for --variants: names coalescing/inside twice"
    ),
    (
      ["--variants", "coalescing/inside,coalescing/inside"],
      "invalid value 'coalescing/inside,coalescing/inside' for --variants: 'coalescing/inside' is"
        + " listed twice"
    ),
    (
      ["sweep", "--variants", "coalescing,sharded(8)"],
      "invalid value 'coalescing,sharded(8)' for --variants: a sweep takes design names: its shard"
        + " counts come from --shards and its placements from --decode"
    ),
    (
      ["--decode", "outsde"],
      "invalid value 'outsde' for --decode: unknown placement 'outsde'; did you mean 'outside'?"
        + " use \(placements)"
    ),
  ])
  func aBadNameIsRefusedInOneLine(arguments: [String], message: String) {
    #expect(throws: OptionsError.self) { try CommandLineParser.parse(arguments) }
    do {
      _ = try CommandLineParser.parse(arguments)
    } catch {
      #expect(error.description == message)
    }
  }
}
