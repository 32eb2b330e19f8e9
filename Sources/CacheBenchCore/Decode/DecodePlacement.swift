/// Where the decode of a fetched payload runs.
public enum DecodePlacement: String, Sendable, CaseIterable {
  /// In the cache while isolated (for `mutex`, while holding the lock), once per fetch; the decoded value is cached.
  case inside
  /// In the caller after it leaves the cache, off any actor, on every request.
  case outside
  /// No decode work at all.
  case noDecode = "none"
}
