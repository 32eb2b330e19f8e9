import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The decode-placement check: where each placement's decodes ran, read from the runtime at each
/// decode, on the built-ins and on users' caches without hooks. Every fetch waits for the check, and
/// where a decode runs does not depend on the scheduler, so the answers are exact.
@Suite(.timeLimit(.minutes(2)))
struct DesignCheckDecodeTests {
  @Test(arguments: [CacheDesign.coalescing, .sharded])
  func insideAndTheAwaitedPlacementsThatKeepTheActorAreOnItAndTheOthersOff(
    design: CacheDesign
  ) async throws {
    let outcome = try await DesignCheckTests.check(design).decodePlacement()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence
        == "decodes that ran on an actor's executor: inside 4 of 4, nonsending 4 of 4, concurrent"
        + " 0 of 4, task 4 of 4, detached 0 of 4; inside, nonsending and task held an actor for"
        + " each decode, so that actor's other callers queue behind it (docs/decode.md)")
  }

  @Test func theMutexDesignsDecodesRunOnNoActorAndTheCheckSaysWhatItCannotSee() async throws {
    let outcome = try await DesignCheckTests.check(.mutex).decodePlacement()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(outcome.evidence.hasPrefix("decodes that ran on an actor's executor: inside 0 of 4;"))
    #expect(outcome.evidence.contains("holds the lock instead"))
  }

  @Test func aUsersCacheThatDecodesInItsActorIsSeenOnIt() async throws {
    let outcome = try await DesignCheckTests.check(DecodingImageStore.design).decodePlacement()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(outcome.evidence.hasPrefix("decodes that ran on an actor's executor: inside 4 of 4;"))
  }

  @Test func aUsersCacheWithNoDecodeStepWarnsThatItIgnoresDecodeInside() async throws {
    let outcome = try await DesignCheckTests.check(URLImageCache.design(coalescing: true))
      .decodePlacement()
    #expect(outcome.verdict == .warn)
    #expect(
      outcome.evidence.hasPrefix(
        "asked --decode inside, the design decoded nothing for 4 fetched values"))
    #expect(outcome.fix?.contains("CacheEnvironment.decoder") == true)
  }

  @Test func aConcurrentDecodeOnTheActorWarnsAndAnOffActorInsideDoesNotBlameNonsending() {
    func seen(_ placement: DecodePlacement, _ onActor: Int) -> DesignCheck.PlacementDecodes {
      DesignCheck.PlacementDecodes(placement: placement, served: 4, decodes: 4, onActor: onActor)
    }
    let misplaced = DesignCheck.judgeDecodes([seen(.inside, 4), seen(.concurrent, 4)])
    #expect(misplaced.verdict == .warn)
    #expect(
      misplaced.evidence.hasPrefix("concurrent ran where the placement's name says it does not;"))
    // A design whose inside decode is off any actor (a lock) is not an actor: its nonsending decode
    // off the actor is no surprise.
    let lock = DesignCheck.judgeDecodes([seen(.inside, 0), seen(.nonsending, 0)])
    #expect(lock.verdict == .pass)
    // Nothing fetched, nothing owed: no value served is no evidence of an ignored placement.
    let nothingServed = DesignCheck.judgeDecodes([
      DesignCheck.PlacementDecodes(placement: .inside, served: 0, decodes: 0, onActor: 0)
    ])
    #expect(nothingServed.verdict == .pass)
  }
}

/// A user's image store that decodes in its actor with the decoder the harness hands it, as an app
/// decodes image bytes once on arrival; no hooks, keyed by its own path strings.
actor DecodingImageStore {
  private var decoded: [String: (bytes: [UInt8], checksum: UInt64)] = [:]
  private var loading: [String: Task<[UInt8], any Error>] = [:]
  private let download: @Sendable (String) async throws -> [UInt8]
  private let decoder: PayloadDecoder?

  init(decoder: PayloadDecoder?, download: @escaping @Sendable (String) async throws -> [UInt8]) {
    (self.decoder, self.download) = (decoder, download)
  }

  func image(_ path: String) async throws -> (bytes: [UInt8], checksum: UInt64) {
    if let ready = decoded[path] { return ready }
    let task = loading[path] ?? Task { [download] in try await download(path) }
    loading[path] = task
    let bytes = try await task.value
    loading[path] = nil
    if let ready = decoded[path] { return ready }
    let image = (bytes, decoder?.decode(Payload(key: 0, bytes: bytes)) ?? 0)
    decoded[path] = image
    return image
  }

  func forget(_ path: String) { decoded[path] = nil }

  static let design = CacheDesign(name: "decoding-store", summary: "a user's store") {
    environment in
    DecodingStoreAdapter(
      store: DecodingImageStore(decoder: environment.decoder) { [fetcher = environment.fetcher] in
        try await fetcher.fetch(Int($0.dropFirst(7)) ?? -1).bytes
      })
  }
}

struct DecodingStoreAdapter: Cache {
  let store: DecodingImageStore

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let image = try await store.image("images/\(key)")
    return CacheLookup(
      value: CachedValue(payload: Payload(key: key, bytes: image.bytes), decoded: image.checksum))
  }

  func invalidate(_ key: Int) async { await store.forget("images/\(key)") }
}
