/// A recorder's own latency histograms: held behind one reference, so that a striped client, whose figures
/// go to the window's `HistogramStripes`, carries none.
///
/// Five empty histograms (about 110 bytes each, their layout and exact figures) were 570 of a striped
/// client's 1,260 bytes, kept for as long as the client ran, at 100,000 clients 57 MB that held no
/// counter. The recorders that do keep histograms (the window's merged one, a probe's, a test's) reach them
/// through the accessors below, which copy them on write, so a `ClientRecorder` keeps value semantics.
extension ClientRecorder {
  /// The histograms of one recorder; shared by copies of it until one of them writes (`uniqueOwn`).
  ///
  /// `@unchecked Sendable`: a box is only written through `uniqueOwn`, which first copies it unless this
  /// recorder holds the only reference, so no two tasks ever see one box that either of them writes.
  final class OwnHistograms: @unchecked Sendable {
    /// The histograms, laid out and recorded into as a window's stripe's are.
    var set: HistogramStripes.Histograms

    /// Histograms with their counters allocated now (about 1 MiB), or holding none until a merge
    /// brings some.
    init(allocated: Bool) {
      set = allocated ? .init(openLoop: false) : .released(openLoop: false)
    }

    private init(copying other: OwnHistograms) {
      set = other.set
    }

    /// A box of its own with the same histograms (their counters shared until written).
    func copy() -> OwnHistograms { OwnHistograms(copying: self) }

    /// Records every figure `sample` carries.
    func record(_ sample: RequestSample) {
      set.record(sample)
    }

    /// Adds `other`'s histograms to these.
    func merge(_ other: OwnHistograms) {
      set.merge(other.set)
    }
  }

  /// This recorder's box, made (holding no counters) or copied first unless it is its only holder.
  mutating func uniqueOwn() -> OwnHistograms {
    if own == nil {
      own = OwnHistograms(allocated: false)
    } else if !isKnownUniquelyReferenced(&own) {
      own = own?.copy()
    }
    // Set just above when it was nil.
    return own.unsafelyUnwrapped
  }

  /// `latency`: from each request's issue (open loop: its intended issue) to its completion.
  var latency: LatencyHistogram {
    get { own?.set.latency ?? .unallocated() }
    _modify {
      let box = uniqueOwn()
      yield &box.set.latency
    }
  }

  /// `actor_wait`: queue delay before entering the cache's isolation, per request that returned a value.
  var actorWait: LatencyHistogram {
    get { own?.set.actorWait ?? .unallocated() }
    _modify {
      let box = uniqueOwn()
      yield &box.set.actorWait
    }
  }

  /// `actor_busy_wait`: the part of `actor_wait` during which the isolation ran other work, clamped to it.
  var actorBusyWait: LatencyHistogram {
    get { own?.set.actorBusyWait ?? .unallocated() }
    _modify {
      let box = uniqueOwn()
      yield &box.set.actorBusyWait
    }
  }

  /// `actor_service`: time inside the cache's isolation, per request that returned a value.
  var actorService: LatencyHistogram {
    get { own?.set.actorService ?? .unallocated() }
    _modify {
      let box = uniqueOwn()
      yield &box.set.actorService
    }
  }

  /// Open loop only: latency from the actual start, as `latency` is from the intended one. Non-nil,
  /// holding no counters, for a striped client of an open loop.
  var actualLatency: LatencyHistogram? {
    get { own?.set.actualLatency ?? (recordsActualLatency ? .unallocated() : nil) }
    _modify {
      let box = uniqueOwn()
      yield &box.set.actualLatency
    }
  }
}

extension HistogramStripes {
  /// Every stripe's histograms merged into `recorder`'s. With `release`, the stripes let go of their
  /// counters, so only the merged copy is left in memory; a window with a client still inside a request
  /// keeps them, because that client may still record.
  func merge(into recorder: inout ClientRecorder, release: Bool) {
    forEachStripe(release: release) { recorder.uniqueOwn().set.merge($0) }
  }
}
