import CacheBenchCore

extension VariantResult {
  /// Whether the design decoded nothing inside the cache although fetches returned payloads to
  /// waiting callers: it ignored the decode placement asked (`--decode inside`, for one), so the
  /// variant measured no decode work. The stderr note (`designNotes`) and the finding
  /// (`FindingRules.ignoredOptions`) both read it.
  ///
  /// Only a fetch that returned its payload to a waiting caller owes a decode: with every fetch
  /// failing (`--fail-rate 1`), or every caller cancelled before its response, nothing is owed. A
  /// design whose decodes the harness does not count inside (`insideDecodes` nil) says nothing.
  var decodedNothingInside: Bool {
    insideDecodes == 0 && succeededFetches > 0
  }
}
