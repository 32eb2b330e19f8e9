/// One cache design measured from code: the warm-up, the measured window, the fake server and the
/// accounting check of `cachebench run`, for one design, with its figures returned as values.
///
/// This is the entry for a test of your own cache. The design is the `CacheDesign` you register with
/// the tool (`CacheBenchCommand.main(arguments:designs:)`), so a test measures exactly what the command
/// line measures:
///
/// ```swift
/// @Test func theInFlightCacheFetchesEachImageOnce() async throws {
///   let workload = CacheBenchmark.Workload(keys: 1, concurrency: 16, requests: 16, warmupRequests: 0)
///   let result = try await CacheBenchmark(design: imageInFlight, workload: workload).run()
///   #expect(result.fetches == 1)
///   #expect(result.duplicateFetches == 0)
/// }
/// ```
///
/// Counts are exact whenever the workload fixes them (a request-count stop, as here, and a fetcher
/// whose overlap the test controls, `Workload.fetcher`); times depend on the machine, so assert on
/// counts and shares, not on latencies. Runs one window at a time: two benchmarks run concurrently
/// measure each other.
public struct CacheBenchmark: Sendable {
  /// The design measured: a fresh, empty cache of it for the warm-up and another for the window.
  public var design: CacheDesign
  /// What the clients ask for and how the remote answers.
  public var workload: Workload

  /// A benchmark of `design` under `workload` (by default the tool's default workload).
  public init(design: CacheDesign, workload: Workload = Workload()) {
    self.design = design
    self.workload = workload
  }

  /// Warms up a throwaway cache, measures a fresh one for `workload.requests` requests, checks the
  /// accounting identity and returns the window's figures.
  ///
  /// Throws `CacheBenchmarkError.invalidWorkload` before anything runs for a workload out of range or
  /// a decode placement the design cannot honour; `.notMeasured` when the design's factory threw or a
  /// window made no progress for the stall timeout (a request hung in the cache); `.accountingViolated`
  /// when some request was lost or counted twice, a bug of the design or of cachebench.
  public func run() async throws(CacheBenchmarkError) -> CacheBenchmarkResult {
    let scenario = try workload.scenario(for: design)
    let failure = SanitizerVisibleMutex<String?>(nil)
    var driver = BenchmarkDriver(scenario: scenario) { event in
      if case .failed(_, let reason) = event { failure.withLock { $0 = $0 ?? reason } }
    }
    driver.remote = workload.fetcher
    let results: [VariantResult]
    do {
      results = try await driver.run()
    } catch {
      throw .accountingViolated(error.description)
    }
    guard let result = results.first else {
      throw .notMeasured(failure.withLock { $0 } ?? "the design was not measured")
    }
    if result.stalled {
      throw .notMeasured(
        "its window made no progress for \(HumanUnits.latency(result.stallTimeout))"
          + " (a request hung in the cache)")
    }
    return CacheBenchmarkResult(result)
  }
}

/// Why a `CacheBenchmark` returned no figures.
public enum CacheBenchmarkError: Error, Equatable, CustomStringConvertible {
  /// The workload is out of range, or asks for a decode placement the design cannot run; nothing ran.
  case invalidWorkload(String)
  /// The design's factory threw, or a window stalled: no figure of it is complete.
  case notMeasured(String)
  /// A request was lost or counted twice (the accounting identity of DESIGN.md).
  case accountingViolated(String)

  public var description: String {
    switch self {
    case .invalidWorkload(let reason): "invalid workload: \(reason)"
    case .notMeasured(let reason): "not measured: \(reason)"
    case .accountingViolated(let reason): reason
    }
  }
}
