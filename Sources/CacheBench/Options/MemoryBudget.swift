import CacheBenchCore

/// Refuses, before anything runs, a scenario whose cached payloads alone would need more than half of the
/// machine's memory, so a typo such as `--payload-bytes 67108864 --keys 10000000` is a usage error and not
/// an out-of-memory kill halfway through a run.
///
/// The estimate counts what a measured window can hold at once: one payload per distinct key it can touch
/// (at most `keys`, and at most the request count when the run stops by requests) plus a fixed allowance per
/// entry for the table and value, and each client's latency histogram.
enum MemoryBudget {
  /// Bookkeeping bytes per cached entry beside its payload: dictionary slot, value, array header.
  static let entryOverheadBytes: UInt64 = 160
  /// Bytes of one client's recorder: its histograms with the default layout.
  static let histogramBytes = UInt64(ClientRecorder.histogramCount) * 256 * 1024

  /// Throws `OptionsError.exceedsMemory` when `scenario` needs more than half of `physicalMemory`.
  static func check(_ scenario: Scenario, physicalMemory: UInt64?) throws(OptionsError) {
    guard let physicalMemory else { return }
    let needed = estimatedBytes(scenario)
    guard needed > physicalMemory / 2 else { return }
    var options = "--keys \(scenario.keys) × --payload-bytes \(scenario.payloadBytes)"
    if case .requests(let count) = scenario.stop, count < scenario.keys {
      options = "--requests \(count) × --payload-bytes \(scenario.payloadBytes)"
    }
    throw .exceedsMemory(needed: needed, available: physicalMemory, options: options)
  }

  /// The bytes a measured window of `scenario` may hold at its peak, saturating rather than overflowing.
  static func estimatedBytes(_ scenario: Scenario) -> UInt64 {
    var entries = UInt64(scenario.keys)
    if case .requests(let count) = scenario.stop { entries = min(entries, UInt64(count)) }
    let perEntry = UInt64(scenario.payloadBytes) &+ entryOverheadBytes
    let (payloads, overflow) = entries.multipliedReportingOverflow(by: perEntry)
    if overflow { return .max }
    let histograms = UInt64(scenario.concurrency) * histogramBytes
    let (total, overflowTotal) = payloads.addingReportingOverflow(histograms)
    return overflowTotal ? .max : total
  }

  /// `bytes` in binary units for a message, e.g. `640 TiB`, `23.4 GiB`.
  static func text(bytes: UInt64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded()
    let whole = Int(tenths) / 10
    let fraction = Int(tenths) % 10
    return value >= 100 || fraction == 0
      ? "\(Int(value.rounded())) \(units[unit])"
      : "\(whole).\(fraction) \(units[unit])"
  }
}
