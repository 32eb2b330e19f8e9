/// Where a window's clients record: made before the window opens, merged once it closes.
extension BenchmarkDriver {
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
}
