import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Whether the cache actor is free while a decode is in progress, placement by placement: a decoder held
/// on a gate, and a second caller that needs the actor. Here with the other tests that hold a thread,
/// which the suite runs one at a time.
///
/// The held decode spins on the thread it runs on (a decode is CPU work: suspending would release the
/// actor and prove nothing). For every placement but `outside` that is the thread of the fetch task, a
/// thread of the cooperative pool, so each test holds one pool thread and leaves the other to the
/// callers; `outside` decodes in the first caller, which runs on a thread of its own.
extension IsolationTimingTests {
  /// A coalescing cache whose decode of `heldKey` spins until `gate` opens, recording in `onActor`
  /// whether it ran on the cache's actor, as the runtime says; for `outside` the cache has no decoder
  /// and `decoder` is the caller's.
  private struct HeldDecode {
    /// What the held decode saw: the cache it decodes for, set once built, and whether it ran on it.
    final class Witness: Sendable {
      let cache = SanitizerVisibleMutex<CoalescingActorCache?>(nil)
      let onActor = SanitizerVisibleMutex<Bool?>(nil)
    }

    let fetcher = ControllableFetcher()
    let gate = OccupancyGate()
    let witness = Witness()
    let cache: CoalescingActorCache
    let decoder: PayloadDecoder

    static let heldKey = 1

    /// Whether the held decode ran on the cache's actor; nil before it ran.
    var decodedOnActor: Bool? { witness.onActor.withLock { $0 } }

    /// Lets go of the cache the witness holds: the cache holds the decoder, whose closure holds the
    /// witness, so until then the three keep each other alive (the address sanitizer's leak check
    /// reported them, with the fetcher and its ledger, after the suite).
    func release() {
      witness.cache.withLock { $0 = nil }
    }

    init(placement: DecodePlacement) {
      let (gate, witness) = (gate, witness)
      decoder = PayloadDecoder(steps: 16, placement: placement) { payload in
        guard payload.key == Self.heldKey, let cache = witness.cache.withLock({ $0 }) else {
          return
        }
        let onActor = CurrentExecutor.isIsolated(to: cache)
        witness.onActor.withLock { $0 = onActor }
        gate.hold()
      }
      cache = CoalescingActorCache(
        fetcher: fetcher, decoder: placement.decodesInCache ? decoder : nil)
      witness.cache.withLock { [cache] in $0 = cache }
    }

    /// Makes `key` ready through a fetch released at once.
    func warm(_ key: Int) async throws {
      let startedBefore = fetcher.startedCount
      let warming = Task { [cache] in try await cache.lookup(key) }
      await fetcher.waitForStarts(startedBefore + 1)
      fetcher.release(key: key)
      _ = try await warming.value
    }

    /// Starts the first caller, whose miss of `heldKey` decodes (in the cache, or for `outside` in the
    /// caller itself on `thread`), and returns once the decode is held.
    func startHeldDecode(on thread: DedicatedThreadsExecutor) async -> Task<UInt64?, any Error> {
      let startedBefore = fetcher.startedCount
      let (cache, decoder) = (cache, decoder)
      let first = Task {
        try await withTaskExecutorPreference(thread) {
          let lookup = try await cache.lookup(Self.heldKey)
          return decoder.placement == .outside ? decoder.decode(lookup.value.payload) : nil
        }
      }
      await fetcher.waitForStarts(startedBefore + 1)
      fetcher.release(key: Self.heldKey)
      await eventually("the decode is in progress") { gate.isHeld }
      return first
    }
  }

  /// Runs `body` on two threads of their own, so the test's own steps (opening the gate above all) never
  /// wait for a pool thread: with a decode spinning on one pool thread and another test blocking the
  /// other, a test body on the pool could never open its gate.
  private static func onOwnThreads<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let callers = await DedicatedThreadsExecutor.start(threadCount: 2, name: "cb-callers")
    let result: Result<Value, any Error>
    do {
      result = .success(try await withTaskExecutorPreference(callers) { try await body() })
    } catch {
      result = .failure(error)
    }
    await callers.shutdown()
    return try result.get()
  }

  @Test(
    .enabled(if: HostInfo.onlineCores >= 2, "a held decode takes a whole pool thread"), .serialized,
    arguments: [
      (DecodePlacement.inside, false), (.nonsending, false), (.task, false), (.concurrent, true),
      (.detached, true), (.outside, true),
    ])
  func aSecondCallerEntersTheCacheActorDuringADecodeOnlyWhereThePlacementLeavesIt(
    placement: DecodePlacement, actorIsFree: Bool
  ) async throws {
    let held = HeldDecode(placement: placement)
    defer { held.release() }
    try await held.warm(0)
    let thread = await DedicatedThreadsExecutor.start(threadCount: 1, name: "cb-decoder")
    let (servedDuringDecode, opened, hit) = try await Self.onOwnThreads {
      let first = await held.startHeldDecode(on: thread)
      let served = Atomic<Bool>(false)
      let issued = Atomic<Bool>(false)
      // A child task, so it runs on the test's own threads too.
      async let second: CacheLookup = {
        issued.store(true, ordering: .releasing)
        let hit = try await held.cache.lookup(0)
        served.store(true, ordering: .releasing)
        return hit
      }()
      await eventually("the second caller issued its request") {
        issued.load(ordering: .acquiring)
      }
      if actorIsFree {
        await eventually("the second caller is served during the decode") {
          served.load(ordering: .acquiring)
        }
      } else {
        // Bounded: a caller that cannot enter is never served while the decode holds the actor.
        for _ in 0..<1_000 { await Task.yield() }
      }
      let servedDuringDecode = served.load(ordering: .acquiring)
      #expect(held.gate.isHeld, "the decode was still in progress")
      let opened = held.gate.open()
      _ = try await first.value
      return (servedDuringDecode, opened, try await second)
    }
    await thread.shutdown()

    #expect(servedDuringDecode == actorIsFree)
    #expect(hit.outcome == .hit)
    let timing = try #require(hit.timing)
    if actorIsFree {
      #expect(timing.entered < opened, "entered the actor while the decode ran")
    } else {
      #expect(timing.entered >= opened, "nobody enters the actor a decode holds")
      #expect(timing.busyWait > 0, "the actor was busy with the decode while the caller queued")
    }
    #expect(held.decodedOnActor == !actorIsFree, "the runtime's executor check agrees")
  }

  @Test(
    .enabled(if: HostInfo.onlineCores >= 2, "a held decode takes a whole pool thread"), .serialized,
    arguments: [DecodePlacement.concurrent, .detached])
  func anEntryInvalidatedDuringADecodeOffTheActorIsNotAdmitted(placement: DecodePlacement)
    async throws
  {
    let held = HeldDecode(placement: placement)
    defer { held.release() }
    let thread = await DedicatedThreadsExecutor.start(threadCount: 1, name: "cb-decoder")
    try await Self.onOwnThreads {
      let first = await held.startHeldDecode(on: thread)
      // The actor is free during the decode: a caller joins the fetch, another invalidates the key.
      async let joiner = held.cache.lookup(HeldDecode.heldKey)
      await eventually("the second caller joined") { await held.cache.joinCount == 1 }
      await held.cache.invalidate(HeldDecode.heldKey)
      #expect(held.gate.isHeld, "the decode was still in progress")
      held.gate.open()
      await #expect(throws: CancellationError.self) { try await first.value }
      var joinerError: (any Error)? = nil
      do { _ = try await joiner } catch { joinerError = error }
      #expect(joinerError is CancellationError, "the joiner got \(String(describing: joinerError))")
    }
    await thread.shutdown()
    #expect(await held.cache.staleRejectedCount == 1)
    #expect(await held.cache.readyCount == 0)
    #expect(held.fetcher.ledger.totals.fetches == 1, "the joiner started no fetch of its own")
  }
}
