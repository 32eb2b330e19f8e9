/// One request's latency as `--raw-latencies` records it, for analysis outside cachebench.
///
/// 24 bytes a request, kept in per-client arrays that grow during the window: recording them
/// allocates and touches memory on the hot path, so it happens only when asked for, and a run that
/// records them is for analysis, not for a gate or a memory figure.
package struct RawLatencySample: Sendable, Equatable {
  /// The request's index in the key sequence (request i asks for `keys.key(at: i)`).
  package var request: Int
  /// When the request was issued, in nanoseconds since its window started.
  package var issuedNanoseconds: UInt64
  /// From issue to completion, in nanoseconds, as recorded into the latency histogram.
  package var latencyNanoseconds: UInt64
}
