import CacheBenchCore

extension ResultDocument {
  /// A member of a document that breaks the schema: where (a path like `variants[2].metrics.hits`),
  /// the value as written, and what was expected. The reader adds the file's name.
  struct SchemaViolation: Error, Equatable {
    var field: String
    var value: String
    var reason: String
  }

  /// The document as schema-1 JSON, members in a fixed order.
  var json: JSONValue {
    .object([
      ("schema", .number(Self.schema)),
      ("kind", .string(kind.rawValue)),
      ("interrupted", .bool(interrupted)),
      ("metadata", metadata),
      ("scenario", scenario),
      ("variants", .array(variants.map(\.json))),
    ])
  }

  /// Reads a schema-1 document.
  ///
  /// Strict about what the comparison relies on (schema, kind, the variant identity, metric values
  /// being numbers or `null`) and lenient about the rest: members it does not know, at the top level or
  /// in a variant, are ignored, so a newer writer that adds a member stays readable.
  init(json: JSONValue) throws(SchemaViolation) {
    guard case .object = json else {
      throw SchemaViolation(field: "(document)", value: json.summary, reason: "must be an object")
    }
    let schema = try Self.member("schema", of: json, path: "")
    guard case .number(let text) = schema, text == String(Self.schema) else {
      throw SchemaViolation(
        field: "schema", value: schema.summary, reason: "must be \(Self.schema)")
    }
    let kindValue = try Self.member("kind", of: json, path: "")
    guard let kindText = kindValue.stringValue, let kind = Kind(rawValue: kindText) else {
      throw SchemaViolation(
        field: "kind", value: kindValue.summary, reason: "must be \"result\" or \"baseline\"")
    }
    self.kind = kind
    let interruptedValue = json["interrupted"] ?? .bool(false)
    guard case .bool(let interrupted) = interruptedValue else {
      throw SchemaViolation(
        field: "interrupted", value: interruptedValue.summary, reason: "must be true or false")
    }
    self.interrupted = interrupted
    metadata = try Self.object("metadata", of: json)
    scenario = try Self.object("scenario", of: json)
    let variantsValue = try Self.member("variants", of: json, path: "")
    guard case .array(let elements) = variantsValue else {
      throw SchemaViolation(
        field: "variants", value: variantsValue.summary, reason: "must be an array")
    }
    var variants: [VariantMetrics] = []
    for (index, element) in elements.enumerated() {
      variants.append(try VariantMetrics(json: element, path: "variants[\(index)]"))
    }
    self.variants = variants
  }

  /// The required member `name` of `object`; `path` prefixes its name in the violation.
  static func member(_ name: String, of object: JSONValue, path: String) throws(SchemaViolation)
    -> JSONValue
  {
    guard let value = object[name] else {
      throw SchemaViolation(field: path + name, value: "(absent)", reason: "is required")
    }
    return value
  }

  /// The required top-level member `name`, which must be an object.
  private static func object(_ name: String, of json: JSONValue) throws(SchemaViolation)
    -> JSONValue
  {
    let value = try member(name, of: json, path: "")
    guard case .object = value else {
      throw SchemaViolation(field: name, value: value.summary, reason: "must be an object")
    }
    return value
  }
}

extension VariantMetrics {
  /// The variant as a member of `variants`.
  var json: JSONValue {
    .object(
      [
        ("variant", .string(variant)),
        ("design", .string(design)),
        ("decode", .string(decode)),
        ("shards", shards.map { .number($0) } ?? .null),
      ] + (cell.map { [("cell", JSONValue.string($0))] } ?? [])
        + [
          (
            "metrics",
            .object(metrics.map { ($0.name, $0.value.map { JSONValue.number($0) } ?? .null) })
          )
        ])
  }

  /// Reads one element of `variants`; `path` locates it in messages.
  init(json: JSONValue, path: String) throws(ResultDocument.SchemaViolation) {
    typealias Violation = ResultDocument.SchemaViolation
    guard case .object = json else {
      throw Violation(field: path, value: json.summary, reason: "must be an object")
    }
    func text(_ name: String) throws(Violation) -> String {
      let value = try ResultDocument.member(name, of: json, path: path + ".")
      guard let text = value.stringValue, !text.isEmpty else {
        throw Violation(
          field: "\(path).\(name)", value: value.summary, reason: "must be a non-empty string")
      }
      return text
    }
    variant = try text("variant")
    decode = try text("decode")
    // An older or terser writer may leave the design out; it is the name without a shard count.
    design =
      json["design"] == nil
      ? String(variant.prefix { $0 != "(" }) : try text("design")
    switch json["shards"] {
    case nil, .null?: shards = nil
    case .number(let text)? where Int(text) != nil: shards = Int(text)
    case let other?:
      throw Violation(field: "\(path).shards", value: other.summary, reason: "must be an integer")
    }
    // A sweep's cell, written only for a document read from a sweep.
    cell = json["cell"] == nil ? nil : try text("cell")
    let metricsValue = try ResultDocument.member("metrics", of: json, path: path + ".")
    guard case .object(let members) = metricsValue else {
      throw Violation(
        field: "\(path).metrics", value: metricsValue.summary, reason: "must be an object")
    }
    var metrics: [Metric] = []
    // The `--json` result writes every CSV column from `requests` on as a metric, among them the ones
    // that describe a figure rather than measure it (`peak_rss_source`); as from the CSV, they are
    // not metrics.
    for member in members where !ResultDocument.variantColumns.contains(member.key) {
      let field = "\(path).metrics.\(member.key)"
      guard !metrics.contains(where: { $0.name == member.key }) else {
        throw Violation(field: field, value: member.value.summary, reason: "appears twice")
      }
      switch member.value {
      case .null:
        metrics.append(Metric(name: member.key, value: nil))
      case .number(let text):
        guard let value = Double(text), value.isFinite else {
          throw Violation(field: field, value: text, reason: "is out of range")
        }
        metrics.append(Metric(name: member.key, value: value))
      default:
        throw Violation(
          field: field, value: member.value.summary, reason: "must be a number or null")
      }
    }
    self.metrics = metrics
  }
}
