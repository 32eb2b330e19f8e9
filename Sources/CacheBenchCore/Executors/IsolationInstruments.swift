/// The instrumented isolation domains (`InstrumentedExecutor`, `InstrumentedMutex`) a design's factory
/// made for one measured window: how the driver finds them without the design naming them.
///
/// The driver binds `collecting` while the factory runs; each domain made meanwhile registers itself.
/// The driver then reads their busy totals for `actor_utilisation` when the design keeps none of its own
/// (`Cache.isolationBusyTimes`), and their job figures for `actor_wait`, `actor_busy_wait` and
/// `actor_service` when the design timed none of its requests.
package final class IsolationInstruments: Sendable {
  /// Where domains made now register; nil outside a measured window's factory.
  @TaskLocal package static var collecting: IsolationInstruments?

  private let domains = SanitizerVisibleMutex<[any InstrumentedIsolation]>([])

  package init() {}

  /// Counts `domain` among the window's.
  func register(_ domain: any InstrumentedIsolation) {
    domains.withLock { $0.append(domain) }
  }

  /// The domains registered, in the order they were made.
  package var registered: [any InstrumentedIsolation] { domains.withLock { $0 } }

  /// Runs `factory` with `collecting` bound to these instruments.
  package func collect<Made>(_ factory: () throws -> Made) rethrows -> Made {
    try Self.$collecting.withValue(self, operation: factory)
  }

  /// The busy totals `actor_utilisation` is measured from, and their readings as the window opened.
  private let windowStart = SanitizerVisibleMutex<WindowStart?>(nil)

  /// What `beginWindow(designDomains:)` read.
  package struct WindowStart: Sendable {
    /// The design's own busy totals, or else the registered domains'.
    package var domains: [IsolationBusyTime]
    /// Their readings as the window opened.
    package var nanoseconds: [UInt64]
  }

  /// Starts every registered domain's window, and reads the busy totals `actor_utilisation` is measured
  /// from: `designDomains` (the design's own, `Cache.isolationBusyTimes`) when it has any, else the
  /// registered domains'.
  package func beginWindow(designDomains: [IsolationBusyTime]?) {
    let registered = registered
    for domain in registered { domain.beginWindow() }
    guard let domains = designDomains ?? (registered.isEmpty ? nil : registered.map(\.busyTime))
    else { return }
    let start = WindowStart(domains: domains, nanoseconds: domains.map(\.nanoseconds))
    windowStart.withLock { $0 = start }
  }

  /// Ends every registered domain's window: what `beginWindow(designDomains:)` read, and the jobs the
  /// domains ran meanwhile, merged (nil when there are no domains).
  package func endWindowFigures() -> (start: WindowStart?, jobs: IsolationJobFigures?) {
    let start = windowStart.withLock { $0 }
    let registered = registered
    guard let first = registered.first else { return (start, nil) }
    var figures = first.endWindow()
    for domain in registered.dropFirst() { figures.merge(domain.endWindow()) }
    return (start, figures)
  }
}
