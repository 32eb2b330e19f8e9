import CacheBenchCore

extension OptionValueParser {
  /// A sweep axis: a comma list whose items are integers (`8`) or doubling ranges (`1..16`), all within
  /// `range`, returned in ascending order.
  ///
  /// A range `a..b` is `a` and its doublings up to `b`: `1..16` is 1, 2, 4, 8, 16. When `b` is not a
  /// doubling of `a` it still ends the range, so the bound the user typed is always measured: `1..12` is 1,
  /// 2, 4, 8, 12 and `3..20` is 3, 6, 12, 20. Doublings because contention changes by factors, and a sweep
  /// over every integer would spend most of its time on uninformative neighbours. A value may appear only
  /// once, whether listed or produced by a range (`2,1..4` is an error), so every cell is measured once.
  static func integerList(
    _ value: String, for option: OptionName, in range: ClosedRange<Int>
  ) throws(OptionsError) -> [Int] {
    func invalid(_ reason: String) -> OptionsError {
      .invalidValue(option: option, value: value, reason: reason)
    }
    func bound(_ text: Substring) throws(OptionsError) -> Int {
      guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
        throw invalid(
          "'\(text)' is not an integer; give a comma list of integers or ranges like 1..16")
      }
      guard let integer = Int(text), range.contains(integer) else {
        throw invalid("'\(text)' is outside \(range.lowerBound)...\(range.upperBound)")
      }
      return integer
    }
    var values: [Int] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      guard !item.isEmpty else {
        throw invalid("empty item; give a comma list of integers or ranges like 1..16")
      }
      let expanded: [Int]
      if let dots = item.firstRange(of: "..") {
        // Swift's closed range is a natural slip here; so is a range left open at one end.
        if item.contains("...") {
          let fixed = item.replacing("...", with: "..")
          throw invalid("range '\(item)' has three dots; write \(fixed), two dots")
        }
        guard dots.lowerBound != item.startIndex, dots.upperBound != item.endIndex else {
          throw invalid("range '\(item)' needs a number at each end, like 1..16")
        }
        let low = try bound(item[..<dots.lowerBound])
        let high = try bound(item[dots.upperBound...])
        guard low <= high else { throw invalid("range '\(item)' runs backwards") }
        expanded = doublings(from: low, through: high)
      } else {
        expanded = [try bound(item)]
      }
      for element in expanded {
        guard !values.contains(element) else { throw invalid("\(element) is listed twice") }
        values.append(element)
      }
    }
    return values.sorted()
  }

  /// `low`, its doublings up to `high`, and `high` itself.
  private static func doublings(from low: Int, through high: Int) -> [Int] {
    var values: [Int] = []
    var next = low
    while next < high {
      values.append(next)
      next *= 2
    }
    values.append(high)
    return values
  }
}
