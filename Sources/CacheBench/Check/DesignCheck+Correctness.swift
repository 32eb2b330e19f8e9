import CacheBenchCore

/// The checks of what a cache answers and how often it fetches, each on a cache of its own: the
/// scheduler cannot change their verdict, since every fetch waits for the check to release it.
extension DesignCheck {
  /// The outcome of one caller's lookup: the number of the fetch its value came from (0 when the
  /// design answered bytes of its own, or a typed design a value that matches no one fetch's), or the
  /// error it got. A typed design's value is traced to its fetch by the harness (`CheckFetcher`).
  enum Answer: Sendable {
    case value(fetch: Int)
    case cancelled
    case failed(String)

    init(_ work: () async throws -> CacheLookup) async {
      do {
        self = .value(fetch: CheckFetcher.fetchNumber(of: try await work().value.payload) ?? 0)
      } catch is CancellationError {
        self = .cancelled
      } catch {
        self = .failed(String(describing: error))
      }
    }

    var isValue: Bool { if case .value = self { true } else { false } }
  }

  /// Starts a caller of `key` on `cache`.
  func caller(_ cache: any Cache, _ key: Int) -> Task<Answer, Never> {
    Task { await Answer { try await cache.lookup(key) } }
  }

  /// The callers' answers, or nil when one did not return within `patience`.
  func answers(_ callers: [Task<Answer, Never>]) async -> [Answer]? {
    var answers: [Answer] = []
    for caller in callers {
      guard let answer = await Settling.result(of: caller, within: patience) else { return nil }
      answers.append(answer)
    }
    return answers
  }

  func hung(_ check: String, _ what: String) -> Outcome {
    Outcome(
      check: check, verdict: .fail,
      evidence: "\(what) did not return within \(HumanUnits.latency(patience)) of its fetch's"
        + " completion: a request hung in the cache",
      fix: "every path that awaits an in-flight fetch must be resumed when it completes or fails")
  }

  /// N callers of one cold key, all arriving while its fetch is in flight: one fetch, or N.
  func reentrancy() async throws -> Outcome {
    let fetcher = CheckFetcher()
    let cache = try makeCache(fetcher)
    let count = Self.overlappingCallers
    let callers = (0..<count).map { _ in caller(cache, 1) }
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    let fetches = fetcher.startedCount
    fetcher.release(key: 1)
    guard let answers = await answers(callers) else { return hung("reentrancy", "a caller") }
    let failed = answers.filter { !$0.isValue }.count
    let seen =
      "\(count) overlapping callers of one cold key made \(fetches) fetch\(fetches == 1 ? "" : "es")"
    if failed > 0 {
      return Outcome(
        check: "reentrancy", verdict: .fail,
        evidence: "\(seen), and \(failed) of them got no value though every fetch succeeded",
        fix: nil)
    }
    guard fetches > 1 else {
      return Outcome(check: "reentrancy", verdict: .pass, evidence: seen + ": no duplicate")
    }
    return Outcome(
      check: "reentrancy", verdict: .fail,
      evidence: "\(seen): \(fetches - 1) duplicates (check, await, store lets every overlapping"
        + " caller fetch)",
      fix: "store the in-flight Task in the cache before the first await and have later callers"
        + " await it (docs/duplicates.md)")
  }

  /// Waiters of a fetch that fails all get the error, and the failure is not cached: the next lookup
  /// fetches again.
  func failedFetch() async throws -> Outcome {
    let fetcher = CheckFetcher()
    let cache = try makeCache(fetcher)
    let key = 2
    let callers = (0..<Self.failingWaiters).map { _ in caller(cache, key) }
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    fetcher.release(key: key, failing: true)
    guard let answers = await answers(callers) else { return hung("failed-fetch", "a waiter") }
    let served = answers.filter(\.isValue).count
    if served > 0 {
      return Outcome(
        check: "failed-fetch", verdict: .fail,
        evidence: "\(served) of \(answers.count) waiters got a value though every fetch failed",
        fix: nil)
    }
    let before = fetcher.startedCount
    let again = caller(cache, key)
    await Settling.settle(fetcher, atLeast: before + 1, quiet: quiet, patience: quiet * 5)
    let fetchedAgain = fetcher.startedCount > before
    fetcher.release(key: key)
    guard let answer = await Settling.result(of: again, within: patience) else {
      return hung("failed-fetch", "the lookup after the failure")
    }
    let waiters = "\(answers.count) waiters of a failing fetch all got its error"
    guard fetchedAgain else {
      return Outcome(
        check: "failed-fetch", verdict: .fail,
        evidence: waiters + ", but the next lookup did not fetch: the failure was cached"
          + (answer.isValue ? "" : " and served again"),
        fix: "remove the in-flight entry when its fetch throws, so the next caller retries")
    }
    return Outcome(
      check: "failed-fetch", verdict: answer.isValue ? .pass : .fail,
      evidence: waiters + "; the next lookup fetched again"
        + (answer.isValue ? " and got the value" : " and still got no value"))
  }

  /// A caller that joins a fetch and is cancelled leaves the other caller's fetch alone.
  func cancelledJoiner() async throws -> Outcome {
    let fetcher = CheckFetcher()
    let cache = try makeCache(fetcher)
    let key = 3
    let first = caller(cache, key)
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    let joiner = caller(cache, key)
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    joiner.cancel()
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    let cancelledFetches = fetcher.cancelledCount
    fetcher.release(key: key)
    guard let answers = await answers([first, joiner]) else {
      return hung("cancelled-joiner", "a caller")
    }
    let joinerGot =
      switch answers[1] {
      case .value: "the joiner still got the value"
      case .cancelled: "the joiner got CancellationError"
      case .failed(let error): "the joiner got \(error)"
      }
    switch answers[0] {
    case .value:
      return Outcome(
        check: "cancelled-joiner", verdict: .pass,
        evidence: "cancelling the second caller of a key left the first caller's fetch alone ("
          + joinerGot + ")")
    case .cancelled, .failed:
      return Outcome(
        check: "cancelled-joiner", verdict: .fail,
        evidence: "cancelling the second caller of a key cost the first caller its value"
          + " (\(cancelledFetches) fetch cancelled; \(joinerGot))",
        fix: "do not cancel the shared fetch when one waiter is cancelled: await its Task's value"
          + " and cancel the Task only when no caller waits any more")
    }
  }

  /// An invalidate while a key's fetch is in flight: a lookup after both must not be answered with the
  /// value that fetch brought, which may predate the change the invalidate announced. The caller in
  /// flight may get that value, or the error of its cancelled fetch (the built-in designs cancel it).
  func invalidateDuringFetch() async throws -> Outcome {
    let name = "invalidate-during-fetch"
    let fetcher = CheckFetcher()
    let cache = try makeCache(fetcher)
    let key = 4
    let first = caller(cache, key)
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    await cache.invalidate(key)
    fetcher.release(key: key)
    guard let firstAnswer = await Settling.result(of: first, within: patience) else {
      return hung(name, "the caller")
    }
    let ownValues = Outcome(
      check: name, verdict: .warn,
      evidence: "the design answers values of its own making (or a typed design's value closure"
        + " makes the same value from every fetch), so the check cannot tell which fetch a value"
        + " came from")
    let oldFetch: Int?
    let inFlight: String
    switch firstAnswer {
    case .value(let fetch):
      guard fetch > 0 else { return ownValues }
      (oldFetch, inFlight) = (fetch, "the caller in flight got that fetch's value")
    case .cancelled:
      (oldFetch, inFlight) = (nil, "the invalidate cancelled the fetch in flight")
    case .failed(let error):
      (oldFetch, inFlight) = (nil, "the caller in flight got \(error)")
    }
    let before = fetcher.startedCount
    let later = caller(cache, key)
    await Settling.settle(fetcher, atLeast: before + 1, quiet: quiet, patience: quiet * 5)
    fetcher.release(key: key)
    guard let laterAnswer = await Settling.result(of: later, within: patience) else {
      return hung(name, "the lookup after the invalidate")
    }
    guard case .value(let fetch) = laterAnswer else {
      return Outcome(
        check: name, verdict: .fail, evidence: "the lookup after the invalidate got no value")
    }
    guard fetch > 0 else { return ownValues }
    guard fetch == oldFetch else {
      return Outcome(
        check: name, verdict: .pass,
        evidence: "after an invalidate during its fetch, the key was fetched again (fetch"
          + " \(fetch)); \(inFlight)")
    }
    return Outcome(
      check: name, verdict: .fail,
      evidence: "a lookup after the invalidate got the value of fetch \(fetch), which was in"
        + " flight when the invalidate came: the completed fetch stored it over the invalidate",
      fix: "store a completed fetch only if its entry is still the one the fetch started (an"
        + " identity or generation check), so an invalidate in between wins")
  }
}

extension DesignCheck {
  static let cancelledSoleCallerCheck = "cancelled-sole-caller"

  /// What became of a fetch whose only caller was cancelled while it waited.
  enum AbandonedFetch: Sendable, Equatable {
    /// The design cancelled it.
    case cancelled
    /// It ran on and its value was kept: the next lookup did not fetch.
    case kept
    /// It ran on and its value was dropped: the next lookup fetched again.
    case discarded
  }

  /// A sole caller of a cold key, cancelled while its fetch is held: whether the design cancels the
  /// fetch or lets it finish, against what it declares (`DesignTraits.cancelsUnawaitedFetch`), and
  /// whether the finished fetch's value is kept.
  func cancelledSoleCaller() async throws -> Outcome {
    let name = Self.cancelledSoleCallerCheck
    let fetcher = CheckFetcher()
    let cache = try makeCache(fetcher)
    let key = 5
    let sole = caller(cache, key)
    await Settling.settle(fetcher, atLeast: 1, quiet: quiet, patience: patience)
    sole.cancel()
    // Gives the design `quiet` to act on the cancellation before the fetch is let go.
    let early = await Settling.result(of: sole, within: quiet)
    let fetchCancelled = fetcher.cancelledCount > 0
    let released = fetcher.release(key: key)
    var answer = early
    if answer == nil { answer = await Settling.result(of: sole, within: patience) }
    guard let answer else { return hung(name, "the cancelled caller") }
    let before = fetcher.startedCount
    let next = caller(cache, key)
    await Settling.settle(fetcher, atLeast: before + 1, quiet: quiet, patience: quiet * 5)
    let fetchedAgain = fetcher.startedCount > before
    fetcher.release(key: key)
    guard await Settling.result(of: next, within: patience) != nil else {
      return hung(name, "the lookup after the cancellation")
    }
    let fate: AbandonedFetch =
      fetchCancelled && released == 0 ? .cancelled : fetchedAgain ? .discarded : .kept
    let returned =
      early == nil ? "returned only once the fetch was let go" : "returned before the fetch ended"
    let got =
      switch answer {
      case .value: "got the value"
      case .cancelled: "got CancellationError"
      case .failed(let error): "got \(error)"
      }
    return Self.judgeAbandonedFetch(
      fate, declaresCancel: design.traits.contains(.cancelsUnawaitedFetch),
      caller: "the cancelled caller \(returned) and \(got)")
  }

  /// The verdict on what became of the abandoned fetch: a failure when the design declares that it
  /// cancels such fetches and did not, a warning when the fetch ran on and its value was dropped (the
  /// work was neither saved nor used), a pass otherwise.
  static func judgeAbandonedFetch(
    _ fate: AbandonedFetch, declaresCancel: Bool, caller: String
  ) -> Outcome {
    let name = cancelledSoleCallerCheck
    switch fate {
    case .cancelled:
      return Outcome(
        check: name, verdict: .pass,
        evidence: "cancelling the only caller of a fetch cancelled the fetch"
          + (declaresCancel
            ? ", as the design declares (cancels-unawaited); "
            : "; the design does not declare it (the cancels-unawaited trait); ") + caller)
    case .kept where declaresCancel:
      return Outcome(
        check: name, verdict: .fail,
        evidence: "cancelling the only caller of a fetch let the fetch finish and kept its value,"
          + " though the design declares that it cancels such a fetch (cancels-unawaited); "
          + caller,
        fix: "cancel the entry's Task when its last waiter is cancelled, or drop the"
          + " cancelsUnawaitedFetch trait")
    case .kept:
      return Outcome(
        check: name, verdict: .pass,
        evidence:
          "cancelling the only caller of a fetch let the fetch finish and kept its value for"
          + " the next lookup; " + caller)
    case .discarded:
      return Outcome(
        check: name, verdict: .warn,
        evidence: "cancelling the only caller of a fetch let the fetch finish, but its value was"
          + " dropped: the next lookup fetched again; " + caller,
        fix: "either cancel the fetch when no caller awaits it (and declare cancelsUnawaitedFetch),"
          + " or keep its value when it completes")
    }
  }
}
