/// Draws keys so that a hot set — the first `hotShare` of the keys — receives `requestShare` of the
/// requests, each hot key equally, and the other keys share the rest equally.
///
/// `hotspot:0.2,0.8` is the "20% of keys get 80% of requests" rule of thumb. Unlike zipf there is no
/// ranking inside the hot set, so it models a working set that fits a cache beside a cold tail. The hot
/// set is `max(1, round(keys × hotShare))` keys; when that is every key, all requests are uniform over it.
/// One draw per key, as the counter-based `KeySequence` requires.
struct HotspotKeys: Sendable, Equatable {
  /// Number of distinct keys.
  let keys: Int
  /// Keys in the hot set, `0..<hotKeys`.
  let hotKeys: Int
  /// Share of requests that go to the hot set.
  let requestShare: Double

  /// Creates the distribution; `keys` must be at least 1, both shares in `(0, 1)` or 1.
  init(keys: Int, hotShare: Double, requestShare: Double) {
    precondition(keys >= 1, "HotspotKeys needs at least one key, got \(keys)")
    self.keys = keys
    hotKeys = min(keys, max(1, Int((Double(keys) * hotShare).rounded())))
    self.requestShare = hotKeys == keys ? 1 : requestShare
  }

  /// Returns the key a uniform draw `unit` in `0..<1` selects.
  func key(forUnit unit: Double) -> Int {
    if unit < requestShare {
      return min(hotKeys - 1, Int(unit / requestShare * Double(hotKeys)))
    }
    let cold = keys - hotKeys
    let position = (unit - requestShare) / (1 - requestShare)
    return hotKeys + min(cold - 1, Int(position * Double(cold)))
  }
}
