/// A cache as the harness presents it that holds memory of the harness's own beside the design's: a
/// typed design's key table (`TypedCache`). The meter leaves that memory out of `bytes_per_entry`, as it
/// leaves out the window's request recorder.
protocol HarnessHeldMemory {
  /// The bytes the harness holds now, while the cache holds `cachedEntries` entries of payloads of
  /// `payloadBytes`, as `meter`'s allocator counts them; nil when it cannot measure.
  func harnessHeldBytes(meter: ResourceMeter, cachedEntries: Int, payloadBytes: Int) -> Int?
}
