import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The main actor's responsiveness per variant, for `--caller main`: medians over repetitions, like the
/// run's other tables.
struct MainActorTableWriterTests {
  /// `OutputFixtures.naiveInside` as repetition `repetition`, its probe's delays all `delay`.
  private func repetition(
    _ repetition: Int, delay: UInt64, samples: Int, hitches: Int, hangs: Int
  ) -> VariantResult {
    var result = OutputFixtures.naiveInside
    result.repetition = repetition
    result.mainActorResponsiveness = MainActorResponsiveness(
      delay: OutputFixtures.histogram(delay, count: samples), hitches: hitches, hangs: hangs)
    return result
  }

  @Test func eachFigureIsTheMedianOverTheRepetitions() {
    let group = VariantRepetitions([
      repetition(0, delay: 1_000_000, samples: 10, hitches: 0, hangs: 0),
      repetition(1, delay: 20_000_000, samples: 12, hitches: 5, hangs: 1),
      repetition(2, delay: 3_000_000, samples: 11, hitches: 2, hangs: 0),
    ])
    let text = MainActorTableWriter.render(repeated: [group], caller: .main)
    let row = text.split(separator: "\n").last.map(String.init) ?? ""
    let cells = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    #expect(cells == ["naive", "inside", "3.00ms", "3.00ms", "3.00ms", "2", "0", "11"], "\(text)")
  }

  @Test func anEvenNumberOfRepetitionsCanGiveAHalfCount() {
    let group = VariantRepetitions([
      repetition(0, delay: 1_000_000, samples: 10, hitches: 1, hangs: 0),
      repetition(1, delay: 1_000_000, samples: 10, hitches: 2, hangs: 0),
    ])
    let text = MainActorTableWriter.render(repeated: [group], caller: .main)
    #expect(text.contains("  1.5  "), "\(text)")
  }

  @Test func aRepetitionWithoutAProbeMakesTheRowNotAvailableAndPoolClientsGetNoTable() {
    var unprobed = OutputFixtures.naiveInside
    unprobed.repetition = 1
    let group = VariantRepetitions([
      repetition(0, delay: 1_000_000, samples: 10, hitches: 0, hangs: 0), unprobed,
    ])
    let text = MainActorTableWriter.render(repeated: [group], caller: .main)
    #expect(text.hasSuffix("n/a  n/a\n") || text.hasSuffix("n/a\n"), "\(text)")
    #expect(!text.contains("1.00ms"), "\(text)")
    #expect(MainActorTableWriter.render(repeated: [group], caller: .pool).isEmpty)
  }

  @Test func theTableOpensWithALegendSayingWhatMainWaitIs() {
    let group = VariantRepetitions([
      repetition(0, delay: 1_000_000, samples: 10, hitches: 0, hangs: 0)
    ])
    let lines = MainActorTableWriter.render(repeated: [group], caller: .main)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "")
    let legend =
      "main wait: how long a trivial job queued on the main actor every 1 ms waited to start;"
      + " hitches and hangs: such waits over 16 ms and 250 ms"
    #expect(lines.dropFirst().first.map(String.init) == legend)
    #expect(lines.dropFirst(2).first?.hasPrefix("variant  decode  main wait p50") == true)
  }
}
