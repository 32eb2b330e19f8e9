import CacheBenchCore

/// Layout touches on pretty-printed JSON text that `JSONEncoder` does not offer.
enum JSONText {
  /// `json` with every array that holds only scalars other than strings (numbers, `true`, `false`,
  /// `null`) written on one line as `[1, 2]`, and empty arrays as `[]`.
  ///
  /// Arrays holding strings, objects or arrays keep the encoder's layout. String contents are never
  /// touched: the scan tracks whether it is inside a string (and after a backslash in one), so a `[`
  /// in a host name stays as it is. Input that is not JSON comes back unchanged in the parts the scan
  /// cannot read as a scalar array.
  static func compactingScalarArrays(_ json: String) -> String {
    let bytes = Array(json.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var inString = false
    var escaped = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        output.append(byte)
        if escaped {
          escaped = false
        } else if byte == backslash {
          escaped = true
        } else if byte == quote {
          inString = false
        }
        index += 1
        continue
      }
      if byte == quote {
        inString = true
      } else if byte == openBracket, let (compact, end) = scalarArray(in: bytes, from: index) {
        output.append(contentsOf: compact)
        index = end
        continue
      }
      output.append(byte)
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let openBracket = UInt8(ascii: "[")
  private static let closeBracket = UInt8(ascii: "]")
  private static let comma = UInt8(ascii: ",")

  /// The one-line form of the array opening at `start` and the index after its `]`, or `nil` when
  /// the array holds a string, object or array.
  private static func scalarArray(in bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
    var elements: [[UInt8]] = []
    var current: [UInt8] = []
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case closeBracket:
        if !current.isEmpty { elements.append(current) }
        let joined = elements.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
        return (Array("[\(joined)]".utf8), index + 1)
      case comma:
        guard !current.isEmpty else { return nil }
        elements.append(current)
        current = []
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        break
      case quote, openBracket, UInt8(ascii: "{"), UInt8(ascii: "}"):
        return nil
      default:
        current.append(byte)
      }
      index += 1
    }
    return nil
  }
}
