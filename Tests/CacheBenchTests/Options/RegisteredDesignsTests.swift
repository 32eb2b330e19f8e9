import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What the options and `--help` make of a user's designs, once registered beside the built-in ones.
struct RegisteredDesignsTests {
  static let mine = CacheDesign(
    name: "mine", summary: "a user's cache for the tests", traits: [.coalesces, .measuredByDefault]
  ) { HooklessCache(fetcher: $0.fetcher) }

  static let builtInNames =
    "naive, coalescing, sharded, mutex, repository, naive-repository, fetch-outside, split"

  private static func registry(_ designs: [CacheDesign] = [mine]) throws -> DesignRegistry {
    try DesignRegistry.withBuiltIn(adding: designs)
  }

  /// The variants `arguments` ask for, parsed with `registry` bound as the entry point binds it.
  private func variants(_ arguments: [String], in registry: DesignRegistry) throws -> [String] {
    let command = try RegisteredDesigns.$registry.withValue(registry) {
      try CommandLineParser.parse(arguments)
    }
    guard case .run(let configuration) = command else {
      Issue.record("not a run: \(command)")
      return []
    }
    return configuration.scenario.variants.map(\.description)
  }

  @Test func variantsTakesAUserDesignByName() throws {
    #expect(
      try variants(["--variants", "mine"], in: Self.registry()) == ["mine/inside", "mine/outside"])
    let command = try RegisteredDesigns.$registry.withValue(Self.registry()) {
      try CommandLineParser.parse(["--variants", "mine", "--decode", "none"])
    }
    guard case .run(let configuration) = command else {
      Issue.record("not a run: \(command)")
      return
    }
    let variant = try #require(configuration.scenario.variants.first)
    #expect(configuration.scenario.variants.count == 1)
    #expect(variant.design.summary == Self.mine.summary)
    #expect(variant.design.traits == Self.mine.traits)
    #expect(variant.shards == 1)
  }

  @Test func aUserDesignRunsWhereTheOrderGivenPutsIt() throws {
    #expect(
      try variants(["--variants", "mine,mutex", "--decode", "none"], in: Self.registry())
        == ["mine/none", "mutex/none"])
  }

  @Test func withoutVariantsAUserDesignMeasuredByDefaultRunsAfterTheBuiltInOnes() throws {
    #expect(
      try variants(["--decode", "none", "--shards", "4"], in: Self.registry())
        == ["naive/none", "coalescing/none", "sharded(4)/none", "mutex/none", "mine/none"])
    let quiet = CacheDesign.hookless(name: "quiet")
    #expect(
      try variants(["--decode", "none", "--shards", "4"], in: Self.registry([quiet]))
        == ["naive/none", "coalescing/none", "sharded(4)/none", "mutex/none"])
  }

  @Test func aUserShardedDesignTakesTheShardCount() throws {
    let sharded = CacheDesign.hookless(name: "my-shards", traits: [.sharded])
    #expect(
      try variants(
        ["--variants", "my-shards", "--decode", "none", "--shards", "16"],
        in: Self.registry([sharded])) == ["my-shards(16)/none"])
  }

  @Test func anUnknownDesignIsRefusedWithEveryRegisteredNameTheUsersIncluded() throws {
    let registry = try Self.registry()
    #expect(
      throws: OptionsError.invalidValue(
        option: .variants, value: "mine,theirs",
        reason: "unknown design 'theirs'; registered designs: \(Self.builtInNames), mine")
    ) {
      try RegisteredDesigns.$registry.withValue(registry) {
        try CommandLineParser.parse(["--variants", "mine,theirs"])
      }
    }
    #expect(
      OptionsError.invalidValue(
        option: .variants, value: "theirs",
        reason: "unknown design 'theirs'; registered designs: \(Self.builtInNames), mine"
      ).description
        == "invalid value 'theirs' for --variants: unknown design 'theirs'; registered designs:"
        + " naive, coalescing, sharded, mutex, repository, naive-repository, fetch-outside, split,"
        + " mine")
  }

  @Test func outsideTheEntryPointAUserDesignIsUnknown() {
    #expect(
      throws: OptionsError.invalidValue(
        option: .variants, value: "mine",
        reason: "unknown design 'mine'; registered designs: \(Self.builtInNames)")
    ) {
      try CommandLineParser.parse(["--variants", "mine"])
    }
  }

  /// The help page with `designs` registered.
  private func help(_ designs: [CacheDesign]) throws -> [Substring] {
    let registry = try Self.registry(designs)
    return RegisteredDesigns.$registry.withValue(registry) { HelpText.usage }
      .split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The DESIGNS section of a help page: its heading to the blank line after it.
  private func designsSection(_ lines: [Substring]) -> [Substring] {
    guard let start = lines.firstIndex(where: { $0.hasPrefix("DESIGNS") }) else { return [] }
    return Array(lines[start...].prefix { !$0.isEmpty })
  }

  @Test func helpListsAUserDesignAfterTheBuiltInOnesWithItsSummaryAndTraits() throws {
    let section = designsSection(try help([Self.mine]))
    #expect(section.first == "DESIGNS (for --variants; [default] ones run without it):")
    #expect(
      section.last == "  mine              a user's cache for the tests [coalesces, default]")
    let names = section.dropFirst().compactMap { line in
      line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first : nil
    }
    #expect(
      names == [
        "naive", "coalescing", "sharded", "mutex", "repository", "naive-repository",
        "fetch-outside", "split", "mine",
      ])
  }

  @Test func helpListsAUserDesignWithoutTraitsWithoutBrackets() throws {
    let plain = CacheDesign.hookless(name: "plain")
    #expect(
      designsSection(try help([plain])).last == "  plain             a user's cache with no hooks")
  }

  @Test func helpWrapsALongSummaryUnderTheSummaryColumn() throws {
    let wordy = CacheDesign(
      name: "wordy",
      summary: "an actor that keeps every payload it ever fetched in one dictionary and never"
        + " evicts, shown beside the built-in designs",
      traits: [.coalesces, .sharded, .supportsRetention, .lockIsolated, .measuredByDefault]
    ) { HooklessCache(fetcher: $0.fetcher) }
    let section = designsSection(try help([wordy]))
    #expect(
      Array(section.suffix(3)) == [
        "  wordy             an actor that keeps every payload it ever fetched in one",
        "                    dictionary and never evicts, shown beside the built-in",
        "                    designs [coalesces, sharded, capacity/ttl, lock, default]",
      ])
  }

  @Test func aLongNameWidensTheNameColumnForEveryDesign() throws {
    let name = String(repeating: "n", count: 40)
    let long = CacheDesign.hookless(name: name, traits: .measuredByDefault)
    let section = designsSection(try help([long]))
    let naive = try #require(section.first { $0.hasPrefix("  naive ") })
    #expect(naive.hasPrefix("  naive" + String(repeating: " ", count: 37) + "one actor:"))
    #expect(
      section.suffix(2).map(String.init) == [
        "  \(name)  a user's cache with no hooks",
        "  " + String(repeating: " ", count: 42) + "[default]",
      ])
  }

  static let helpDesigns: [[CacheDesign]] = [
    [],
    [mine],
    [
      .hookless(name: String(repeating: "a", count: 40), traits: .measuredByDefault),
      CacheDesign(
        name: "b" + String(repeating: "-long", count: 7),
        summary: String(repeating: "a summary that goes on ", count: 8),
        traits: [.coalesces, .sharded, .supportsRetention, .lockIsolated, .measuredByDefault]
      ) { HooklessCache(fetcher: $0.fetcher) },
    ],
  ]

  @Test(arguments: helpDesigns)
  func everyHelpLineFitsEightyColumnsWithUserDesigns(designs: [CacheDesign]) throws {
    for line in try help(designs) {
      #expect(line.count <= 80, "\(line)")
    }
  }
}
