import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// How `--profile-variant` names a variant of the run.
struct WindowSelectionTests {
  static let variants = Variant.all(
    designs: CacheDesign.builtIn, placements: [.inside, .outside], shards: 8)

  @Test(arguments: [
    ("naive/inside", Variant(design: .naive, decode: .inside, shards: 1)),
    ("coalescing/outside", Variant(design: .coalescing, decode: .outside, shards: 1)),
    ("sharded(8)/inside", Variant(design: .sharded, decode: .inside, shards: 8)),
    ("sharded/outside", Variant(design: .sharded, decode: .outside, shards: 8)),
    ("mutex/inside", Variant(design: .mutex, decode: .inside, shards: 1)),
  ])
  func aVariantIsNamedAsItsDescriptionPrintsIt(text: String, expected: Variant) {
    #expect(WindowSelection.variant(named: text, in: Self.variants) == expected)
  }

  @Test(arguments: [
    "naive", "naive/none", "sharded(4)/inside", "Naive/inside", "naive/inside ", "",
    "mutex(1)/inside",
  ])
  func aTextThatNamesNoVariantOfTheRunFindsNone(text: String) {
    #expect(WindowSelection.variant(named: text, in: Self.variants) == nil)
  }

  @Test func allIncludesEveryVariantAndOnlyIncludesOne() {
    let chosen = Self.variants[3]
    for variant in Self.variants {
      #expect(WindowSelection.all.includes(variant))
      #expect(WindowSelection.only(chosen).includes(variant) == (variant == chosen))
    }
  }
}
