import CacheBenchCore

/// A JSON document as read or written by cachebench: profiles, baselines and results.
///
/// Hand-rolled rather than `JSONSerialization` or `Codable` for three reasons that matter to a gate:
/// object members keep their order (so files diff well and the first bad field of a profile is the
/// one reported), numbers keep their exact text (a seed of 2^64-1 survives, and `1e3` can be refused
/// where digits are required), and duplicate keys are visible to the reader instead of silently
/// collapsed.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number as it is written in the document, e.g. `0.99` or `18446744073709551615`.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in document order; keys may repeat (readers decide whether that is an error).
  case object([(key: String, value: JSONValue)])

  /// Structural equality, member order included (objects hold tuples, which are not `Equatable`).
  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  /// A number member from a `Double`, in Swift's shortest round-trip form; integral values within
  /// ±2^53 are written without a fraction (`3`, not `3.0`). Not-a-number and infinities, which
  /// JSON cannot express, become `null`.
  static func number(_ value: Double) -> JSONValue {
    guard value.isFinite else { return .null }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return .number(String(Int64(value)))
    }
    return .number("\(value)")
  }

  /// A number member from an integer.
  static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// A measured figure, or `null` for one that was not measured.
  static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }

  /// The member named `key` of an object (the first, if repeated), or `nil`.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as a `Double` when it is a number.
  var doubleValue: Double? {
    if case .number(let text) = self { Double(text) } else { nil }
  }

  /// The value as a string when it is one.
  var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// How the value reads in a one-line message: strings quoted as in JSON, containers abbreviated.
  var summary: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): text
    case .string(let text): JSONValue.quoted(text)
    case .array: "[...]"
    case .object: "{...}"
    }
  }

  /// The kind of value, for messages such as "must be a string, not a number".
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
