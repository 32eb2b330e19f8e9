import CacheBenchCore

extension JSONValue {
  /// The document as UTF-8 JSON text, indented by two spaces, members in order, ending in a newline.
  ///
  /// Arrays of scalars stay on one line so a baseline's variant list reads as a table in a diff;
  /// objects and arrays holding containers get one element per line.
  func rendered() -> String {
    var text = ""
    write(to: &text, indent: "")
    return text + "\n"
  }

  /// Appends the value to `text`; `indent` is the indentation of the line it starts on.
  private func write(to text: inout String, indent: String) {
    switch self {
    case .null, .bool, .number, .string:
      text += scalarText
    case .array(let elements):
      if elements.isEmpty {
        text += "[]"
      } else if elements.allSatisfy(\.isScalar) {
        text += "[" + elements.map(\.scalarText).joined(separator: ", ") + "]"
      } else {
        let inner = indent + "  "
        text += "[\n"
        for (index, element) in elements.enumerated() {
          text += inner
          element.write(to: &text, indent: inner)
          text += index == elements.count - 1 ? "\n" : ",\n"
        }
        text += indent + "]"
      }
    case .object(let members):
      if members.isEmpty {
        text += "{}"
        return
      }
      let inner = indent + "  "
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += inner + JSONValue.quoted(member.key) + ": "
        member.value.write(to: &text, indent: inner)
        text += index == members.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  private var scalarText: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): text
    case .string(let value): JSONValue.quoted(value)
    case .array, .object: ""
    }
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, everything
  /// else (non-ASCII included) written as is.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
