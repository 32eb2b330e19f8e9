import CacheBenchCore

/// Reads the members of a profile's JSON objects under the profile rules: `_` members are comments,
/// a repeated member is an error.
enum ProfileFields {
  /// The members of `value`, which must be an object, without comments, in file order.
  ///
  /// `field` is the dotted path of `value` for messages; `path` is the profile file.
  static func members(of value: JSONValue, field: String, path: String) throws(ProfileError)
    -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = value else {
      throw .invalidValue(
        path: path, field: field, value: value.summary,
        reason: "must be an object, not \(value.kindName)")
    }
    var seen: Set<String> = []
    var kept: [(key: String, value: JSONValue)] = []
    for member in members {
      let qualified = field == "(profile)" ? member.key : "\(field).\(member.key)"
      guard seen.insert(member.key).inserted else {
        throw .duplicateField(path: path, field: qualified)
      }
      if !member.key.hasPrefix("_") { kept.append(member) }
    }
    return kept
  }
}
