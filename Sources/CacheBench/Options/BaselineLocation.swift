import CacheBenchCore

/// Where `--save-baseline` writes: a bare name goes to the committed baselines folder, anything that
/// looks like a path is used as given.
///
/// `ci` becomes `Profiles/baselines/ci.json`, relative to the working directory (the repository root
/// for `scripts/cachebench` from there); a value containing `/` or ending in `.json` is a path.
enum BaselineLocation {
  /// The folder bare baseline names resolve into.
  static let directory = "Profiles/baselines"

  /// Why a value is neither a path nor a valid name, completing "invalid value 'x' for …: ".
  static let nameRule =
    "a name is letters, digits, '.', '_' and '-' (not first '.'); or give a path"

  /// The file `value` names, or `nil` if it is empty or a name with characters other than letters,
  /// digits, `.`, `_` and `-`.
  static func path(for value: String) -> String? {
    if value.contains("/") || value.hasSuffix(".json") { return value }
    let allowed = value.unicodeScalars.allSatisfy {
      ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
        || "._-".unicodeScalars.contains($0)
    }
    guard !value.isEmpty, allowed, !value.hasPrefix(".") else { return nil }
    return "\(directory)/\(value).json"
  }
}
