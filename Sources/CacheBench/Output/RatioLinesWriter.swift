import CacheBenchCore

/// Renders the ratios of each variant to its reference (`ReferenceRatio`) as lines in hyperfine's
/// manner, for the terminal under the table and for the Markdown summary:
///
///     ratios to coalescing, median [93.8% interval] of 5 paired repetitions:
///     throughput (higher is faster)
///       naive/inside:       0.98× [0.95, 1.01] coalescing/inside
///       sharded(8)/inside:  1.74× [1.70, 1.78] coalescing/inside
///     latency p50 (lower is faster)
///       …
///
/// A ratio and its bounds share their decimals: two for a ratio from 0.1 to 10, fewer above, more
/// below, so a small ratio keeps three significant digits. A line whose variant paired up fewer
/// repetitions than the heading says (one of the two was not measured every time) names its own
/// count and coverage. From a single repetition there is no interval, and the lines say so.
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
        var line = label + padding + " " + quotient(ratio.ratio) + " " + ratio.reference.description
        if ratio.ratio.count < pairs {
          line +=
            " (\(ratio.ratio.count) paired repetitions"
            + (ratio.ratio.bounds == nil ? ")" : ", \(percent(ratio.ratio.confidence)) interval)")
        }
        return line
      }
      guard !lines.isEmpty else { return nil }
      let direction = figure.name == "throughput" ? "higher is faster" : "lower is faster"
      return Block(heading: "\(figure.label) (\(direction))", lines: lines)
    }
  }

  /// `1.74× [1.70, 1.78]`, or `1.74×` without an interval.
  static func quotient(_ interval: MedianInterval) -> String {
    let digits = fractionDigits(for: interval.median)
    let median = DecimalText.fixed(interval.median, fractionDigits: digits) + "×"
    guard let bounds = interval.bounds else { return median }
    return median + " [" + DecimalText.fixed(bounds.lowerBound, fractionDigits: digits) + ", "
      + DecimalText.fixed(bounds.upperBound, fractionDigits: digits) + "]"
  }

  /// A coverage as a percentage with at most one decimal: `75%`, `93.8%`, `96.9%`.
  static func percent(_ fraction: Double) -> String {
    let text = DecimalText.fixed(fraction * 100, fractionDigits: 1)
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + "%"
  }

  /// Two decimals from 0.1 up, none from 100 and one from 10; below 0.1, enough for three significant
  /// digits (at most six).
  private static func fractionDigits(for value: Double) -> Int {
    var magnitude = abs(value)
    if magnitude >= 100 { return 0 }
    if magnitude >= 10 { return 1 }
    if magnitude >= 0.1 || magnitude == 0 { return 2 }
    var zeros = 0
    while magnitude < 0.1 && zeros < 3 {
      magnitude *= 10
      zeros += 1
    }
    return zeros + 3
  }
}
