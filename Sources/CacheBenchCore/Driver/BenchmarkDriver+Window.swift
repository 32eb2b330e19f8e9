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
    let progress: @Sendable () -> Int = { claims.claimed &+ (ledger?.fetchEvents ?? 0) }
    return await Self.window(
      cache: cache, clientLoop: clientLoop, mainActorClientLoop: mainActorClientLoop, keys: keys,
      operations: scenario.operations, stop: stop,
      concurrency: scenario.concurrency, threads: scenario.threads, caller: scenario.caller,
      decoder: decoder,
      claims: claims,
      recorders: recorders
        ?? ClientRecorders(
          count: scenario.concurrency, schedule: schedule, rawLatencyCapacity: rawLatencyCapacity),
      schedule: schedule, runStop: runStop, drain: drain,
      stallWatch: StallWatch(timeout: stallTimeout, progress: progress),
      probes: [probe, mainProbe].compactMap { $0 })
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
  /// is claimed or a fetch begins or ends.
  struct StallWatch: Sendable {
    var timeout: Duration
    var progress: @Sendable () -> Int

    /// Polls `progress` until cancelled, and asks `stop` to stop the window as stalled once it has not
    /// moved for `timeout`.
    func run(stopping stop: RunStop) async {
      let clock = ContinuousClock()
      var last = progress()
      var lastMoved = clock.now
      let interval = min(Duration.seconds(1), timeout / 4)
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        if Task.isCancelled { return }
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

  /// The clients' recorders, made before the window opens and handed back as each client returns; a class
  /// so every client task and the window share it. One window's recorders serve that window only.
  ///
  /// A recorder's histograms take about 0.75 MiB, which a client making its own would allocate and zero
  /// inside the window (48 MiB for 64 clients, seen in a window-exact dhat profile), and merging them as
  /// clients return would run inside it too. So they are made before the clock starts, each client takes
  /// its own (the slot is emptied, so the client's copy is the only one and stays unshared), and they
  /// are merged only after the window has closed (`WindowOutcome.recorder`).
  final class ClientRecorders: Sendable {
    struct State {
      var prepared: [ClientRecorder?]
      var returned: [ClientRecorder] = []
    }
    let state: SanitizerVisibleMutex<State>

    init(count: Int, schedule: OpenLoopSchedule?, rawLatencyCapacity: Int?) {
      var prepared: [ClientRecorder?] = []
      prepared.reserveCapacity(count)
      for _ in 0..<count {
        var recorder = ClientRecorder()
        if schedule != nil { recorder.actualLatency = LatencyHistogram() }
        if let rawLatencyCapacity {
          var samples: [RawLatencySample] = []
          samples.reserveCapacity(rawLatencyCapacity)
          recorder.rawLatencies = samples
        }
        prepared.append(recorder)
      }
      state = SanitizerVisibleMutex(State(prepared: prepared))
      state.withLock { $0.returned.reserveCapacity(count) }
    }

    /// Client `index`'s recorder; each index is taken once.
    func take(_ index: Int) -> ClientRecorder {
      guard let recorder = state.withLock({ $0.prepared[index].take() }) else {
        preconditionFailure("client \(index)'s recorder was taken twice")
      }
      return recorder
    }

    func giveBack(_ recorder: ClientRecorder) {
      state.withLock { $0.returned.append(recorder) }
    }

    /// The recorders handed back so far. Lets go of them, so they live only as long as the caller
    /// keeps them.
    func takeReturned() -> [ClientRecorder] {
      state.withLock { state in
        defer { state.returned = [] }
        return state.returned
      }
    }
  }

  @concurrent
  private static func window(
    cache: any Cache, clientLoop: @escaping ClientLoop.Runner,
    mainActorClientLoop: @escaping MainActorClientLoop.Runner, keys: KeySequence,
    operations: OperationMix, stop: StopCondition,
    concurrency: Int, threads: Int?, caller: ClientIsolation,
    decoder: PayloadDecoder?, claims: RequestClaims, recorders: ClientRecorders,
    schedule: OpenLoopSchedule?, runStop: RunStop, drain: DrainPolicy, stallWatch: StallWatch,
    probes: [SchedulingProbe]
  ) async -> WindowOutcome {
    // The window's own stop: the run's, or a stall of this window alone.
    let windowStop = RunStop()
    let forward = Task {
      if let reason = await runStop.requested() { windowStop.request(reason) }
    }
    let stallWatcher = Task { await stallWatch.run(stopping: windowStop) }
    defer {
      forward.cancel()
      stallWatcher.cancel()
    }
    let executor = await clientExecutor(threads: threads)
    let limit: Int
    let deadline: UInt64
    let start = MonotonicClock.now()
    switch stop {
    case .requests(let count):
      limit = count
      deadline = .max
    case .duration(let duration):
      limit = .max
      deadline = start &+ UInt64(duration.nanoseconds)
    }
    // Each client hands in its recorder as it returns, so an abandoned window still reports every
    // client that did return.
    // The probes are children of the same group, so they run where the clients' tasks run (the main
    // actor's probe hops there for each sample); they stop once the clients all have returned. A child
    // reports whether it was a client.
    let clients = Task(executorPreference: executor) {
      await withTaskGroup(of: Bool.self) { group in
        for probe in probes {
          group.addTask {
            await probe.run()
            return false
          }
        }
        for index in 0..<concurrency {
          let arguments = ClientLoop.Arguments(
            keys: keys, operations: operations, claims: claims, limit: limit,
            deadline: deadline, decoder: decoder, windowStart: start, schedule: schedule,
            runStop: windowStop)
          switch caller {
          case .pool:
            group.addTask {
              var recorder = recorders.take(index)
              await client(clientLoop, cache: cache, arguments, into: &recorder)
              recorders.giveBack(recorder)
              return true
            }
          case .main:
            group.addTask {
              await mainActorClient(
                mainActorClientLoop, cache: cache, arguments, index: index, recorders: recorders)
              return true
            }
          }
        }
        var running = concurrency
        while running > 0, let wasClient = await group.next() {
          if wasClient { running -= 1 }
        }
        group.cancelAll()
      }
    }
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
    // Joined before the memory reading, which needs their allocator caches flushed; a thread a stuck
    // client may still need is left to exit on its own.
    if drained { await executor?.shutdown() } else { executor?.abandon() }
    let returned = recorders.takeReturned()
    return WindowOutcome(
      clientRecorders: returned, nanoseconds: elapsed,
      undrainedClients: concurrency - returned.count,
      wasStopped: windowStop.isRequested, stalled: windowStop.reason == .stalled)
  }

  /// Client `index` of a `--caller main` window, isolated to the main actor, as is its loop
  /// (`MainActorClientLoop`).
  @MainActor
  private static func mainActorClient(
    _ clientLoop: MainActorClientLoop.Runner, cache: any Cache, _ arguments: ClientLoop.Arguments,
    index: Int, recorders: ClientRecorders
  ) async {
    var recorder = recorders.take(index)
    await clientLoop(cache, arguments, &recorder)
    recorders.giveBack(recorder)
  }

  /// One client: claims and issues requests until the window's limit or deadline, or a stop request,
  /// recording into `recorder`, in the loop the design compiled for its cache type
  /// (`CacheSpecialisation`).
  @concurrent
  private static func client(
    _ clientLoop: ClientLoop.Runner, cache: any Cache, _ arguments: ClientLoop.Arguments,
    into recorder: inout ClientRecorder
  ) async {
    await clientLoop(cache, arguments, &recorder)
  }
}
