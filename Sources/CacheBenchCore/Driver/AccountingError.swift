/// A broken accounting identity: some request was lost or counted twice. This is a bug in cachebench or in a
/// cache design, never a property of the workload, so the run fails loudly instead of printing figures.
package struct AccountingError: Error, CustomStringConvertible {
  var variant: String
  var detail: String

  package var description: String { "accounting identity violated for \(variant): \(detail)" }
}

extension VariantResult {
  /// Checks that every request was attributed to exactly one outcome and that the counters agree with each
  /// other and with the histogram; that a request-count stop issued exactly that many operations (requests
  /// plus invalidations); and that no fetch was still running once the window drained.
  func checkAccounting(recorded: Int, expectedRequests: Int?) throws(AccountingError) {
    let attributed = hits + joins + leaders + unclassified + errors + cancellations
    func fail(_ detail: String) -> AccountingError {
      AccountingError(variant: variant.description, detail: detail)
    }
    guard requests == attributed else {
      throw fail(
        "requests \(requests) != hits \(hits) + joins \(joins) + leaders \(leaders)"
          + " + unclassified \(unclassified) + errors \(errors) + cancellations \(cancellations) = \(attributed)"
      )
    }
    guard latency.totalCount == recorded, recorded == requests else {
      throw fail(
        "latency samples \(latency.totalCount), recorded \(recorded), requests \(requests)")
    }
    // A request-count stop counts operations: the invalidations and writes drawn in place of reads,
    // then reads.
    let writes = repository?.writes ?? 0
    if let expectedRequests, requests + invalidations + writes != expectedRequests {
      throw fail(
        "requests \(requests) + invalidations \(invalidations) + writes \(writes)"
          + " != requested \(expectedRequests)")
    }
    if let repository, repository.conflicts + repository.writeFailures > repository.writes {
      throw fail(
        "conflicts \(repository.conflicts) + write failures \(repository.writeFailures) > writes"
          + " \(repository.writes)")
    }
    // A stopped window (signal or --deadline) cancels its clients, not the fetches they shared or
    // abandoned, so fetches may rightly outlive it.
    guard fetchesInFlightAfterWindow == 0 || interrupted else {
      throw fail("\(fetchesInFlightAfterWindow) fetches still in flight after the window drained")
    }
    guard fetches >= leaders else {
      throw fail("fetches \(fetches) < leaders \(leaders): a leader was served without a fetch")
    }
  }
}
