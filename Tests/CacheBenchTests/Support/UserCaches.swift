import Synchronization

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A user's cache with none of the optional hooks: every lookup fetches through the environment's
/// fetcher and answers the payload without saying how it was served or timing its isolation.
///
/// With `--decode inside` it calls the decoder it was handed `decodesPerFetch` times per fetch: 0 is a
/// design that ignores the decoder, 1 one that does what it was asked, 2 one that decodes too often.
struct HooklessCache: Cache {
  var fetcher: any Fetcher
  var decoder: PayloadDecoder?
  var decodesPerFetch = 0

  func lookup(_ key: Int) async throws -> CacheLookup {
    let payload = try await fetcher.fetch(key)
    var decoded: UInt64? = nil
    if let decoder {
      for _ in 0..<decodesPerFetch { decoded = decoder.decode(payload) }
    }
    return CacheLookup(value: CachedValue(payload: payload, decoded: decoded))
  }

  func invalidate(_ key: Int) async {}
}

/// A user's actor cache that offers the awaited decode placements through the public helper, as a
/// built-in design does: it fetches, then awaits `decodeAsPlaced` from inside its actor, and answers.
actor PlacingUserCache: Cache {
  let fetcher: any Fetcher
  let decoder: PayloadDecoder?

  init(fetcher: any Fetcher, decoder: PayloadDecoder?) {
    self.fetcher = fetcher
    self.decoder = decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    let payload = try await fetcher.fetch(key)
    let decoded = await decoder?.decodeAsPlaced(payload)
    return CacheLookup(value: CachedValue(payload: payload, decoded: decoded ?? nil))
  }

  func invalidate(_ key: Int) {}
}

/// A user's cache that refuses every request with an error of its own, fetching nothing.
struct RefusingCache: Cache {
  /// What it throws; its description is the same for every key, so whichever client reports the
  /// run's first error, the text is known.
  struct Refusal: Error, CustomStringConvertible {
    var description: String { "the test cache refuses every request" }
  }

  func lookup(_ key: Int) async throws -> CacheLookup { throw Refusal() }

  func invalidate(_ key: Int) async {}
}

/// A user's cache that fetches the key asked for and answers it as the payload of the next key: the
/// bug the harness catches through `Payload.key`.
struct NextKeyCache: Cache {
  var fetcher: any Fetcher

  func lookup(_ key: Int) async throws -> CacheLookup {
    let payload = try await fetcher.fetch(key)
    return CacheLookup(value: CachedValue(payload: Payload(key: key + 1, bytes: payload.bytes)))
  }

  func invalidate(_ key: Int) async {}
}

/// A user's cache that reports its hooks for even keys only: outcome `.leader` and a one-segment
/// timing for those, nothing for odd keys.
struct EvenKeysReportingCache: Cache {
  var fetcher: any Fetcher

  func lookup(_ key: Int) async throws -> CacheLookup {
    let payload = try await fetcher.fetch(key)
    guard key.isMultiple(of: 2) else { return CacheLookup(value: CachedValue(payload: payload)) }
    return CacheLookup(
      value: CachedValue(payload: payload), outcome: .leader,
      timing: .singleSegment(enteredAt: MonotonicClock.now()))
  }

  func invalidate(_ key: Int) async {}
}

/// Counts how often a design's factory was called, so a test can tell that nothing was built.
final class FactoryCalls: Sendable {
  private let calls = Atomic<Int>(0)

  func record() { calls.add(1, ordering: .relaxed) }

  var count: Int { calls.load(ordering: .relaxed) }
}

/// Why `CacheDesign.failingFactory` could not build its cache.
struct FactoryFailure: Error, CustomStringConvertible {
  var description: String { "the test factory builds nothing" }
}

extension CacheDesign {
  /// A user's design over `HooklessCache`, decoding `decodesPerFetch` times per fetch when asked to
  /// decode inside; `calls` counts its factory's calls.
  static func hookless(
    name: String = "hookless", traits: DesignTraits = [], decodesPerFetch: Int = 0,
    calls: FactoryCalls? = nil
  ) -> CacheDesign {
    CacheDesign(name: name, summary: "a user's cache with no hooks", traits: traits) {
      environment in
      calls?.record()
      return HooklessCache(
        fetcher: environment.fetcher, decoder: environment.decoder,
        decodesPerFetch: decodesPerFetch)
    }
  }

  /// A user's design over `PlacingUserCache`, which says it places its decode.
  static let placingUser = CacheDesign(
    name: "placing-user", summary: "a user's actor that awaits its decode", traits: .placesDecode
  ) { PlacingUserCache(fetcher: $0.fetcher, decoder: $0.decoder) }

  /// A user's design over `RefusingCache`.
  static let refusing = CacheDesign(name: "refusing", summary: "refuses every request") { _ in
    RefusingCache()
  }

  /// A user's design over `NextKeyCache`.
  static let nextKey = CacheDesign(name: "next-key", summary: "answers the next key's value") {
    NextKeyCache(fetcher: $0.fetcher)
  }

  /// A user's design over `EvenKeysReportingCache`.
  static let evenKeysReporting = CacheDesign(
    name: "even-keys-reporting", summary: "reports its hooks for even keys only"
  ) { EvenKeysReportingCache(fetcher: $0.fetcher) }

  /// A user's design whose factory always throws `FactoryFailure`.
  static let failingFactory = CacheDesign(name: "failing-factory", summary: "cannot be built") {
    _ in throw FactoryFailure()
  }
}
