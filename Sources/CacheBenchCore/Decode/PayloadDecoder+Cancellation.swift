/// The decode of a run that cancels requests (`--cancel-rate`): chunks, checkpoints and the work done
/// after the request was cancelled (`DecodeCancellation`).
///
/// A chunk is one pass of the byte chain over the payload (`payload_bytes` steps, about 5.7 µs for the
/// default 4 KiB at 1.4 ns a step), or what is left of the decode's steps when that is less. Between two
/// chunks a decode in a marked request's own task reads its task's cancellation flag (one load), and
/// every `checkpoint` chunks, once the flag is set, it stops. Where a cancelled request's decode runs
/// to its end, the work after the cancellation is what a checkpoint could have saved.
///
/// The times are the decoding thread's CPU time (`ThreadCPUClock`): the decode is synchronous, so it
/// runs on one thread from start to end, and its CPU excludes the time the thread was preempted on a
/// loaded machine. A cancellation from outside during the decode (not one the harness makes) is seen at
/// the next chunk boundary, so its waste is short by less than one chunk; the harness's own are exact
/// (before the decode: its start; `CancelMoment.decode`: the instant it cancels).
extension PayloadDecoder {
  /// Decodes `payload` as `decode(_:)` does, except in a run that cancels requests: a decode in a
  /// cancelled request's own task stops at its next checkpoint (`--decode-checkpoint`), and throws
  /// `CancellationError`, as one that ran to its end after its task was cancelled does; either way its
  /// result is thrown away, which is what a design should do with a cancelled caller's decode.
  ///
  /// A design that decodes in its caller's task (after its fetch, or in a store actor the caller
  /// awaits) calls this one; a decode that belongs to a shared entry calls `decode(_:)`, which never
  /// stops: no single caller's cancellation should cost the others their value.
  public func decodeUnlessCancelled(_ payload: Payload) throws(CancellationError) -> UInt64 {
    try decodeUnlessCancelled(payload, busy: nil)
  }

  /// `decodeUnlessCancelled(_:)`, adding the decode to `busy` as `decode(_:busy:)` does.
  func decodeUnlessCancelled(
    _ payload: Payload, busy: IsolationBusyTime?
  ) throws(CancellationError) -> UInt64 {
    guard let cancellation else { return decode(payload, busy: busy) }
    onDecode?(payload)
    let onActor = CurrentExecutor.isActor
    counter?.count(onActor: onActor)
    guard
      let value = decodeMeasured(
        payload, busy: onActor ? busy : nil, by: cancellation, stopsAtCheckpoint: true)
    else { throw CancellationError() }
    return value
  }

  /// Runs the decode, timed for `cancellation`. In a marked request's own task, it cancels the task
  /// after the first chunk when the mark says so (`CancelMoment.decode`), notes when the task was first
  /// seen cancelled (before the decode: its start), and, with `stopsAtCheckpoint`, stops at the first
  /// checkpoint after that; it then returns nil for any decode whose task was cancelled, stopped or not.
  /// Everywhere else it runs the plain chain. `busy` is the isolation the decode holds, if any.
  func decodeMeasured(
    _ payload: Payload, busy: IsolationBusyTime?, by cancellation: DecodeCancellation,
    stopsAtCheckpoint: Bool
  ) -> UInt64? {
    let segment = busy?.enter()
    defer { if let busy, let segment { busy.close(segment) } }
    let armed = WaitCancellation.armedRequest
    let start = ThreadCPUClock.now()
    guard let armed, armed.isCurrentTask else {
      let value = Self.run(steps: steps, over: payload)
      cancellation.recordShared(
        nanoseconds: ThreadCPUClock.now() &- start, ofArmedRequest: armed != nil)
      return value
    }
    var cancelledAt: UInt64 = Task.isCancelled ? start : 0
    // Chunks done when the cancellation was noted, and so far.
    var cancelledAfter = 0
    var done = 0
    let checkpoint = stopsAtCheckpoint ? cancellation.checkpoint : 0
    let value = Self.run(steps: steps, over: payload) { chunk in
      done = chunk
      if cancelledAt == 0, (chunk == 1 && armed.fireInDecode()) || Task.isCancelled {
        cancelledAt = ThreadCPUClock.now()
        cancelledAfter = chunk
      }
      return checkpoint == 0 || cancelledAt == 0 || chunk % checkpoint != 0
    }
    if value != nil { done = Self.chunks(steps: steps, over: payload) }
    // A decode of one chunk is cancelled at its end, and a cancellation during the last chunk is seen here.
    if cancelledAt == 0, armed.fireInDecode() || Task.isCancelled {
      cancelledAt = ThreadCPUClock.now()
      cancelledAfter = done
    }
    let end = ThreadCPUClock.now()
    cancellation.recordCaller(
      nanoseconds: end &- start, wasted: cancelledAt == 0 ? 0 : end &- cancelledAt,
      wastedChunks: done - cancelledAfter, cancelled: cancelledAt != 0, stopped: value == nil)
    if stopsAtCheckpoint, cancelledAt != 0 { return nil }
    return value
  }

  /// The chunks of a whole decode of `steps` over `payload`.
  static func chunks(steps: Int, over payload: Payload) -> Int {
    let bytes = payload.bytes.count
    guard bytes > 0, steps > 0 else { return 0 }
    return (steps + bytes - 1) / bytes
  }

  /// The decode's work: a dependent multiply-xor chain over the payload's bytes for `steps` byte steps,
  /// in passes over the bytes (chunks), asking `goOn` after every chunk but the last (with the count of
  /// chunks done) whether to go on; nil when it said no. `run(steps:over:)` is this, never stopped.
  static func run(
    steps: Int, over payload: Payload, afterChunk goOn: (Int) -> Bool
  ) -> UInt64? {
    payload.bytes.withUnsafeBufferPointer { bytes in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      guard !bytes.isEmpty else { return hash }
      var remaining = steps
      var chunks = 0
      while remaining > 0 {
        let pass = min(remaining, bytes.count)
        for index in 0..<pass {
          hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        remaining -= pass
        chunks += 1
        if remaining > 0, !goOn(chunks) {
          blackHole(hash)
          return nil
        }
      }
      return hash
    }
  }
}
