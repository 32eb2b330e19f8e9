/// How a window's hits, joins and leaders were found for the requests its design did not classify
/// (`CacheLookup.outcome` nil): what the harness attributed itself (`FetchAttribution`), and why any of
/// the three still reads n/a.
package struct OutcomeAttribution: Sendable, Equatable {
  /// What the harness attributed; nil when the window did not attribute.
  package var figures: AttributionTotals?
  /// Requests the design did not classify.
  package var unclassified: Int
  /// Whether `leaders` holds the harness's exact count.
  package var leadersExact = false
  /// Why the harness could attribute nothing; nil when it could.
  package var unavailable: String? = nil

  /// Whether `hits` and `joins` hold the harness's exact counts.
  package var hitsAndJoinsExact: Bool {
    leadersExact && figures?.contended == 0
  }

  /// A line for stderr saying why hits, joins or leaders read n/a; nil when the harness could give all
  /// three exactly, which needs no word (the design notes say only what went wrong or is missing).
  package var note: String? {
    if let unavailable { return "hits, joins and leaders read n/a: \(unavailable)" }
    guard let figures, !hitsAndJoinsExact else { return nil }
    return
      "hits and joins read n/a: \(figures.contended) requests overlapped a fetch of their key that"
      + " another request started, and whether each waited for it (a join) or was served a stored"
      + " value (a hit) cannot be seen from outside the cache (report CacheLookup.outcome for"
      + " them); leaders (\(figures.leaders)) are the harness's exact count"
  }
}
