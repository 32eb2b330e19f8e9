import CacheBenchCore
import Foundation
import Testing

/// A user's cache that fetches the server's JSON and decodes its own model from it, as an app's does,
/// registered with no hooks and no per-fetch adapter: `TypedFetcher.responding(_:)` makes each key's
/// response once per window, the cache's decode runs on every fetch, and its decoded answers are checked
/// against the harness's values.
@Suite(.timeLimit(.minutes(2)))
struct TypedResponseTests {
  /// The app's model: a member with an avatar, decoded from JSON.
  struct Member: Codable, Equatable, CacheBenchValue {
    var name: String
    var avatar: Data

    init(name: String, avatar: Data) {
      self.name = name
      self.avatar = avatar
    }

    init(payload: Payload) { self.init(name: "member-\(payload.key)", avatar: Data(payload.bytes)) }

    /// Its avatar's buffer, so the harness can tell the cache's decoded copy from its own value.
    var storageIdentity: UInt { avatar.storageIdentity }
  }

  /// The app's directory: an actor that fetches a member's JSON, decodes it and keeps the model.
  actor Directory {
    private var members: [String: Member] = [:]
    private let download: @Sendable (String) async throws -> Data
    private let renames: Bool

    init(download: @escaping @Sendable (String) async throws -> Data, renames: Bool = false) {
      self.download = download
      self.renames = renames
    }

    func member(_ id: String) async throws -> Member {
      if let member = members[id] { return member }
      var member = try JSONDecoder().decode(Member.self, from: try await download(id))
      if renames { member.name += " (edited)" }
      members[id] = member
      return member
    }
  }

  static func design(encoded: TypedUserCaches.Calls, renames: Bool = false) -> CacheDesign {
    CacheDesign(
      name: renames ? "json-directory-renaming" : "json-directory",
      summary: "fetches JSON, decodes a Member, keeps it", key: { "member-\($0)" },
      makeCache: { (environment: TypedEnvironment<String, Member>) -> Directory in
        let server = environment.fetcher.responding { member in
          encoded.count("response")
          return try! JSONEncoder().encode(member)
        }
        return Directory(
          download: { id in
            encoded.count("download")
            encoded.count("download " + id)
            return try await server.fetch(id)
          }, renames: renames)
      },
      lookup: { try await $0.member($1) })
  }

  static let workload = CacheBenchmark.Workload(
    keys: 40, concurrency: 4, requests: 400, warmupRequests: 0, fetchLatency: .zero)

  @Test func decodedAnswersAreTheKeysAndEachResponseIsMadeOncePerKey() async throws {
    let encoded = TypedUserCaches.Calls()
    let result = try await CacheBenchmark(
      design: Self.design(encoded: encoded), workload: Self.workload
    ).run()
    #expect(result.requests == 400)
    #expect(result.errors == 0 && result.wrongKeyAnswers == 0)
    // The directory downloaded each key it was asked for, some more than once (it is reentrant, and
    // a download can end before the first one's caller stored it); one response was made a key.
    let keys = (0..<40).filter { encoded["download member-\($0)"] > 0 }
    #expect(encoded["download"] == result.fetches)
    #expect(!keys.isEmpty)
    #expect(
      encoded["response"] == keys.count, "\(encoded["response"]) responses, \(keys.count) keys")
  }

  /// A decode that changes the model answers values the harness never made: every one is counted as
  /// a wrong-key answer, so the check above is not vacuous.
  @Test func aDecodeThatChangesTheModelGivesWrongKeyAnswers() async throws {
    let result = try await CacheBenchmark(
      design: Self.design(encoded: TypedUserCaches.Calls(), renames: true), workload: Self.workload
    ).run()
    #expect(result.requests == 400)
    #expect(result.wrongKeyAnswers == 400)
  }
}
