import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What a registry accepts, what it refuses with which error, and how it orders and selects designs.
struct DesignRegistryTests {
  /// A design that is never built: only its name and traits matter here.
  private static func design(_ name: String, traits: DesignTraits = []) -> CacheDesign {
    CacheDesign(name: name, summary: "a user's design", traits: traits) { _ in RefusingCache() }
  }

  private static let builtInNames = [
    "naive", "coalescing", "sharded", "mutex", "repository", "naive-repository", "fetch-outside",
    "split",
  ]

  @Test func anEmptyNameIsRefusedAsEmpty() {
    #expect(throws: DesignRegistryError.emptyName) {
      try DesignRegistry.withBuiltIn(adding: [Self.design("")])
    }
    #expect(
      DesignRegistryError.emptyName.description
        == "a cache design was registered with an empty name")
  }

  @Test(arguments: [
    "Mine", "MINE", "mine,naive", "mine/inside", "mine(8)", "my cache", "1mine", "-mine",
    "my_cache",
    "mine.v2", "caf\u{E9}", String(repeating: "a", count: 41),
  ])
  func aMalformedNameIsRefusedQuotingIt(name: String) {
    #expect(throws: DesignRegistryError.malformedName(name)) {
      try DesignRegistry.withBuiltIn(adding: [Self.design(name)])
    }
    #expect(
      DesignRegistryError.malformedName(name).description
        == "invalid design name '\(name)': use 1...40 of a-z, 0-9 and -, starting with a letter")
  }

  @Test(arguments: ["m", "mine", "my-cache-2", "a1", "z-", String(repeating: "a", count: 40)])
  func aWellFormedNameIsAccepted(name: String) throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [Self.design(name)])
    #expect(registry.names == Self.builtInNames + [name])
  }

  @Test func aNameAddedTwiceIsRefusedAsADuplicate() {
    #expect(throws: DesignRegistryError.duplicateName("mine")) {
      try DesignRegistry.withBuiltIn(adding: [
        Self.design("mine"), Self.design("other"), Self.design("mine"),
      ])
    }
    #expect(
      DesignRegistryError.duplicateName("mine").description
        == "two cache designs are registered as 'mine'")
  }

  @Test func aBuiltInNameGivenTwiceAmongTheBuiltInsIsADuplicate() {
    #expect(throws: DesignRegistryError.duplicateName("naive")) {
      try DesignRegistry(builtIn: [.naive, .coalescing, .naive])
    }
  }

  @Test(arguments: ["naive", "coalescing", "sharded", "mutex", "repository", "naive-repository"])
  func anAddedDesignTakingABuiltInNameIsRefusedAsACollision(name: String) {
    #expect(throws: DesignRegistryError.collidesWithBuiltIn(name: name)) {
      try DesignRegistry.withBuiltIn(adding: [Self.design("mine"), Self.design(name)])
    }
    #expect(
      DesignRegistryError.collidesWithBuiltIn(name: name).description
        == "the cache design '\(name)' takes the name of a built-in design; choose another name")
  }

  @Test func aBuiltInNameAddedTwiceIsACollisionNotADuplicate() {
    #expect(throws: DesignRegistryError.collidesWithBuiltIn(name: "mutex")) {
      try DesignRegistry.withBuiltIn(adding: [Self.design("mutex"), Self.design("mutex")])
    }
  }

  @Test func aMalformedNameIsReportedBeforeALaterDuplicate() {
    #expect(throws: DesignRegistryError.malformedName("Mine")) {
      try DesignRegistry.withBuiltIn(adding: [Self.design("Mine"), Self.design("naive")])
    }
  }

  @Test func theBuiltInRegistryHoldsTheBuiltInDesignsInTheirOrder() {
    #expect(DesignRegistry.builtIn.names == Self.builtInNames)
    #expect(DesignRegistry.builtIn.builtInNames == Set(Self.builtInNames))
  }

  @Test func addedDesignsFollowTheBuiltInOnesInTheOrderGiven() throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      Self.design("zeta"), Self.design("alpha"), Self.design("mid"),
    ])
    #expect(registry.names == Self.builtInNames + ["zeta", "alpha", "mid"])
    #expect(registry.builtInNames == Set(Self.builtInNames))
  }

  @Test func defaultDesignsAreTheOnesMeasuredByDefaultInRegistrationOrder() throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      Self.design("quiet"), Self.design("loud", traits: [.measuredByDefault, .coalesces]),
    ])
    #expect(
      registry.defaultDesigns.map(\.name) == ["naive", "coalescing", "sharded", "mutex", "loud"])
    #expect(DesignRegistry.builtIn.defaultDesigns.map(\.name) == Array(Self.builtInNames.prefix(4)))
  }

  @Test func writingDesignsAreTheOnesThatTakeWritesInRegistrationOrder() throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      Self.design("store", traits: [.takesWrites]), Self.design("reader", traits: [.coalesces]),
    ])
    #expect(registry.writingDesigns.map(\.name) == ["repository", "naive-repository", "store"])
    #expect(
      DesignRegistry.builtIn.writingDesigns.map(\.name) == ["repository", "naive-repository"])
  }

  @Test func designNamedFindsAnAddedOrBuiltInDesignByItsExactName() throws {
    let mine = CacheDesign(
      name: "mine", summary: "the one asked for", traits: [.sharded]
    ) { _ in RefusingCache() }
    let registry = try DesignRegistry.withBuiltIn(adding: [mine])
    let found = try #require(registry.design(named: "mine"))
    #expect(found.summary == "the one asked for")
    #expect(found.traits == [.sharded])
    #expect(registry.design(named: "mutex")?.summary == CacheDesign.mutex.summary)
    for missing in ["", "Mine", "mine ", "min", "theirs", "mine(8)"] {
      #expect(registry.design(named: missing) == nil, "\(missing)")
    }
    #expect(DesignRegistry.builtIn.design(named: "mine") == nil)
  }

  @Test func firstWithTraitsIsTheEarliestDesignHavingThemAll() throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      Self.design("sharded-lock", traits: [.sharded, .lockIsolated])
    ])
    #expect(registry.first(with: [.coalesces])?.name == "coalescing")
    #expect(registry.first(with: [.lockIsolated])?.name == "mutex")
    #expect(registry.first(with: [.sharded, .lockIsolated])?.name == "sharded-lock")
    #expect(registry.first(with: [.takesWrites, .supportsRetention]) == nil)
  }
}
