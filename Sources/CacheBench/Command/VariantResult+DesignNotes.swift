import CacheBenchCore

extension VariantResult {
  /// What stderr says about how the variant's design behaved, beyond its figures: what the harness
  /// checked and found wrong (options the design ignored, `ignoredOptions`: decodes placed elsewhere
  /// than asked, cancellations that never reached it, invalidations and writes that changed nothing;
  /// answers for another key, requests that failed when the fetcher injected no failure, a window
  /// that stalled) or reports only some requests carried. Empty for a design that did what the run asked.
  func designNotes(failRate: Double) -> [String] {
    var notes: [String] = []
    if let decodes = insideDecodes {
      if decodedNothingInside {
        notes.append(
          "decoded nothing inside the cache for \(succeededFetches) fetches: the design ignores"
            + " --decode \(variant.decode.rawValue), so this variant measured no decode work")
      } else if decodes > fetches {
        notes.append(
          "decoded \(decodes) times inside the cache for \(fetches) fetches: more than once per"
            + " fetch")
      }
    }
    notes += ignoredOptionNotes
    if wrongKeyAnswers > 0 {
      notes.append(
        "\(wrongKeyAnswers) answers were the value of another key than the one asked for"
          + " (counted as errors)" + (firstErrorDescription.map { "; first: \($0)" } ?? ""))
    } else if errors > 0 && failRate == 0 {
      notes.append(
        "\(errors) requests failed though the fetcher injected no failure"
          + (firstErrorDescription.map { "; first: \($0)" } ?? ""))
    }
    let served = requests - errors - cancellations
    if let note = outcomeAttribution?.note { notes.append(note) }
    if unclassified > 0 && unclassified < served && outcomeAttribution?.figures == nil {
      notes.append(
        "the design said how \(served - unclassified) of \(served) served requests were served;"
          + " hits, joins and leaders read n/a")
    }
    if untimed > 0 && untimed < served {
      notes.append(
        "the design timed its isolation for \(served - untimed) of \(served) served requests;"
          + " actor_wait and actor_service read n/a")
    }
    if let jobs = isolationJobs {
      notes.append(
        "actor_wait, actor_busy_wait and actor_service are of the \(jobs) jobs its instrumented"
          + " executor or lock ran, not of its \(served) requests: a miss that returns to the actor"
          + " after an await is two jobs (docs/instrumented-executor.md)")
    }
    if let spread = clientSpread, spread.isExtreme {
      notes.append(
        "\(spread.starved) of \(spread.clients) clients completed under a tenth of their share of the"
          + " requests (min \(spread.minimum), median \(spread.median), max \(spread.maximum)):"
          + " the window was far less concurrent than asked, and its latency tail is mostly the"
          + " starved clients' wait")
    }
    if stalled {
      notes.append(
        "stalled: no request was claimed for \(HumanUnits.latency(stallTimeout)); the window was"
          + " stopped and \(undrainedClients) clients never returned (a request hung in the cache);"
          + " its figures are marked interrupted")
    }
    return notes
  }
}
