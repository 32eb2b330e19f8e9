import CacheBenchCore

extension ResultDocument {
  /// Reads a baseline, a `--json` result or a `--csv` file at `path`.
  ///
  /// The form is told by the content, not the name: text whose first non-blank character is `{` is
  /// JSON, anything else CSV.
  static func read(path: String) throws(GateError) -> ResultDocument {
    let text: String
    do {
      text = try TextFileReader.read(path: path)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    return try parse(text, path: path)
  }

  /// Parses the text of a file named `path`; see `read(path:)`.
  static func parse(_ text: String, path: String) throws(GateError) -> ResultDocument {
    let isJSON = text.unicodeScalars.first { !" \t\r\n".unicodeScalars.contains($0) } == "{"
    do {
      if isJSON {
        let json: JSONValue
        do {
          json = try JSONParser.parse(text)
        } catch {
          throw GateError.malformed(path: path, format: "JSON", problem: error.description)
        }
        if let schema = json["schema"], schema != .number(String(Self.schema)) {
          throw GateError.unsupportedSchema(path: path, value: schema.summary)
        }
        return try ResultDocument(json: json)
      }
      let table: CSVTable
      do {
        table = try CSVTable.parse(text)
      } catch {
        throw GateError.malformed(path: path, format: "CSV", problem: error.description)
      }
      return try ResultDocument(csv: table)
    } catch let error as GateError {
      throw error
    } catch let violation as SchemaViolation {
      throw .invalidField(
        path: path, field: violation.field, value: violation.value, reason: violation.reason)
    } catch {
      throw .malformed(path: path, format: isJSON ? "JSON" : "CSV", problem: "\(error)")
    }
  }
}
