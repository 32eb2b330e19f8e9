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
      cache: cache, clientLoop: clientLoop, mainActorClientLoop: mainActorClientLoop, keys: keys,
      operations: scenario.operations, stop: stop,
      concurrency: scenario.concurrency, threads: scenario.threads, caller: scenario.caller,
      decoder: decoder,
      cancelsInDecode: scenario.cancelRate > 0 && scenario.cancelMoment == .decode
        ? WaitCancellation.InDecode(outsideDecoder: decoder) : nil,
      claims: claims,
      recorders: recorders,
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
  /// is claimed, a fetch begins or ends, or a client returns.
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

  /// The clients' recorders: the latency histograms they share (`HistogramStripes`), made before the window
  /// opens, and the counters of each client, merged as it returns; a class so every client task and the
  /// window share it. One window's recorders serve that window only.
  ///
  /// Per-client histograms took about 0.75 MiB a client (48 MiB for 64 clients, 3 GiB for 4,096); the
  /// stripes take a fixed few MiB. A client's recorder allocates nothing (its histograms hold no
  /// counters), so it is made as the client starts; only raw-latency room, when asked for, is reserved
  /// here before the clock starts. A returning client's counters are added to the window's under the
  /// lock, which costs a few dozen additions; the stripes are merged after the window has closed
  /// (`finish`).
  final class ClientRecorders: Sendable {
    struct State {
      /// Raw-latency room reserved per client, taken by the client; nil without raw latencies.
      var rawRoom: [[RawLatencySample]?]?
      var taken: [Bool]
      /// The counters of every client that returned, merged.
      var merged = ClientRecorder.mergeTarget
      /// Requests of each client that returned, in the order they returned.
      var requestsPerClient: [Int] = []
      /// The raw samples of each client that returned.
      var rawLatencies: [[RawLatencySample]] = []
    }
    let state: SanitizerVisibleMutex<State>
    let stripes: HistogramStripes

    /// Recorders for `count` clients, into `stripeCount` stripes (by default
    /// `HistogramStripes.defaultCount`).
    init(count: Int, schedule: OpenLoopSchedule?, rawLatencyCapacity: Int?, stripeCount: Int? = nil)
    {
      stripes = HistogramStripes(
        count: stripeCount ?? HistogramStripes.defaultCount(concurrency: count),
        openLoop: schedule != nil)
      var rawRoom: [[RawLatencySample]?]? = nil
      if let rawLatencyCapacity {
        rawRoom = (0..<count).map { _ in
          var samples: [RawLatencySample] = []
          samples.reserveCapacity(rawLatencyCapacity)
          return samples
        }
      }
      var initial = State(rawRoom: rawRoom, taken: Array(repeating: false, count: count))
      initial.requestsPerClient.reserveCapacity(count)
      if rawLatencyCapacity != nil { initial.rawLatencies.reserveCapacity(count) }
      state = SanitizerVisibleMutex(initial)
    }

    /// Client `index`'s recorder, on the heap; each index is taken once, and the client hands it back
    /// (`giveBack`), which frees it.
    ///
    /// On the heap rather than in the client task's async frame: a value kept across every await is
    /// part of the frame, and the task allocator gives a frame that does not fit its current slab one
    /// of its own, kept as long as the task. Held in the child task's closure, the recorder and the
    /// temporary copies around `take` and `giveBack` made that frame 2,688 bytes a client, a slab of
    /// 3 KiB; now the closure holds a pointer and the recorder is one allocation of its own size.
    @inline(never)
    func take(_ index: Int) -> UnsafeMutablePointer<ClientRecorder> {
      let raw: [RawLatencySample]?? = state.withLock { state in
        guard !state.taken[index] else { return nil }
        state.taken[index] = true
        return .some(state.rawRoom?[index].take())
      }
      guard let raw else { preconditionFailure("client \(index)'s recorder was taken twice") }
      let recorder = UnsafeMutablePointer<ClientRecorder>.allocate(capacity: 1)
      recorder.initialize(to: ClientRecorder(stripes: stripes, home: index))
      recorder.pointee.rawLatencies = raw
      return recorder
    }

    /// Adds a returning client's counters (and raw samples) to the window's, and frees its recorder.
    @inline(never)
    func giveBack(_ recorder: UnsafeMutablePointer<ClientRecorder>) {
      recorder.pointee.flushSamples()
      let raw = recorder.pointee.rawLatencies.take()
      state.withLock { state in
        state.merged.merge(recorder.pointee)
        state.requestsPerClient.append(recorder.pointee.requests)
        if let raw { state.rawLatencies.append(raw) }
      }
      recorder.deinitialize(count: 1)
      recorder.deallocate()
    }

    /// How many clients have returned so far: progress for the stall watch.
    var returnedClients: Int { state.withLock { $0.requestsPerClient.count } }

    /// What the clients that returned recorded, with the stripes' histograms merged in; `release` lets
    /// the stripes free their counters (see `HistogramStripes.merge`). Taken once: the recorders are
    /// let go of, so they live only as long as the caller keeps them.
    func finish(release: Bool) -> (recorder: ClientRecorder, requestsPerClient: [Int]) {
      var (recorder, requestsPerClient, raw) = state.withLock { state in
        defer {
          state.merged = .mergeTarget
          state.requestsPerClient = []
          state.rawLatencies = []
        }
        return (state.merged, state.requestsPerClient, state.rawLatencies)
      }
      stripes.merge(into: &recorder, release: release)
      if !raw.isEmpty { recorder.rawLatencies = Array(raw.joined()) }
      return (recorder, requestsPerClient)
    }
  }

  @concurrent
  private static func window(
    cache: any Cache, clientLoop: @escaping ClientLoop.Runner,
    mainActorClientLoop: @escaping MainActorClientLoop.Runner, keys: KeySequence,
    operations: OperationMix, stop: StopCondition,
    concurrency: Int, threads: Int?, caller: ClientIsolation,
    decoder: PayloadDecoder?, cancelsInDecode: WaitCancellation.InDecode?, claims: RequestClaims,
    recorders: ClientRecorders,
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
    // The clients are the group's children, which inherit how marked reads are cancelled.
    let clients = Task(executorPreference: executor) {
      await WaitCancellation.$cancelsInDecode.withValue(cancelsInDecode) {
        await withTaskGroup(of: Bool.self) { group in
          for probe in probes {
            group.addTask {
              await probe.run()
              return false
            }
          }
          let plan = ClientPlan(
            clientLoop: clientLoop, mainActorClientLoop: mainActorClientLoop, cache: cache,
            arguments: ClientLoop.Arguments(
              keys: keys, operations: operations, claims: claims, limit: limit,
              deadline: deadline, decoder: decoder, windowStart: start, schedule: schedule,
              runStop: windowStop),
            recorders: recorders)
          // Every client is a child of this group, or above `flatClientLimit` of a batch of its own,
          // so that the runtime's list of one group's children stays short (see `clientBatchSize`).
          let batch = clientBatchSize(concurrency: concurrency)
          var running = 0
          for first in stride(from: 0, to: concurrency, by: batch) {
            let clients = first..<min(first + batch, concurrency)
            running += 1
            guard clients.count > 1 else {
              switch caller {
              case .pool: group.addTask { await client(first, of: plan) }
              case .main: group.addTask { await mainActorClient(first, of: plan) }
              }
              continue
            }
            group.addTask {
              await withDiscardingTaskGroup { batch in
                for index in clients {
                  switch caller {
                  case .pool: batch.addTask { _ = await client(index, of: plan) }
                  case .main: batch.addTask { _ = await mainActorClient(index, of: plan) }
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
    let returned = recorders.finish(release: drained)
    return WindowOutcome(
      recorder: returned.recorder, requestsPerClient: returned.requestsPerClient,
      nanoseconds: elapsed, undrainedClients: concurrency - returned.requestsPerClient.count,
      wasStopped: windowStop.isRequested, stalled: windowStop.reason == .stalled)
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
