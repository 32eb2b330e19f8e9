import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The decode after its request was cancelled (`DecodeCancellation`), with known answers: a decode held
/// on a gate while its task is cancelled, the cancel a request's own decode makes (`--cancel-at
/// decode`), and where a design's decode is not the caller's at all. Counts of decodes and chunks
/// only, and one comparison of CPU times 16 times apart: nothing here depends on the machine's speed
/// or load.
@Suite(.timeLimit(.minutes(1)), .serialized)
struct DecodeCancellationTests {
  /// 16 chunks of 4 KiB: about 90 µs of decode, one chunk about 5.7 µs.
  static let bytes = 4_096
  static let chunks = 16
  static let payload = Payload(key: 1, count: bytes)

  /// What a decode in a marked request's own task returned and what it recorded.
  struct Outcome {
    var value: UInt64?
    var figures: DecodeCancellationFigures
  }

  /// Decodes `payload` with `decodeUnlessCancelled` in a task that is a marked request's own, holding
  /// the decode at its start on a gate; with `cancelWhileHeld` the task is cancelled while it is held.
  private func heldDecode(checkpoint: Int, cancelWhileHeld: Bool) async -> Outcome {
    let gate = OccupancyGate()
    let meter = DecodeCancellation(checkpoint: checkpoint)
    let decoder = PayloadDecoder(steps: Self.bytes * Self.chunks, cancellation: meter) { _ in
      gate.hold()
    }
    let armed = ArmedRequest(moment: .wait)
    let task = Task {
      WaitCancellation.$armedRequest.withValue(armed) {
        armed.claim()
        defer { armed.release() }
        return try? decoder.decodeUnlessCancelled(Self.payload)
      }
    }
    while !gate.isHeld { await Task.yield() }
    if cancelWhileHeld { task.cancel() }
    gate.open()
    return Outcome(value: await task.value, figures: meter.figures)
  }

  @Test(.enabled(if: HostInfo.onlineCores >= 2, "a held decode takes a whole pool thread"))
  func anUncancelledDecodeInItsOwnTaskComputesThePlainChainAndWastesNothing() async {
    let outcome = await heldDecode(checkpoint: 1, cancelWhileHeld: false)
    let plain = PayloadDecoder(steps: Self.bytes * Self.chunks).decode(Self.payload)
    #expect(outcome.value == plain)
    #expect(outcome.figures.callerDecodes == 1)
    #expect(outcome.figures.decodesCancelled == 0)
    #expect(outcome.figures.decodesStopped == 0)
    #expect(outcome.figures.wastedNanoseconds == 0)
    #expect(outcome.figures.wastedChunks == 0)
  }

  @Test(.enabled(if: HostInfo.onlineCores >= 2, "a held decode takes a whole pool thread"))
  func withoutCheckpointsADecodeCancelledBeforeItsWorkRunsToItsEndAllOfItWasted() async {
    let outcome = await heldDecode(checkpoint: 0, cancelWhileHeld: true)
    #expect(outcome.value == nil, "a cancelled caller's decode is thrown away")
    #expect(outcome.figures.callerDecodes == 1)
    #expect(outcome.figures.decodesCancelled == 1)
    #expect(outcome.figures.decodesStopped == 0)
    #expect(outcome.figures.wastedChunks == Self.chunks)
    // Cancelled before its first step: the waste is the whole decode, to the nanosecond.
    #expect(outcome.figures.wastedNanoseconds > 0)
    #expect(outcome.figures.wastedNanoseconds == outcome.figures.decodeNanoseconds)
  }

  @Test(
    .enabled(if: HostInfo.onlineCores >= 2, "a held decode takes a whole pool thread"),
    arguments: [1, 4, 5])
  func withACheckpointEveryKChunksTheCancelledDecodeStopsAfterKChunks(checkpoint: Int) async {
    let stopped = await heldDecode(checkpoint: checkpoint, cancelWhileHeld: true)
    #expect(stopped.value == nil)
    #expect(stopped.figures.decodesCancelled == 1)
    #expect(stopped.figures.decodesStopped == 1)
    #expect(stopped.figures.wastedChunks == checkpoint)
    let unchecked = await heldDecode(checkpoint: 0, cancelWhileHeld: true)
    // Without checkpoints the whole decode is wasted: the checkpoint saved the other chunks. Counted in
    // chunks, not compared in CPU time: 1 to 5 chunks against 16 took as long as each other at load 9 in
    // a debug build, where the per-decode cost outweighs a chunk's.
    #expect(unchecked.figures.wastedChunks == Self.chunks)
    #expect(stopped.figures.wastedNanoseconds > 0 && unchecked.figures.wastedNanoseconds > 0)
  }

  @Test func aDecodeInNoMarkedRequestsTaskIsTimedButIsNoCallersWaste() {
    let meter = DecodeCancellation(checkpoint: 1)
    let decoder = PayloadDecoder(steps: Self.bytes * Self.chunks, cancellation: meter)
    let armed = ArmedRequest(moment: .decode)
    // Marked, but not claimed by this task: an entry's task that inherited the mark.
    let value = WaitCancellation.$armedRequest.withValue(armed) {
      try? decoder.decodeUnlessCancelled(Self.payload)
    }
    #expect(value == PayloadDecoder(steps: Self.bytes * Self.chunks).decode(Self.payload))
    let figures = meter.figures
    #expect(figures.callerDecodes == 0)
    #expect(figures.decodesElsewhere == 1)
    #expect(!figures.applies)
    #expect(figures.wastedShare == nil, "not applicable, not 0")
  }

  // MARK: Cancelled in its own decode, through the designs

  /// A cache over `fetcher` whose decoder has `steps` over 4 KiB payloads, measured by `meter`.
  private func decoder(_ meter: DecodeCancellation, placement: DecodePlacement) -> PayloadDecoder {
    PayloadDecoder(steps: Self.bytes * Self.chunks, placement: placement, cancellation: meter)
  }

  /// Looks `key` up in `cache` as a read cancelled in its own decode (with `outside`, the caller's
  /// decoder), releasing the fetch; returns whether the request ended with `CancellationError`.
  private func cancelledInDecode<C: Cache>(
    _ cache: C, fetcher: ControllableFetcher, outside: PayloadDecoder? = nil
  ) async -> Bool {
    let request = Task {
      try await WaitCancellation.lookupCancelledInDecode(1, in: cache, decoder: outside)
    }
    await fetcher.waitForStarts(1)
    fetcher.release(key: 1, bytes: Self.bytes)
    switch await request.result {
    case .success: return false
    case .failure(let error): return error is CancellationError
    }
  }

  @Test(arguments: [(0, chunks - 1), (1, 0), (2, 1), (4, 3)])
  func naiveStopsItsCallersDecodeAtTheFirstCheckpointAfterTheCancelAndStoresNothing(
    checkpoint: Int, wastedChunks: Int
  ) async {
    let meter = DecodeCancellation(checkpoint: checkpoint)
    let fetcher = ControllableFetcher()
    let cache = NaiveActorCache(fetcher: fetcher, decoder: decoder(meter, placement: .inside))
    #expect(await cancelledInDecode(cache, fetcher: fetcher))
    #expect(await cache.count == 0, "a cancelled caller's decode is not stored")
    let figures = meter.figures
    #expect(figures.callerDecodes == 1)
    #expect(figures.decodesCancelled == 1)
    #expect(figures.decodesStopped == (checkpoint == 0 ? 0 : 1))
    // Cancelled after the first chunk: the checkpoint at chunk K stops it K - 1 chunks later.
    #expect(figures.wastedChunks == wastedChunks)
  }

  @Test(arguments: [(0, chunks - 1), (3, 2)])
  func fetchOutsideDecodesInItsCallersTaskSoItsCancelledCallerStoresNothing(
    checkpoint: Int, wastedChunks: Int
  ) async {
    let meter = DecodeCancellation(checkpoint: checkpoint)
    let fetcher = ControllableFetcher()
    let cache = FetchOutsideCache(fetcher: fetcher, decoder: decoder(meter, placement: .inside))
    #expect(await cancelledInDecode(cache, fetcher: fetcher))
    #expect(await cache.readyEntryCount == 0, "a cancelled caller's decode is not stored")
    let figures = meter.figures
    #expect(figures.callerDecodes == 1)
    #expect(figures.decodesCancelled == 1)
    #expect(figures.decodesStopped == (checkpoint == 0 ? 0 : 1))
    #expect(figures.wastedChunks == wastedChunks)
  }

  @Test func anOutsideDecodeRunsInTheRequestsOwnTaskAndIsCancelledThere() async {
    let meter = DecodeCancellation(checkpoint: 0)
    let fetcher = ControllableFetcher()
    let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
    #expect(
      await cancelledInDecode(
        cache, fetcher: fetcher, outside: decoder(meter, placement: .outside)))
    let figures = meter.figures
    #expect(figures.callerDecodes == 1)
    #expect(figures.decodesCancelled == 1)
    #expect(figures.wastedChunks == Self.chunks - 1)
  }

  /// The coalescing designs decode in the entry's fetch task (inherits the mark: `elsewhere`) or in a
  /// detached task (does not): never in the caller's, so the caller is not cancelled and is served.
  @Test(arguments: [
    (DecodePlacement.inside, 1), (.nonsending, 1), (.concurrent, 1), (.task, 1), (.detached, 0),
  ])
  func aCoalescingDecodeBelongsToTheEntrySoNoCallerWastesIt(
    placement: DecodePlacement, elsewhere: Int
  ) async {
    let meter = DecodeCancellation(checkpoint: 1)
    let fetcher = ControllableFetcher()
    let cache = CoalescingActorCache(
      fetcher: fetcher, decoder: decoder(meter, placement: placement))
    #expect(!(await cancelledInDecode(cache, fetcher: fetcher)), "served: nothing cancelled it")
    let figures = meter.figures
    #expect(figures.callerDecodes == 0)
    #expect(figures.decodesElsewhere == elsewhere)
    #expect(!figures.applies)
  }

  @Test func cancelledAtWaitNaivesCallerNeverDecodes() async {
    let meter = DecodeCancellation(checkpoint: 0)
    let fetcher = ControllableFetcher()
    let cache = NaiveActorCache(fetcher: fetcher, decoder: decoder(meter, placement: .inside))
    await #expect(throws: CancellationError.self) {
      try await WaitCancellation.cancelledLookup(1, in: cache)
    }
    #expect(meter.figures.callerDecodes == 0)
    #expect(meter.figures.decodesElsewhere == 0)
  }
}
