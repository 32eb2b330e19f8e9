import CacheBenchCore
import Testing

/// A type of this file's own named `Cache`, as a framework a user's package imports may declare one:
/// beside it, an unqualified `Cache` would name this protocol, so the design below names cachebench's
/// by its module, `CacheBenchCore.Cache`, the way docs/benchmark-your-own-cache.md tells a user to.
private protocol Cache {
  func removeAll()
}

/// A user's cache declared against the module-qualified protocol.
private actor QualifiedNameCache: CacheBenchCore.Cache {
  let fetcher: any Fetcher

  init(fetcher: any Fetcher) {
    self.fetcher = fetcher
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    CacheLookup(value: CachedValue(payload: try await fetcher.fetch(key)))
  }

  func invalidate(_ key: Int) {}
}

/// The other `Cache`, which the same file can still use unqualified.
private struct FrameworkCache: Cache {
  func removeAll() {}
}

/// `CacheBenchCore.Cache` compiles and registers beside another `Cache`, the fix for "'Cache' is
/// ambiguous" the docs give.
struct CacheNameClashTests {
  @Test func aDesignDeclaredAgainstTheModuleQualifiedCacheRegistersBesideAnotherCache() throws {
    FrameworkCache().removeAll()
    let design = CacheDesign(name: "qualified", summary: "a cache named by its module") {
      QualifiedNameCache(fetcher: $0.fetcher)
    }
    let registry = try DesignRegistry(builtIn: [design])
    #expect(registry.designs.map(\.name) == ["qualified"])
  }
}
