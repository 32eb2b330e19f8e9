/// What one client task measured: its own counters, touched by no other task, and its latency figures.
///
/// A window's clients record their latency figures into shared `HistogramStripes` (`init(stripes:home:)`),
/// so the window's histograms weigh the same at any client count; their own histograms then hold no
/// counters. A recorder made with `init()` (the merged one, a probe, a test) keeps its own histograms.
/// Either way a request's latency figures are gathered in `pending` and recorded in one step when its
/// latency is known, with no allocation. A striped client keeps the last `bufferedSampleCount` requests'
/// figures inline and records them under one lock (`flushSamples`), so a request pays an eighth of a
/// lock; the driver flushes them and merges the clients' counters as they return.
@usableFromInline
package struct ClientRecorder: Sendable {
  /// Histograms a recorder with its own histograms holds (latency, actor wait, its busy part, actor
  /// service), as does each of a window's `HistogramStripes`.
  package static let histogramCount = ResourceMeter.histogramsPerRecorder

  /// Requests this client issued and saw end, however they ended.
  var requests = 0
  var hits = 0
  var joins = 0
  var leaders = 0
  /// Requests served by a design that did not say how (`CacheLookup.outcome` nil).
  var unclassified = 0
  /// Requests served by a design that did not time its isolation (`CacheLookup.timing` nil).
  var untimed = 0
  /// Timed requests whose timing did not say how much of the wait the isolation was busy
  /// (`IsolationTiming.busyWait` unknown).
  var busyUntimed = 0
  /// Answers for a key other than the one asked for; each is counted in `errors` too.
  var wrongKeyAnswers = 0
  /// What the first error this client saw said, for the run's report; nil when there was none.
  var firstErrorDescription: String? = nil
  var errors = 0
  var cancellations = 0
  /// Invalidations this client issued: operations, not requests, so outside the accounting identity.
  var invalidations = 0
  /// Leaders whose key's entry had been evicted for capacity, or had expired; the rest of the leaders
  /// are cold misses.
  var evictions = 0
  var expirations = 0
  /// Writes this client sent through a repository design (operations, not requests), how many of
  /// them the store refused for a revision conflict, and how many failed otherwise.
  var writes = 0
  var conflicts = 0
  var writeFailures = 0
  /// Reads that returned a revision older than one whose write had completed before they began.
  var staleServedAfterWrite = 0
  /// The recorder's own histograms (`latency`, `actorWait`, `actorBusyWait`, `actorService`,
  /// `actualLatency`: see `ClientRecorder+Histograms.swift`); nil for a striped client, whose figures
  /// go to the stripes, and for a merge target until something is merged in.
  var own: OwnHistograms?
  /// Whether open-loop requests carry their latency from the actual start (`prepareOpenLoop`, or a
  /// striped client of an open loop's stripes).
  var recordsActualLatency = false
  /// Folds in every decoded checksum so decode work is observable and cannot be optimised away.
  var checksum: UInt64 = 0
  /// Every request's latency in the order this client issued them, or `nil` when raw latencies were
  /// not asked for (they allocate; see `RawLatencySample`).
  var rawLatencies: [RawLatencySample]? = nil
  /// Open loop only: the largest delay of an actual start behind its intended time, ns.
  var maximumStartLag: UInt64 = 0
  /// Open loop only: the latest actual start, ns after the window opened.
  var lastActualStart: UInt64 = 0
  /// Open loop only: requests due before the deadline that were not issued in time.
  var backlog = 0
  /// Where the latency figures go; nil records them into this recorder's own histograms.
  let stripes: HistogramStripes?
  /// The stripe this client tries first (see `HistogramStripes.record`).
  var stripeHome = 0
  /// How many requests' figures a striped client keeps before recording them into its stripe: 8 cut
  /// the lock's share of the harness cost to under 1 ns a request; 6, with the current request's
  /// figures written in place in the slot after them (no copy per request; the buffer is flushed as
  /// it fills, so the slot is always there), bring the recorder from 656 to 512 bytes, jemalloc's
  /// 512-byte size class rather than 768, for every client of a window.
  static let bufferedSampleCount = 6
  /// A striped client's recorded requests not yet in its stripe: the first `bufferedSamples` of them.
  /// The one after them is the current request's (`pending`): at most 5 are buffered when one is
  /// pending, since the sixth flushes them.
  var samples = InlineArray<6, RequestSample>(repeating: RequestSample())
  var bufferedSamples = 0

  /// The current request's figures, recorded once its latency is known: the slot after the buffered
  /// ones, so committing a request copies nothing (a recorder with its own histograms uses the first).
  var pending: RequestSample {
    @inline(__always) _read { yield samples[bufferedSamples] }
    @inline(__always) _modify { yield &samples[bufferedSamples] }
  }

  /// A recorder with its own histograms, allocated now: about 1 MiB.
  init() {
    own = OwnHistograms(allocated: true)
    stripes = nil
  }

  /// A client's recorder whose latency figures go to `stripes`, starting at stripe `home`; it allocates
  /// nothing. Its `actualLatency` is non-nil, holding no counters, when the stripes are an open loop's.
  ///
  /// It holds no histograms at all (`own` is nil): five empty ones were 570 of a client's 1,260
  /// bytes, which every client kept for as long as it ran.
  init(stripes: HistogramStripes, home: Int) {
    self.init(unallocatedStripes: stripes)
    recordsActualLatency = stripes.openLoop
    stripeHome = home % stripes.count
  }

  /// A recorder that allocates nothing and only receives merges: its histograms get counters from the
  /// first merge that brings some (the window's counters, before the stripes are merged in).
  static var mergeTarget: ClientRecorder { ClientRecorder(unallocatedStripes: nil) }

  private init(unallocatedStripes stripes: HistogramStripes?) {
    own = nil
    self.stripes = stripes
  }

  /// Counts a request that returned a value.
  @inline(__always)
  mutating func record(_ outcome: CacheOutcome?) {
    switch outcome {
    case .hit: hits += 1
    case .join: joins += 1
    case .leader: leaders += 1
    case nil: unclassified += 1
    }
  }

  /// Counts why a leader missed; cold misses and non-leaders (nil) are not counted here.
  @inline(__always)
  mutating func record(_ cause: MissCause?) {
    switch cause {
    case .evicted: evictions += 1
    case .expired: expirations += 1
    case .cold, nil: break
    }
  }

  /// Records the queue delay and service time of a request the caller issued at `issued`
  /// (a `MonotonicClock` reading); see `IsolationTiming` for what they cover.
  @inline(__always)
  mutating func record(_ timing: IsolationTiming?, issued: UInt64) {
    guard let timing else {
      untimed += 1
      return
    }
    let wait = timing.queueDelay(issued: issued)
    pending.actorWait = wait
    pending.actorService = timing.service
    pending.figures |= RequestSample.timing
    if timing.busyWait == IsolationTiming.unknownBusyWait {
      busyUntimed += 1
    } else {
      pending.actorBusyWait = min(timing.busyWait, wait)
      pending.figures |= RequestSample.busyWait
    }
  }

  /// Records the pending request's figures with its `latency`, into the stripes or this recorder's
  /// own histograms, and clears them for the next request.
  @inline(__always)
  mutating func commitPending(latency: UInt64) {
    pending.latency = latency
    if stripes != nil {
      bufferedSamples &+= 1
      if bufferedSamples == Self.bufferedSampleCount { flushSamples() }
    } else {
      uniqueOwn().record(pending)
    }
    pending.figures = 0
  }

  /// Records a striped client's buffered requests into its stripe; nothing for a recorder with its own
  /// histograms, whose figures are recorded at once.
  mutating func flushSamples() {
    guard let stripes, bufferedSamples > 0 else { return }
    let count = bufferedSamples
    var home = stripeHome
    // Through a pointer, because a closure that captured the inline array would copy all of it.
    samples.span.withUnsafeBufferPointer { buffer in
      stripes.record(UnsafeBufferPointer(rebasing: buffer[..<count]), home: &home)
    }
    stripeHome = home
    bufferedSamples = 0
  }

  /// A read that returned `lookup` for `key`, issued at `issued`: counts the request, its outcome, miss
  /// cause and timing, counts it stale when it returned a revision below `floor`, and folds in the
  /// value's decode when it has one, or decodes it when callers decode outside the cache (`decoder`). An answer for another
  /// key counts as an error and nothing else of it is recorded.
  @usableFromInline
  mutating func record(
    read lookup: CacheLookup, of key: Int, issued: UInt64, floor: UInt64, decoder: PayloadDecoder?
  ) {
    guard count(read: lookup, of: key, issued: issued, floor: floor) else { return }
    if let decoded = lookup.value.decoded {
      checksum ^= decoded
    } else if let decoder {
      checksum ^= decoder.decode(lookup.value.payload)
    }
  }

  /// The counting part of `record(read:…)`: false for an answer for another key, which counts as an
  /// error and nothing else.
  @inline(__always)
  private mutating func count(
    read lookup: CacheLookup, of key: Int, issued: UInt64, floor: UInt64
  ) -> Bool {
    requests += 1
    guard lookup.value.payload.key == key else {
      recordWrongKey(answered: lookup.value.payload.key, asked: key)
      return false
    }
    record(lookup.outcome)
    record(lookup.missCause)
    record(lookup.timing, issued: issued)
    if let revision = lookup.revision, revision < floor { staleServedAfterWrite += 1 }
    return true
  }

  /// `record(read:of:issued:floor:decoder:)` with the decoder of a client loop's `arguments`, read
  /// here rather than in the loop: a copy of it there was kept in every client's async frame.
  @usableFromInline
  mutating func record(
    read lookup: CacheLookup, of key: Int, issued: UInt64, floor: UInt64,
    decoderOf arguments: ClientLoop.Arguments
  ) {
    guard count(read: lookup, of: key, issued: issued, floor: floor) else { return }
    // A decoded value is the cache's decode, or for a read cancelled in its decode the caller's own,
    // done in the read's task (`WaitCancellation.lookupCancelledInDecode`); else the caller decodes.
    // The decoder is read only when it is needed, without copying it out of `arguments`.
    if let decoded = lookup.value.decoded {
      checksum ^= decoded
    } else if arguments.decoder != nil {
      checksum ^= arguments.decoder.unsafelyUnwrapped.decode(lookup.value.payload)
    }
  }

  /// A read whose lookup threw `error`.
  @usableFromInline
  mutating func record(failedRead error: any Error) {
    requests += 1
    record(error)
  }

  /// An invalidation sent to the cache.
  @usableFromInline
  mutating func recordInvalidation() {
    invalidations += 1
  }

  /// A write sent to the cache, and how it ended; nil (a design without writes) goes uncounted, which
  /// the accounting check reports.
  @usableFromInline
  mutating func record(write result: WriteResult?) {
    guard let result else { return }
    writes += 1
    if result.conflict {
      conflicts += 1
    } else if result.failed {
      writeFailures += 1
    }
  }

  /// A closed-loop request's latency, from `issued` to `completed`, and its raw sample when kept.
  @usableFromInline
  mutating func recordLatency(
    request index: Int, issued: UInt64, completed: UInt64, windowStart: UInt64
  ) {
    let latency = completed &- issued
    commitPending(latency: latency)
    rawLatencies?.append(
      RawLatencySample(
        request: index, issuedNanoseconds: issued &- windowStart, latencyNanoseconds: latency))
  }

  /// Makes the open loop's histogram of latency from the actual start, if the recorder has none.
  @usableFromInline
  mutating func prepareOpenLoop() {
    // A striped client's actual-start latency goes to the stripes, which keep it in an open loop.
    recordsActualLatency = true
    if stripes == nil, own?.set.actualLatency == nil { actualLatency = LatencyHistogram() }
  }

  /// An open-loop request due at `intended`, issued at `issued`, completed at `completed`: its latency
  /// from the intended start (and raw sample), from the actual start, the start lag and the last start.
  @usableFromInline
  mutating func recordOpenLoopLatency(
    request index: Int, intended: UInt64, issued: UInt64, completed: UInt64, windowStart: UInt64
  ) {
    let latency = completed &- intended
    if recordsActualLatency {
      pending.actualLatency = completed &- issued
      pending.figures |= RequestSample.actualLatency
    }
    commitPending(latency: latency)
    maximumStartLag = max(maximumStartLag, issued &- min(issued, intended))
    lastActualStart = max(lastActualStart, issued &- windowStart)
    rawLatencies?.append(
      RawLatencySample(
        request: index, issuedNanoseconds: intended &- windowStart, latencyNanoseconds: latency))
  }

  /// Counts an answer for `answered` to a request for another key: an error of the design.
  mutating func recordWrongKey(answered: Int, asked: Int) {
    wrongKeyAnswers += 1
    errors += 1
    if firstErrorDescription == nil {
      firstErrorDescription =
        "asked for key \(asked), the cache answered the value of key \(answered)"
    }
  }

  /// Counts a request that threw: `CancellationError` is a cancellation, anything else a fetch error.
  mutating func record(_ error: any Error) {
    if error is CancellationError {
      cancellations += 1
    } else {
      errors += 1
      if firstErrorDescription == nil { firstErrorDescription = "\(error)" }
    }
  }

  /// Adds another client's figures to these; histograms without counters (a striped client's) add
  /// nothing and cost nothing.
  mutating func merge(_ other: ClientRecorder) {
    requests += other.requests
    hits += other.hits
    joins += other.joins
    leaders += other.leaders
    unclassified += other.unclassified
    untimed += other.untimed
    busyUntimed += other.busyUntimed
    wrongKeyAnswers += other.wrongKeyAnswers
    if firstErrorDescription == nil { firstErrorDescription = other.firstErrorDescription }
    errors += other.errors
    cancellations += other.cancellations
    invalidations += other.invalidations
    evictions += other.evictions
    expirations += other.expirations
    writes += other.writes
    conflicts += other.conflicts
    writeFailures += other.writeFailures
    staleServedAfterWrite += other.staleServedAfterWrite
    if let histograms = other.own { uniqueOwn().merge(histograms) }
    checksum ^= other.checksum
    if other.recordsActualLatency, actualLatency == nil {
      // As before the histograms were optional: an open loop's merged recorder has the histogram.
      actualLatency = LatencyHistogram()
    }
    maximumStartLag = max(maximumStartLag, other.maximumStartLag)
    lastActualStart = max(lastActualStart, other.lastActualStart)
    backlog += other.backlog
    if let samples = other.rawLatencies {
      if rawLatencies == nil { rawLatencies = [] }
      rawLatencies?.append(contentsOf: samples)
    }
  }

  /// Requests attributed to exactly one outcome; must equal `requests`.
  var attributed: Int { hits + joins + leaders + unclassified + errors + cancellations }
}
