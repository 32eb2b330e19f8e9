/// The latency histograms a window's clients share: a few stripes, each a lock and one set of histograms,
/// so the tool's memory for them is the same at 64 clients as at 100,000.
///
/// Why stripes and not one set per client: a set of histograms at three significant digits is about
/// 1 MiB (four of 250 KB; five in an open loop), which at 4,096 clients was 3 GiB of the tool's own
/// memory. Why not one set per thread: a client moves between threads at every suspension, and finding
/// the current thread's set costs a thread-local lookup per request; a lock that is almost never
/// contended costs one atomic exchange to take and one to release. Why not histograms sized to the run's
/// range: HDR buckets are logarithmic, so even a 10-second range keeps 80% of the counters.
///
/// Each client starts on its home stripe (`home`); when that stripe's lock is held by another thread it
/// tries the next stripes without waiting and makes the first free one its home, and only when every
/// stripe is busy does it wait. So with at least as many stripes as threads running clients, a
/// recording never sleeps on a lock. The recorded values are the same as with per-client histograms,
/// and merging is addition, so percentiles keep their precision.
package final class HistogramStripes: Sendable {
  /// The histograms of one stripe, and of a client's recorder that keeps its own.
  struct Histograms: Sendable {
    var latency: LatencyHistogram
    var actorWait: LatencyHistogram
    var actorBusyWait: LatencyHistogram
    var actorService: LatencyHistogram
    /// Open loop only: latency from the actual start.
    var actualLatency: LatencyHistogram?

    /// Allocated histograms, with `actualLatency` when `openLoop`.
    init(openLoop: Bool) {
      latency = LatencyHistogram()
      actorWait = LatencyHistogram()
      actorBusyWait = LatencyHistogram()
      actorService = LatencyHistogram()
      actualLatency = openLoop ? LatencyHistogram() : nil
    }

    /// Histograms that hold no counters, for a stripe whose figures were taken. Allocates nothing: it
    /// runs as the window closes, where a set made and dropped (1 MiB a stripe) showed in the window's
    /// dhat profile (scripts/tests/dhat-check).
    static func released(openLoop: Bool) -> Histograms {
      Histograms(
        latency: .unallocated(), actorWait: .unallocated(), actorBusyWait: .unallocated(),
        actorService: .unallocated(), actualLatency: openLoop ? .unallocated() : nil)
    }

    private init(
      latency: LatencyHistogram, actorWait: LatencyHistogram, actorBusyWait: LatencyHistogram,
      actorService: LatencyHistogram, actualLatency: LatencyHistogram?
    ) {
      self.latency = latency
      self.actorWait = actorWait
      self.actorBusyWait = actorBusyWait
      self.actorService = actorService
      self.actualLatency = actualLatency
    }

    /// Records every figure `sample` carries.
    @inline(__always)
    mutating func record(_ sample: RequestSample) {
      latency.record(sample.latency)
      if sample.carries(RequestSample.timing) {
        actorWait.record(sample.actorWait)
        actorService.record(sample.actorService)
        if sample.carries(RequestSample.busyWait) { actorBusyWait.record(sample.actorBusyWait) }
      }
      if sample.carries(RequestSample.actualLatency) { actualLatency?.record(sample.actualLatency) }
    }

    /// Adds `other`'s counts to these; an actual-start histogram is made when `other` brings one.
    mutating func merge(_ other: Histograms) {
      latency.merge(other.latency)
      actorWait.merge(other.actorWait)
      actorBusyWait.merge(other.actorBusyWait)
      actorService.merge(other.actorService)
      if let actual = other.actualLatency {
        if actualLatency == nil { actualLatency = LatencyHistogram() }
        actualLatency?.merge(actual)
      }
    }
  }

  /// Stripes made for a window of `concurrency` clients when no count is given: two per core, at
  /// least 2 and at most 8, and never more than there are clients.
  package static func defaultCount(concurrency: Int) -> Int {
    min(max(concurrency, 1), min(max(2 * HostInfo.onlineCores, 2), 8))
  }

  private let stripes: [SanitizerVisibleMutex<Histograms>]
  /// Whether the stripes keep the open loop's actual-start histogram.
  let openLoop: Bool

  /// `count` stripes, their histograms allocated now (so not inside a window).
  init(count: Int, openLoop: Bool) {
    precondition(count > 0, "a window needs at least one histogram stripe")
    self.openLoop = openLoop
    stripes = (0..<count).map { _ in SanitizerVisibleMutex(Histograms(openLoop: openLoop)) }
  }

  /// How many stripes there are.
  var count: Int { stripes.count }

  /// Requests recorded into the stripes so far (clients flush every few requests): progress for the
  /// stall watch, which reads it about once a second, taking each stripe's lock in turn.
  var recordedRequests: Int {
    stripes.reduce(0) { total, stripe in total &+ stripe.withLock { $0.latency.totalCount } }
  }

  /// Records `samples` into the first free stripe from `home` on, and makes that stripe `home`.
  func record(_ samples: UnsafeBufferPointer<RequestSample>, home: inout Int) {
    var index = home
    for _ in 0..<stripes.count {
      let recorded: Void? = stripes[index].withLockIfAvailable { histograms in
        for sample in samples { histograms.record(sample) }
      }
      if recorded != nil {
        home = index
        return
      }
      index = index + 1 == stripes.count ? 0 : index + 1
    }
    stripes[home].withLock { histograms in
      for sample in samples { histograms.record(sample) }
    }
  }

  /// Records `sample` into the first free stripe from `home` on, and makes that stripe `home`.
  func record(_ sample: RequestSample, home: inout Int) {
    withUnsafePointer(to: sample) { record(UnsafeBufferPointer(start: $0, count: 1), home: &home) }
  }

  /// Hands each stripe's histograms to `body`, in turn. With `release`, the stripes let go of their
  /// counters, so only what `body` keeps is left in memory; a window with a client still inside a request
  /// keeps them, because that client may still record.
  func forEachStripe(release: Bool, _ body: (Histograms) -> Void) {
    for stripe in stripes {
      let histograms = stripe.withLock { histograms in
        let taken = histograms
        if release { histograms = .released(openLoop: openLoop) }
        return taken
      }
      body(histograms)
    }
  }
}

/// One request's figures, carried from where they are known to one locked recording into a stripe.
///
/// Which figures it carries is a bit mask on a plain `UInt8`, not an `OptionSet`: in a debug build every
/// `contains`, `insert` and `= []` of an option set runs the standard library's unspecialised generic
/// `SetAlgebra` code, which in `swift test` took about 25 s of CPU (perf, cpu-clock), more than the
/// clients' whole recording on main, where integer `&` and `|` are inlined in any build. (Three `Bool`s
/// instead cost the release harness 7 ns a request more than the mask, `calibrate`, alternated.)
struct RequestSample: Sendable {
  /// Bit of `figures`: `actorWait` and `actorService` were measured.
  static var timing: UInt8 { 1 }
  /// Bit of `figures`: `actorBusyWait` was measured (only with `timing`).
  static var busyWait: UInt8 { 2 }
  /// Bit of `figures`: `actualLatency` was measured (open loop only).
  static var actualLatency: UInt8 { 4 }

  var figures: UInt8 = 0
  var latency: UInt64 = 0
  var actorWait: UInt64 = 0
  var actorBusyWait: UInt64 = 0
  var actorService: UInt64 = 0
  var actualLatency: UInt64 = 0

  /// Whether the sample carries `figure`, one of the bits above.
  @inline(__always)
  func carries(_ figure: UInt8) -> Bool { figures & figure != 0 }
}

extension HistogramStripes {
  /// Runs `body` while stripe `index`'s lock is held, for tests that make a client find it busy.
  func holdingStripe(_ index: Int, _ body: () -> Void) {
    stripes[index].withLock { _ in body() }
  }

  /// Whether every stripe's histograms hold counters.
  var allHoldCounters: Bool {
    stripes.allSatisfy { $0.withLock { $0.latency.hasCounters && $0.actorService.hasCounters } }
  }

  /// Whether any stripe's histograms hold counters.
  var anyHoldsCounters: Bool {
    stripes.contains { $0.withLock { $0.latency.hasCounters || $0.actorService.hasCounters } }
  }
}
