import Testing

@testable import CacheBench

/// The "did you mean" of a misspelled option or subcommand.
struct SpellingSuggestionTests {
  @Test(arguments: [
    ("--shard", "--shards"), ("--Keys", "--keys"), ("---keys", "--keys"), ("--keys-", "--keys"),
    ("--concurency", "--concurrency"), ("--varaints", "--variants"), ("--verison", "--version"),
    ("--fail-on-improvment", "--fail-on-improvement"),
  ])
  func aMisspelledOptionGetsTheNearestOne(typed: String, meant: String) {
    #expect(
      SpellingSuggestion.nearest(to: typed, among: CommandLineParser.optionSpellings) == meant)
  }

  @Test(arguments: [("comapre", "compare"), ("Run", "run"), ("runs", "run"), ("swep", "sweep")])
  func aMisspelledSubcommandGetsTheNearestOne(typed: String, meant: String) {
    #expect(SpellingSuggestion.nearest(to: typed, among: CommandLineParser.subcommands) == meant)
  }

  @Test(arguments: ["-x", "--", "--bogus", "--quite-different", "bench", "x", "--keys"])
  func aWildGuessOrAKnownNameGetsNoSuggestion(typed: String) {
    let candidates = CommandLineParser.optionSpellings + CommandLineParser.subcommands
    #expect(SpellingSuggestion.nearest(to: typed, among: candidates) == nil)
  }

  @Test(arguments: [
    ("compare", "comapre", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0),
  ])
  func theDistanceCountsATranspositionAsOneEdit(a: String, b: String, distance: Int) {
    #expect(SpellingSuggestion.distance(Array(a), Array(b)) == distance)
  }
}
