/// The known name a mistyped one was most likely meant to be, for a "did you mean" hint.
///
/// Distance is the optimal string alignment distance: insertions, deletions, substitutions and
/// transpositions of neighbours each cost 1, so `comapre` is one edit from `compare` and `--shard` one
/// from `--shards`. A name is suggested only when it is at most two edits away and the edits are few
/// beside the name's letters (at most one for every three, leading dashes not counted), so a short or
/// wild guess gets no suggestion rather than a misleading one. Ties go to the earlier candidate.
enum SpellingSuggestion {
  /// The candidate nearest to `name`, or nil when none is near enough or `name` is one of them.
  static func nearest(to name: String, among candidates: [String]) -> String? {
    let letters = name.drop { $0 == "-" }.count
    guard letters > 0, !candidates.contains(name) else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = self.distance(Array(name), Array(candidate))
      if distance <= 2, distance * 3 <= letters, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal string alignment distance between `a` and `b`.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let substitution = a[i - 1] == b[j - 1] ? 0 : 1
        var cost = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          cost = min(cost, table[i - 2][j - 2] + 1)
        }
        table[i][j] = cost
      }
    }
    return table[a.count][b.count]
  }
}
