import CacheBenchCore
import Testing

@testable import imagecache_bench

/// The three image caches on one hot key, measured by cachebench from a test (`CacheBenchmark`): the
/// counts `scripts/tests/example-check` reads from the tool's CSV, here with the overlap forced by a
/// gate (`GateFetcher`) rather than by a long download, so they are exact on any machine.
@Suite(.timeLimit(.minutes(1)))
struct ImageCacheTests {
  static let callers = 16

  /// `callers` requests of one key from as many clients, one each, with no warm-up, the decode inside
  /// the cache, and a remote that answers once `gate` fetches have begun.
  static func hotKey(gate: Int) -> CacheBenchmark.Workload {
    CacheBenchmark.Workload(
      keys: 1, concurrency: callers, requests: callers, warmupRequests: 0, decode: .inside,
      decodeCost: .microseconds(1), fetcher: { GateFetcher(opensAt: gate) })
  }

  @Test func theReentrantCacheDownloadsOncePerOverlappingCaller() async throws {
    // No download returns before every caller has missed and started its own.
    let result = try await CacheBenchmark(
      design: ImageCacheDesigns.reentrant, workload: Self.hotKey(gate: Self.callers)
    ).run()
    #expect(result.requests == Self.callers)
    #expect(result.fetches == Self.callers)
    #expect(result.duplicateFetches == Self.callers - 1)
    #expect(result.errors == 0 && result.cancellations == 0)
    // It reports no outcome: the harness attributes them, every caller the leader of its download.
    #expect(result.hits == 0 && result.joins == 0 && result.leaders == Self.callers)
    // Each download is decoded once, back on the actor.
    #expect(result.decodes == Self.callers)
    #expect(result.decodeOnActorShare == 1)
  }

  /// The in-flight designs: the actor decodes on its executor, the `Mutex` one on no actor.
  @Test(arguments: [
    (ImageCacheDesigns.inFlight, 1.0),
    (ImageCacheDesigns.locked, 0.0),
  ])
  func anInFlightCacheDownloadsOnceForEveryOverlappingCaller(
    design: CacheDesign, decodeOnActorShare: Double
  ) async throws {
    let result = try await CacheBenchmark(design: design, workload: Self.hotKey(gate: 1)).run()
    #expect(result.requests == Self.callers)
    #expect(result.fetches == 1)
    #expect(result.duplicateFetches == 0)
    #expect(result.leaders == 1)
    // How the other callers split into hits and joins depends on when each reached the cache.
    #expect((result.hits ?? 0) + (result.joins ?? 0) == Self.callers - 1)
    #expect(result.errors == 0 && result.cancellations == 0)
    #expect(result.decodes == 1)
    #expect(result.decodeOnActorShare == decodeOnActorShare)
    // The actor keeps a busy total (`IsolationBusyTime`); the Mutex one does not.
    #expect((result.actorUtilisation != nil) == (design == ImageCacheDesigns.inFlight))
  }

  /// Each in-flight cache written two ways, hooked and keyed by `Int` or keyed by `URL` with no hook and
  /// the instrumented executor or lock: the same counts and decode placement, the hooked one's outcomes
  /// reported, the typed one's attributed (its one leader exact; hits and joins `n/a`, since every other
  /// caller overlapped that download and a hit cannot be told from a join from outside), and actor
  /// wait read by both. Busy wait and utilisation: the hooked actor keeps a busy total, the hooked lock
  /// none; the instrumented executor and lock both keep one.
  @Test(arguments: [
    (ImageCacheDesigns.inFlight, ImageCacheDesigns.inFlightTyped, 1.0),
    (ImageCacheDesigns.locked, ImageCacheDesigns.lockedTyped, 0.0),
  ])
  func theHookedAndTheTypedInFlightCachesCountAlike(
    hooked: CacheDesign, typed: CacheDesign, decodeOnActorShare: Double
  ) async throws {
    let one = try await CacheBenchmark(design: hooked, workload: Self.hotKey(gate: 1)).run()
    let other = try await CacheBenchmark(design: typed, workload: Self.hotKey(gate: 1)).run()
    for result in [one, other] {
      #expect(result.requests == Self.callers)
      #expect(result.fetches == 1)
      #expect(result.duplicateFetches == 0)
      #expect(result.leaders == 1)
      #expect(result.errors == 0 && result.cancellations == 0 && result.wrongKeyAnswers == 0)
      #expect(result.decodes == 1)
      #expect(result.decodeOnActorShare == decodeOnActorShare)
      #expect(result.actorWait != nil)
    }
    #expect((one.hits ?? 0) + (one.joins ?? 0) == Self.callers - 1)
    #expect(other.hits == nil && other.joins == nil)
    #expect((one.actorUtilisation != nil) == (hooked == ImageCacheDesigns.inFlight))
    #expect((one.actorBusyWait != nil) == (hooked == ImageCacheDesigns.inFlight))
    #expect(other.actorUtilisation != nil && other.actorBusyWait != nil)
  }

  /// The reentrant designs with and without cachebench's instrumented executor or lock: every caller
  /// downloads, and only the timed ones read actor wait, busy wait and utilisation rather than `n/a`.
  @Test(arguments: [
    (ImageCacheDesigns.reentrantTimed, true),
    (ImageCacheDesigns.table, false),
    (ImageCacheDesigns.tableTimed, true),
  ])
  func aTimedCacheReadsItsActorWaitWithoutHooks(design: CacheDesign, timed: Bool) async throws {
    let result = try await CacheBenchmark(
      design: design, workload: Self.hotKey(gate: Self.callers)
    ).run()
    #expect(result.requests == Self.callers)
    #expect(result.fetches == Self.callers)
    #expect(result.duplicateFetches == Self.callers - 1)
    #expect((result.actorWait != nil) == timed)
    #expect((result.actorBusyWait != nil) == timed)
    #expect((result.actorUtilisation != nil) == timed)
  }
}
