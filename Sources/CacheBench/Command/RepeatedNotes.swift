import CacheBenchCore

/// What a run says on stderr about each finished variant when it measures every variant more than once
/// (`--repeat`): each kind of note once a variant, from the first repetition that gave it, marked with
/// that repetition, rather than again for every repetition with its own counts. Notes of one kind differ
/// only in their numbers ("19 requests overlapped …", "20 requests overlapped …"), and the results give
/// each figure's median over the repetitions.
final class RepeatedNotes: Sendable {
  private let repetitions: Int
  /// Per variant: its repetitions finished so far, and the kinds of note said for it.
  private let state = SanitizerVisibleMutex<[String: (finished: Int, said: Set<String>)]>([:])

  init(repetitions: Int) {
    self.repetitions = repetitions
  }

  /// The lines to say for `notes`, given as a repetition of `variant` finished: all of them when each
  /// variant is measured once; else the notes of a kind not said for the variant yet, each after the
  /// number of the repetition it comes from.
  func lines(_ notes: [String], of variant: String) -> [String] {
    guard repetitions > 1 else { return notes }
    return state.withLock { state in
      var entry = state[variant] ?? (finished: 0, said: [])
      entry.finished += 1
      let repetition = entry.finished
      let new = notes.filter { entry.said.insert(Self.kind(of: $0)).inserted }
      state[variant] = entry
      return new.map {
        "repetition \(repetition) of \(repetitions): \($0) (not said again for the other repetitions)"
      }
    }
  }

  /// `note` with each run of digits (and the separators inside a number) as `#`: the notes of one kind.
  static func kind(of note: String) -> String {
    var kind = ""
    var inNumber = false
    for character in note {
      if character.isASCII, character.isNumber {
        if !inNumber { kind.append("#") }
        inNumber = true
      } else if inNumber, character == "." || character == "," {
        continue
      } else {
        inNumber = false
        kind.append(character)
      }
    }
    return kind
  }
}
