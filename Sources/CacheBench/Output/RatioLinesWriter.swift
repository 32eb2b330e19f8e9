import CacheBenchCore

/// Renders the ratios of each variant to its reference (`ReferenceRatio`) as lines in hyperfine's
/// manner, for the terminal under the table and for the Markdown summary:
///
///     ratios to coalescing, median [93.8% interval] of 5 paired repetitions:
///     throughput (higher is faster)
///       naive/inside:       1.02× lower [0.99, 1.05] than coalescing/inside
///       sharded(8)/inside:  1.74× higher [1.70, 1.78] than coalescing/inside
///     latency p50 (lower is faster)
///       …
///
/// A ratio of 1 or more reads "N× higher"; one below 1 is inverted and reads "N× lower", as hyperfine
/// says "N times faster" rather than "0.000745 times": `1342× lower` is easier to read than
/// `0.000745×`, and the two directions then share one scale. The interval is inverted with it (its
/// bounds swap), so it still covers the figure printed. A ratio and its bounds share their decimals:
/// two below 10, one from 10, none from 100. A line whose variant paired up fewer repetitions than the
/// heading says (one of the two was not measured every time) names its own count and coverage. From a
/// single repetition there is no interval, and the lines say so.
enum RatioLinesWriter {
  /// One heading and its lines, without indentation or line ends.
  struct Block: Sendable, Equatable {
    var heading: String
    var lines: [String]
  }

  /// The text under the table: the title line, then each figure's heading and its indented lines,
  /// each ending in `\n`; empty when there is no ratio.
  static func render(_ ratios: ReferenceRatios) -> String {
    guard let title = title(ratios.ratios, selection: ratios.selection) else { return "" }
    var text = title + "\n"
    for block in blocks(ratios.ratios) {
      text += block.heading + "\n"
      text += block.lines.map { "  " + $0 + "\n" }.joined()
    }
    return text
  }

  /// The line that opens the ratios, naming the reference, the repetitions and the interval's coverage;
  /// nil when there is no ratio.
  static func title(_ ratios: [ReferenceRatio], selection: ReferenceSelection) -> String? {
    guard let pairs = ratios.map(\.ratio.count).max() else { return nil }
    guard pairs > 1 else {
      return "ratios to \(selection.name), from one repetition (no interval without --repeat):"
    }
    let coverage = ratios.first { $0.ratio.count == pairs }?.ratio.confidence ?? 0
    return "ratios to \(selection.name), median [\(percent(coverage)) interval] of \(pairs) paired"
      + " repetitions:"
  }

  /// Per figure, in `VariantRepetitions.intervalFigures` order, its heading and one line per ratio with
  /// the labels padded to one width.
  static func blocks(_ ratios: [ReferenceRatio]) -> [Block] {
    let pairs = ratios.map(\.ratio.count).max() ?? 0
    let width = ratios.map { $0.variant.description.count + 1 }.max() ?? 0
    return VariantRepetitions.intervalFigures.compactMap { figure in
      let lines = ratios.filter { $0.figure == figure.name }.map { ratio in
        let label = ratio.variant.description + ":"
        let padding = String(repeating: " ", count: max(0, width - label.count))
        var line =
          label + padding + " " + quotient(ratio.ratio) + " than " + ratio.reference.description
        if ratio.ratio.count < pairs {
          line +=
            " (\(ratio.ratio.count) paired repetition\(ratio.ratio.count == 1 ? "" : "s")"
            + (ratio.ratio.bounds == nil ? ")" : ", \(percent(ratio.ratio.confidence)) interval)")
        }
        if let bounds = ratio.ratio.bounds, bounds.contains(1) { line += ", no clear difference" }
        return line
      }
      guard !lines.isEmpty else { return nil }
      let direction = figure.name == "throughput" ? "higher is faster" : "lower is faster"
      return Block(heading: "\(figure.label) (\(direction))", lines: lines)
    }
  }

  /// `1.74× higher [1.70, 1.78]`, or `1.74× higher` without an interval; a median below 1 as its
  /// inverse, `2.00× lower [1.00, 4.00]` for 0.50 [0.25, 1.00]. A ratio of 0 (the variant's figure
  /// was 0) has no inverse and reads `0×`; a bound of 0 inverts to `∞`.
  static func quotient(_ interval: MedianInterval) -> String {
    guard interval.median > 0 else { return "0×" }
    let lower = interval.median < 1
    let median = lower ? 1 / interval.median : interval.median
    let digits = fractionDigits(for: median)
    let word = lower ? "lower" : "higher"
    let text = DecimalText.fixed(median, fractionDigits: digits) + "× " + word
    guard let bounds = interval.bounds else { return text }
    let (low, high) =
      lower
      ? (inverse(bounds.upperBound), inverse(bounds.lowerBound))
      : (bounds.lowerBound, bounds.upperBound)
    return text + " [" + bound(low, digits) + ", " + bound(high, digits) + "]"
  }

  /// `1 / value`, infinite for 0.
  private static func inverse(_ value: Double) -> Double {
    value == 0 ? .infinity : 1 / value
  }

  /// A bound with `digits` decimals, `∞` when infinite.
  private static func bound(_ value: Double, _ digits: Int) -> String {
    value.isFinite ? DecimalText.fixed(value, fractionDigits: digits) : "∞"
  }

  /// A coverage as a percentage with at most one decimal: `75%`, `93.8%`, `96.9%`.
  static func percent(_ fraction: Double) -> String {
    let text = DecimalText.fixed(fraction * 100, fractionDigits: 1)
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "%"
  }

  /// Two decimals below 10, one from 10, none from 100 (a ratio shown here is at least 1).
  private static func fractionDigits(for value: Double) -> Int {
    if value >= 100 { return 0 }
    if value >= 10 { return 1 }
    return 2
  }
}
