import CacheBenchCore

/// Reads RFC 8259 JSON text into a `JSONValue`, reporting the line and column of the first error.
///
/// Strict: one value, surrounded only by white space; no comments, trailing commas, single quotes,
/// `NaN` or leading zeros. Numbers are checked against the JSON grammar and kept as written.
/// Nesting deeper than `maximumDepth` is refused rather than risking the stack on hostile input.
struct JSONParser {
  /// Why a text is not JSON, and where: `description` reads "line 3, column 7: expected ':'".
  struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// 1-based line of the offending byte.
    var line: Int
    /// 1-based column, counted in bytes from the start of the line.
    var column: Int
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Arrays and objects nested deeper than this are an error.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var position = 0

  /// Parses `text` as one JSON document.
  static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.skipWhiteSpace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhiteSpace()
    guard parser.position == parser.bytes.count else {
      throw parser.error("unexpected text after the end of the document")
    }
    return value
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// Parses the value starting at the current byte; `depth` counts the enclosing containers.
  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    guard let byte = current else { throw error("unexpected end of the document") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character \(describe(byte))")
    }
  }

  /// Parses an object from its `{`, keeping members in order and repeated keys as given.
  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhiteSpace()
    if current == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhiteSpace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
      let key = try parseString()
      skipWhiteSpace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
      position += 1
      skipWhiteSpace()
      members.append((key, try parseValue(depth: depth)))
      skipWhiteSpace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  /// Parses an array from its `[`.
  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
    position += 1
    var elements: [JSONValue] = []
    skipWhiteSpace()
    if current == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhiteSpace()
      elements.append(try parseValue(depth: depth))
      skipWhiteSpace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(elements)
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }

  /// Parses `true`, `false` or `null`, spelled exactly.
  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(SyntaxError)
    -> JSONValue
  {
    let word = Array(word.utf8)
    guard bytes.count - position >= word.count,
      Array(bytes[position..<position + word.count]) == word
    else {
      throw error("unexpected character \(describe(bytes[position]))")
    }
    position += word.count
    return value
  }

  /// Checks the JSON number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
    let start = position
    if current == UInt8(ascii: "-") { position += 1 }
    guard let first = current, isDigit(first) else { throw error("expected a digit") }
    position += 1
    if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
      throw error("a number must not have a leading zero")
    }
    skipDigits()
    if current == UInt8(ascii: ".") {
      position += 1
      guard let next = current, isDigit(next) else { throw error("expected a digit after '.'") }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard let next = current, isDigit(next) else {
        throw error("expected a digit in the exponent")
      }
      skipDigits()
    }
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
  }

  /// Parses a string from its opening quote, decoding escapes; unescaped control characters are errors.
  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flush(_ parser: JSONParser, upTo end: Int) {
      scalars.append(
        contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        flush(self, upTo: position)
        position += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(self, upTo: position)
        position += 1
        scalars.append(try parseEscape())
        runStart = position
      case 0..<0x20:
        throw error("control character in a string; escape it")
      default:
        position += 1
      }
    }
  }

  /// Decodes the escape after a backslash, joining a UTF-16 surrogate pair into one scalar.
  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    guard let byte = current else { throw error("unterminated string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHexQuad()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate escape") }
        position += 1
        guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate escape") }
        position += 1
        let low = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate escape") }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate escape") }
      return scalar
    default:
      position -= 1
      throw error("unknown escape '\\\(describe(byte, quoted: false))'")
    }
  }

  /// Reads the four hex digits of a `\u` escape.
  private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else {
        throw error("expected four hex digits after \\u")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { position += 1 }
  }

  private mutating func skipWhiteSpace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      position += 1
    }
  }

  /// A byte for a message: the character when printable ASCII, else its hex value.
  private func describe(_ byte: UInt8, quoted: Bool = true) -> String {
    let text =
      (0x21..<0x7F).contains(byte)
      ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    return quoted ? "'\(text)'" : text
  }

  /// An error at the current position.
  private func error(_ message: String) -> SyntaxError {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return SyntaxError(line: line, column: position - lineStart + 1, message: message)
  }
}
