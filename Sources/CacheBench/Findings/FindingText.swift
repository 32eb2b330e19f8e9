import CacheBenchCore

/// How the findings write their figures: latencies in `HumanUnits`, shares as percentages, counts as
/// integers, and `n/a` for a figure not measured.
enum FindingText {
  static func latency(_ nanoseconds: Double?) -> String {
    guard let nanoseconds else { return "n/a" }
    return HumanUnits.latency(nanoseconds: UInt64(nanoseconds.rounded(.toNearestOrAwayFromZero)))
  }

  static func percent(_ share: Double) -> String {
    DecimalText.fixed(share * 100, fractionDigits: 1) + "%"
  }

  static func count(_ value: Double) -> String {
    String(Int64(value.rounded(.toNearestOrAwayFromZero)))
  }

  static func decimal(_ value: Double?) -> String {
    value.map { DecimalText.fixed($0, fractionDigits: 1) } ?? "n/a"
  }

  /// Per-variant statements, separated by semicolons.
  static func list(_ items: [String]) -> String {
    items.joined(separator: "; ")
  }

  /// Names, at most `limit` of them and how many more: `a, b, c and 3 more`.
  static func names(_ names: [String], limit: Int = 3) -> String {
    guard names.count > limit else { return names.joined(separator: ", ") }
    return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
  }
}
