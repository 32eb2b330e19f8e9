/// A window, warm-up or measured: the clients, the scheduling probe beside them, the stall watch, the drain,
/// and the recorders the clients fill.
extension BenchmarkDriver {
  /// Drives `cache` with the scenario's clients until `stop` or a stop request (`runStop`, then
  /// drained by `drain`), and returns what the clients recorded. `decoder` is non-nil when callers
  /// decode outside the cache. Clients claim request indices from `claims`; with a
  /// `rawLatencyCapacity` they also keep every request's latency, each reserving that many samples first.
  /// The clients record into `recorders` when given (made before a profiler's window opens), else into
  /// recorders made here, still before the window's clock starts. A `probe` samples the scheduling delay
  /// beside the clients while they run. Each client runs `clientLoop`: the variant's design's
  /// (`CacheSpecialisation`), or the loop through the `Cache` witness table for a caller with no design.
  @concurrent
  func window(
    cache: any Cache, clientLoop: @escaping ClientLoop.Runner = ClientLoop.unspecialised,
    mainActorClientLoop: @escaping MainActorClientLoop.Runner = MainActorClientLoop.unspecialised,
    keys: KeySequence, stop: StopCondition, decoder: PayloadDecoder?,
    claims: RequestClaims = RequestClaims(), rawLatencyCapacity: Int? = nil,
    schedule: OpenLoopSchedule? = nil, recorders: ClientRecorders? = nil,
    ledger: FetchLedger? = nil,
    probe: SchedulingProbe? = nil, mainProbe: SchedulingProbe? = nil
  ) async -> WindowOutcome {
    let recorders =
      recorders
      ?? ClientRecorders(
        count: scenario.concurrency, schedule: schedule, rawLatencyCapacity: rawLatencyCapacity)
    // A client returning is progress too: with 100,000 clients every request can be claimed long
    // before the last clients, queued for a thread, have completed theirs. So is a request recorded:
    // the clients that claimed them all may serve hits for a minute, fetching nothing, and return
    // together at the end (at 100,000 clients under load, such a window was stopped as stalled).
    let progress: @Sendable () -> Int = {
      claims.claimed &+ (ledger?.fetchEvents ?? 0) &+ recorders.returnedClients
        &+ recorders.stripes.recordedRequests
    }
    return await Self.window(
      WindowPlan(
        cache: cache, clientLoop: clientLoop, mainActorClientLoop: mainActorClientLoop,
        keys: keys, operations: scenario.operations, stop: stop,
        concurrency: scenario.concurrency, threads: scenario.threads, caller: scenario.caller,
        decoder: decoder,
        cancelsInDecode: scenario.cancelRate > 0 && scenario.cancelMoment == .decode
          ? WaitCancellation.InDecode(outsideDecoder: decoder) : nil,
        claims: claims, recorders: recorders, schedule: schedule, runStop: runStop, drain: drain,
        stallWatch: StallWatch(timeout: stallTimeout, progress: progress),
        probes: [probe, mainProbe].compactMap { $0 }, attribution: ledger?.attribution,
        writes: scenario.writeRate > 0 ? WriteSource(payloadBytes: scenario.payloadBytes) : nil))
  }

  /// How long a window of this scenario may make no progress before it counts as stalled: the drain
  /// policy's timeout, shortened under a run deadline to an equal share of it per window (plus one, for
  /// calibration and drains), so a hung variant leaves time for the others; never below 10 times the
  /// mean fetch latency, or 100 times it without a deadline, so a slow fetcher is not taken for a hang.
  var stallTimeout: Duration {
    let latency = scenario.latencyDistribution.mean
    guard let runDeadline else { return max(drain.stallTimeout, latency * 100) }
    let share = runDeadline / (scenario.variants.count * repetitions + 1)
    return max(min(drain.stallTimeout, share), latency * 10, .milliseconds(100))
  }

  /// What a window polls to tell a hung cache from a slow one: a figure that moves whenever a request
  /// is claimed, a fetch begins or ends, or a client returns.
  struct StallWatch: Sendable {
    var timeout: Duration
    var progress: @Sendable () -> Int

    /// Polls `progress` until cancelled, and asks `stop` to stop the window as stalled once it has not
    /// moved for `timeout`.
    ///
    /// Once a second, or a quarter of `timeout` if less; under valgrind only every quarter of
    /// `timeout`: each poll's timer costs the dispatch queues tens of thousands of instructions, and a
    /// window that valgrind slows by the machine's load would count more polls, so callgrind's
    /// instructions per request rose with the load (+1.1% to +1.7% at load 7–8 for a 1,000-instruction
    /// hit, the differences all in dispatch's timer code). It waits on `DeadlineTimerThread`, whose
    /// cancelled sleeps leave its queue: a cancelled `Task.sleep` leaves its dispatch timer armed, to
    /// fire in a later window.
    func run(stopping stop: RunStop) async {
      let clock = ContinuousClock()
      var last = progress()
      var lastMoved = clock.now
      let interval =
        ValgrindClient.isRunning ? timeout / 4 : min(Duration.seconds(1), timeout / 4)
      let step = UInt64(max(1, DecimalText.nanoseconds(interval)))
      while !Task.isCancelled {
        let due = MonotonicClock.now() &+ step
        guard (try? await DeadlineTimerThread.shared.sleep(until: due, notBefore: due)) != nil,
          !Task.isCancelled
        else { return }
        let now = progress()
        if now != last {
          last = now
          lastMoved = clock.now
        } else if lastMoved.duration(to: clock.now) >= timeout {
          stop.request(.stalled)
          return
        }
      }
    }
  }

  /// Everything one window runs with, as `window(_:)` takes it: the cache and the loops its clients
  /// run, the workload, where the clients run and record, and how the window stops and drains.
  private struct WindowPlan: Sendable {
    let cache: any Cache
    let clientLoop: ClientLoop.Runner
    let mainActorClientLoop: MainActorClientLoop.Runner
    let keys: KeySequence
    let operations: OperationMix
    let stop: StopCondition
    let concurrency: Int
    let threads: Int?
    let caller: ClientIsolation
    let decoder: PayloadDecoder?
    let cancelsInDecode: WaitCancellation.InDecode?
    let claims: RequestClaims
    let recorders: ClientRecorders
    let schedule: OpenLoopSchedule?
    let runStop: RunStop
    let drain: DrainPolicy
    let stallWatch: StallWatch
    let probes: [SchedulingProbe]
    /// Where the clients attribute outcomes, in a window of a design that does not report them.
    let attribution: FetchAttribution?
    /// Where the window's writes get their values and expected revisions (`--write-rate`).
    let writes: WriteSource?

    /// The clients' arguments for a window whose clock started at `start`: the last request index a
    /// request-count stop issues, or the deadline of a duration stop.
    func arguments(start: UInt64, windowStop: RunStop) -> ClientLoop.Arguments {
      let limit: Int
      let deadline: UInt64
      switch stop {
      case .requests(let count):
        limit = count
        deadline = .max
      case .duration(let duration):
        limit = .max
        deadline = start &+ UInt64(duration.nanoseconds)
      }
      return ClientLoop.Arguments(
        keys: keys, operations: operations, claims: claims, limit: limit, deadline: deadline,
        decoder: decoder, windowStart: start, schedule: schedule, runStop: windowStop,
        attribution: attribution, writes: writes)
    }
  }

  /// Runs `plan`'s window: starts the clients and the probes, waits for the clients or, once the
  /// window is stopped, drains them (`DrainPolicy`), and returns what they recorded.
  @concurrent
  private static func window(_ plan: WindowPlan) async -> WindowOutcome {
    // The window's own stop: the run's, or a stall of this window alone.
    let windowStop = RunStop()
    let forward = Task {
      if let reason = await plan.runStop.requested() { windowStop.request(reason) }
    }
    let stallWatcher = Task { await plan.stallWatch.run(stopping: windowStop) }
    defer {
      forward.cancel()
      stallWatcher.cancel()
    }
    let executor = await clientExecutor(threads: plan.threads)
    let start = MonotonicClock.now()
    let clients = startClients(plan, start: start, windowStop: windowStop, executor: executor)
    let (drained, elapsed) = await awaitClients(
      clients, start: start, windowStop: windowStop, drain: plan.drain)
    // Joined before the memory reading, which needs their allocator caches flushed; a thread a stuck
    // client may still need is left to exit on its own.
    if drained { await executor?.shutdown() } else { executor?.abandon() }
    let returned = plan.recorders.finish(release: drained)
    return WindowOutcome(
      recorder: returned.recorder, requestsPerClient: returned.requestsPerClient,
      nanoseconds: elapsed, undrainedClients: plan.concurrency - returned.requestsPerClient.count,
      wasStopped: windowStop.isRequested, stalled: windowStop.reason == .stalled)
  }

  /// Starts `plan`'s clients and probes in one task, preferring `executor`; it ends once every client
  /// has returned.
  ///
  /// Each client hands in its recorder as it returns, so an abandoned window still reports every
  /// client that did return. The probes are children of the same group, so they run where the
  /// clients' tasks run (the main actor's probe hops there for each sample); they stop once the
  /// clients all have returned. A child reports whether it was a client. The clients are the group's
  /// children, which inherit how marked reads are cancelled.
  private static func startClients(
    _ plan: WindowPlan, start: UInt64, windowStop: RunStop, executor: DedicatedThreadsExecutor?
  ) -> Task<Void, Never> {
    Task(executorPreference: executor) {
      await WaitCancellation.$cancelsInDecode.withValue(plan.cancelsInDecode) {
        await withTaskGroup(of: Bool.self) { group in
          for probe in plan.probes {
            group.addTask {
              await probe.run()
              return false
            }
          }
          let clientPlan = ClientPlan(
            clientLoop: plan.clientLoop, mainActorClientLoop: plan.mainActorClientLoop,
            cache: plan.cache, arguments: plan.arguments(start: start, windowStop: windowStop),
            recorders: plan.recorders)
          let caller = plan.caller
          let concurrency = plan.concurrency
          // Every client is a child of this group, or above `flatClientLimit` of a batch of its own,
          // so that the runtime's list of one group's children stays short (see `clientBatchSize`).
          let batch = clientBatchSize(concurrency: concurrency)
          var running = 0
          for first in stride(from: 0, to: concurrency, by: batch) {
            let clients = first..<min(first + batch, concurrency)
            running += 1
            guard clients.count > 1 else {
              switch caller {
              case .pool: group.addTask { await client(first, of: clientPlan) }
              case .main: group.addTask { await mainActorClient(first, of: clientPlan) }
              }
              continue
            }
            group.addTask {
              await withDiscardingTaskGroup { batch in
                for index in clients {
                  switch caller {
                  case .pool: batch.addTask { _ = await client(index, of: clientPlan) }
                  case .main: batch.addTask { _ = await mainActorClient(index, of: clientPlan) }
                  }
                }
              }
              return true
            }
          }
          while running > 0, let wasClient = await group.next() {
            if wasClient { running -= 1 }
          }
          group.cancelAll()
        }
      }
    }
  }

  /// Waits for `clients` to return, or, once `windowStop` is requested, drains them: a grace period
  /// (none for a stalled window), then cancellation, then abandonment. Returns whether they all
  /// returned, and the window's wall time from `start`.
  private static func awaitClients(
    _ clients: Task<Void, Never>, start: UInt64, windowStop: RunStop, drain: DrainPolicy
  ) async -> (drained: Bool, elapsed: UInt64) {
    let ended = FirstOutcome<Bool>()
    let completion = Task {
      await clients.value
      ended.deliver(true)
    }
    let watcher = Task {
      guard let reason = await windowStop.requested() else { return }
      // A stalled window made no progress for the whole stall timeout: waiting longer for its
      // requests to finish on their own would only delay the variants after it.
      if reason != .stalled { try? await Task.sleep(for: drain.grace) }
      guard !Task.isCancelled else { return }
      clients.cancel()
      try? await Task.sleep(for: drain.abandonAfter)
      guard !Task.isCancelled else { return }
      ended.deliver(false)
    }
    // The clients are unstructured so the window can stop waiting for them; a cancelled driver task
    // must still reach them.
    let drained = await withTaskCancellationHandler {
      await ended.value()
    } onCancel: {
      clients.cancel()
    }
    let elapsed = MonotonicClock.now() - start
    watcher.cancel()
    // An abandoned window leaves `completion` waiting for the stuck clients; it ends with them.
    if drained { await completion.value }
    return (drained, elapsed)
  }

  /// Up to this many clients are children of the window's task group directly.
  static let flatClientLimit = 1_024

  /// How many clients share one task group: 1 (each a child of the window's group) up to
  /// `flatClientLimit` clients, else about the square root of their number.
  ///
  /// The concurrency runtime keeps a group's children in a linked list and walks it to remove each
  /// child as its result is taken (`TaskGroup::removeChildTask`), so the cost of a window's end grew
  /// with the square of its clients: at 100,000 clients perf `cpu-clock` put 90% of the samples of a
  /// 65 s window there, one core's worth for the last 60 s, after every client had returned; the stall
  /// watch saw no progress and stopped the window as stalled. In batches of about the square root,
  /// each list stays a few hundred long.
  static func clientBatchSize(concurrency: Int) -> Int {
    guard concurrency > flatClientLimit else { return 1 }
    return Int(Double(concurrency).squareRoot().rounded(.up))
  }

  /// Client `index` of a `--caller main` window, isolated to the main actor, as is its loop
  /// (`MainActorClientLoop`); otherwise as `client(_:of:)`.
  @MainActor
  private static func mainActorClient(_ index: Int, of plan: ClientPlan) async -> Bool {
    let recorder = plan.recorders.take(index)
    await plan.mainActorClientLoop(plan.cache, plan.arguments, &recorder.pointee)
    plan.recorders.giveBack(recorder)
    return true
  }

  /// Client `index`: claims and issues requests until the window's limit or deadline, or a stop
  /// request, recording into its recorder from `plan.recorders`, in the loop the design compiled for
  /// its cache type (`CacheSpecialisation`).
  ///
  /// Its recorder is taken, run and handed back here rather than in the child task's closure: there
  /// the recorder, its copies and the loop's arguments made the closure's async frame 3,136 bytes and
  /// its captured context a few hundred more, per client; the closure now captures one reference. The
  /// recorder itself is on the heap (`ClientRecorders.take`), so this frame holds a pointer to it.
  /// Returns true: the window's group tells its clients from the probe by it.
  @concurrent
  private static func client(_ index: Int, of plan: ClientPlan) async -> Bool {
    let recorder = plan.recorders.take(index)
    await plan.clientLoop(plan.cache, plan.arguments, &recorder.pointee)
    plan.recorders.giveBack(recorder)
    return true
  }

  /// What every client of one window runs with, made once: a class, so each client task's closure
  /// captures one reference and its index instead of a copy of each.
  private final class ClientPlan: Sendable {
    let clientLoop: ClientLoop.Runner
    let mainActorClientLoop: MainActorClientLoop.Runner
    let cache: any Cache
    let arguments: ClientLoop.Arguments
    let recorders: ClientRecorders

    init(
      clientLoop: @escaping ClientLoop.Runner,
      mainActorClientLoop: @escaping MainActorClientLoop.Runner, cache: any Cache,
      arguments: ClientLoop.Arguments, recorders: ClientRecorders
    ) {
      self.clientLoop = clientLoop
      self.mainActorClientLoop = mainActorClientLoop
      self.cache = cache
      self.arguments = arguments
      self.recorders = recorders
    }
  }
}
