/// What each operation of a run does, as a pure function of its index, like `KeySequence`.
///
/// Operation `i` is an invalidation of `keys.key(at: i)` with probability `invalidateRate`; otherwise a
/// write of it with probability `writeRate`; otherwise it is a read, and a read is marked to be cancelled
/// while it waits with probability `cancelRate`. The decisions come from counter-based SplitMix64 streams derived from the run's seed with
/// their own tags, so a seed reproduces the same operations in every run and every variant whatever
/// the scheduling, and neither stream repeats the key stream's draws.
@usableFromInline
struct OperationMix: Sendable, Equatable {
  /// What one operation does.
  @usableFromInline
  enum Operation: Sendable, Equatable {
    /// A cache lookup.
    case read
    /// A cache lookup whose caller is cancelled once it waits for a fetch (see `WaitCancellation`).
    case cancelledRead
    /// `Cache.invalidate` of the key; not a request.
    case invalidate
    /// `Cache.write` of the key (repository designs only); not a request.
    case write
  }

  /// Share of operations that invalidate their key instead of reading it, `0...1`.
  let invalidateRate: Double
  /// Share of reads whose caller is cancelled while waiting, `0...1`.
  let cancelRate: Double
  /// Share of operations that are not invalidations and write their key, `0...1`.
  let writeRate: Double

  private let invalidateStream: UInt64
  private let cancelStream: UInt64
  private let writeStream: UInt64

  /// ASCII "invalida" and "cancelRe": separate these streams from the key stream and each other.
  private static let invalidateTag: UInt64 = 0x696E_7661_6C69_6461
  private static let cancelTag: UInt64 = 0x6361_6E63_656C_5265
  /// ASCII "writeRat".
  private static let writeTag: UInt64 = 0x7772_6974_6552_6174

  /// The mix of a run with `seed`; rates outside `0...1` are a programming error (options check them).
  init(invalidateRate: Double, cancelRate: Double, writeRate: Double = 0, seed: UInt64) {
    precondition(
      (0...1).contains(invalidateRate) && (0...1).contains(cancelRate)
        && (0...1).contains(writeRate))
    self.invalidateRate = invalidateRate
    self.cancelRate = cancelRate
    self.writeRate = writeRate
    invalidateStream = SplitMix64.mix(seed ^ Self.invalidateTag)
    cancelStream = SplitMix64.mix(seed ^ Self.cancelTag)
    writeStream = SplitMix64.mix(seed ^ Self.writeTag)
  }

  /// Every operation a plain read: what a run without `--invalidate-rate` or `--cancel-rate` does.
  static let readsOnly = OperationMix(invalidateRate: 0, cancelRate: 0, seed: 0)

  /// Returns what operation `index` (0-based) does.
  @inline(__always)
  func operation(at index: Int) -> Operation {
    // The default mix draws nothing, so the plain read path costs what it cost before mixes existed.
    if invalidateRate == 0 && cancelRate == 0 && writeRate == 0 { return .read }
    let position = UInt64(truncatingIfNeeded: index)
    if invalidateRate > 0,
      SplitMix64.unitDouble(from: SplitMix64.output(seed: invalidateStream, index: position))
        < invalidateRate
    {
      return .invalidate
    }
    if writeRate > 0,
      SplitMix64.unitDouble(from: SplitMix64.output(seed: writeStream, index: position))
        < writeRate
    {
      return .write
    }
    if cancelRate > 0,
      SplitMix64.unitDouble(from: SplitMix64.output(seed: cancelStream, index: position))
        < cancelRate
    {
      return .cancelledRead
    }
    return .read
  }
}
