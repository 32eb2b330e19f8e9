import Testing

@testable import CacheBench

/// Under `--repeat`, each kind of stderr note is said once a variant, from the first repetition that
/// gave it; a run of one repetition says every note as it comes.
struct RepeatedNotesTests {
  private let overlapped = "hits and joins read n/a: 19 requests overlapped a fetch; leaders (1279)"
  private let overlappedAgain =
    "hits and joins read n/a: 20 requests overlapped a fetch; leaders (1,271)"
  private let ignored = "decoded nothing inside the cache for 1270 fetches"

  @Test func eachKindIsSaidOnceAVariantFromTheRepetitionThatFirstGaveIt() {
    let notes = RepeatedNotes(repetitions: 3)
    #expect(
      notes.lines([overlapped], of: "a/inside") == [
        "repetition 1 of 3: \(overlapped) (not said again for the other repetitions)"
      ])
    #expect(notes.lines([overlapped], of: "b/inside").count == 1)
    #expect(
      notes.lines([overlappedAgain, ignored], of: "a/inside") == [
        "repetition 2 of 3: \(ignored) (not said again for the other repetitions)"
      ])
    #expect(notes.lines([overlapped, ignored], of: "a/inside").isEmpty)
  }

  @Test func oneRepetitionSaysEveryNoteAsItIs() {
    let notes = RepeatedNotes(repetitions: 1)
    #expect(notes.lines([overlapped, ignored], of: "a/inside") == [overlapped, ignored])
    #expect(notes.lines([overlapped], of: "a/inside") == [overlapped])
  }

  @Test func notesOfOneKindDifferOnlyInTheirNumbers() {
    #expect(RepeatedNotes.kind(of: overlapped) == RepeatedNotes.kind(of: overlappedAgain))
    #expect(RepeatedNotes.kind(of: overlapped) != RepeatedNotes.kind(of: ignored))
    #expect(RepeatedNotes.kind(of: "p50 1.5 µs, 1,024 B") == "p# # µs, # B")
  }
}
