extension Calibration {
  /// Why a hit path, timed or untimed, has no figure: said in the calibration table instead of a bare
  /// `n/a`, so a design that cannot be probed is still listed, with the reason.
  package enum Unmeasured: Sendable, Equatable, CustomStringConvertible {
    /// The design's factory threw, with the error's description.
    case factoryThrew(String)
    /// A lookup of the warmed key threw or reported a join or a leader.
    case notAHit
    /// Lookups of the warmed key made the fetcher fetch again: the design has no hit to time (a cache
    /// that fetches through on every lookup).
    case fetchesOnLookup
    /// A lookup did not answer within the calibration's limit.
    case noAnswer(within: Duration)
    /// Untimed only: the design's hits report an `IsolationTiming` of their own but it keeps no busy
    /// totals (`isolationBusyTimes`), so the clock reads inside its hit cannot be switched off.
    case timesItself

    /// The reason as a phrase for the table: `lookups of a warm key fetch again, so no hit to time`.
    package var description: String {
      switch self {
      case .factoryThrew(let error): "its factory threw: \(error)"
      case .notAHit: "a lookup of a warm key was not a hit"
      case .fetchesOnLookup: "lookups of a warm key fetch again, so there is no hit to time"
      case .noAnswer(let limit):
        "a lookup did not answer within"
          + " \(HumanUnits.latency(nanoseconds: UInt64(max(0, limit.nanoseconds))))"
      case .timesItself:
        "its hits report IsolationTiming without busy totals, whose clock reads cannot be"
          + " switched off"
      }
    }
  }
}
