import CacheBenchCore

/// Realised fetch latencies too far apart for a run's variants to compare fairly: the one rule behind
/// both the stderr line (`RunNotes.fetchLatencySpread`) and the finding (`FindingRules.fetchLatency`).
///
/// Each variant runs against its own fetcher under the same configuration, so median fetch latencies
/// more than `limit` times and more than `floorNanoseconds` apart come from the host (timer slack, a
/// loaded machine, a thread pool each fetch waited for), and the slower variant's figures carry it.
struct FetchLatencySpread: Sendable, Equatable {
  /// How many times apart realised fetch latencies may be before the comparison is called unfair.
  static let limit = 1.5

  /// How far apart, in nanoseconds, realised fetch latencies may be whatever their ratio: below it a
  /// ratio measures the clock, not the fetcher. With `--latency 0ms` a fetch returns at once and its
  /// realised p50 is the cost of reading the clock around it: three default runs of a release build at
  /// load 9 (2-core Linux, Swift 6.3.1) measured 30–100 ns, p99 at most 351 ns, and another run 70 and
  /// 351 ns, "5.0× apart". 5 µs is over ten times that spread, yet below the gaps of the runs that
  /// were unfair: at `--latency 1us` one variant's fetches took 16.5 µs where the others took 2.9–3.5
  /// µs, and at `--latency 10us` 24.9 µs against 16.1 µs.
  static let floorNanoseconds: UInt64 = 5_000

  /// The variant whose fetches were fastest (median), and that median in nanoseconds.
  var fastest: String
  var fastestNanoseconds: UInt64
  /// The variant whose fetches were slowest (median), and that median in nanoseconds.
  var slowest: String
  var slowestNanoseconds: UInt64

  /// How many times slower the slowest median is than the fastest.
  var ratio: Double { Double(slowestNanoseconds) / Double(fastestNanoseconds) }

  /// The spread of `medians`, each variant's label and median realised fetch latency (ns), of the
  /// variants that fetched; nil when they agree or fewer than two fetched.
  init?(medians: [(label: String, nanoseconds: UInt64)]) {
    let medians = medians.map { ($0.label, max($0.nanoseconds, 1)) }
    guard let fastest = medians.min(by: { $0.1 < $1.1 }),
      let slowest = medians.max(by: { $0.1 < $1.1 })
    else { return nil }
    self.fastest = fastest.0
    fastestNanoseconds = fastest.1
    self.slowest = slowest.0
    slowestNanoseconds = slowest.1
    guard ratio > Self.limit, slowestNanoseconds - fastestNanoseconds > Self.floorNanoseconds
    else { return nil }
  }

  /// `realised p50 1.12ms for naive/inside, 9.45ms for sharded(8)/outside (8.4× apart)`.
  var description: String {
    "realised p50 \(HumanUnits.latency(nanoseconds: fastestNanoseconds)) for \(fastest), "
      + "\(HumanUnits.latency(nanoseconds: slowestNanoseconds)) for \(slowest) "
      + "(\(DecimalText.fixed(ratio, fractionDigits: 1))× apart)"
  }
}
