import CacheBenchCore

/// Refuses, before anything runs, a scenario that would need more than half of the machine's memory, so a
/// typo such as `--payload-bytes 67108864 --keys 10000000` is a usage error and not an out-of-memory kill
/// halfway through a run.
///
/// The estimate counts what a measured window can hold at once: one payload per distinct key it can touch
/// (at most `keys`, and at most the request count when the run stops by requests) plus a fixed allowance per
/// entry for the table and value; each client's task, frames and counters, at the figure measured for the
/// run's costliest design (a design that does not coalesce also holds the payload of the fetch each client
/// runs); and the window's latency histograms, which the clients share (`HistogramStripes`), so they do not
/// grow with the clients. The per-client and per-entry figures are measured (docs/cost-model.md) and charged
/// with a margin, so that a run that fits is not refused.
enum MemoryBudget {
  /// Bookkeeping bytes per cached entry beside its payload: dictionary slot, value, array header.
  static let entryOverheadBytes: UInt64 = 160
  /// Bytes a client of a coalescing design costs during a window beside the histograms: its task, its
  /// frames and its recorder. Peak RSS grew by 2.1 KiB a client from 20,000 to 100,000 clients for
  /// `coalescing`, `sharded` and `mutex`, 3.1 KiB for `split` and 2.7 KiB with `--caller main`, and an
  /// open-loop client adds a 1 KiB slab (docs/cost-model.md); charged at 4 KiB, which covers the costliest
  /// of them, `split`, by 29%. The fetch runs in a task of its own, and its payload is counted with the
  /// cached entries.
  static let coalescingClientBytes: UInt64 = 4 * 1024
  /// Bytes a client of a design that does not coalesce costs beside the histograms and the payload of
  /// the fetch it runs: the fetch, its sleep and its timer run in the client's own task, so it takes more
  /// frame slabs. Peak RSS grew by 9.2 KiB (`naive`) and 7.9 KiB (`fetch-outside`) a client at 4 KiB
  /// payloads (docs/cost-model.md), of which 4 KiB is the payload each client's duplicate fetch
  /// allocates; charged at 8 KiB plus the payload, 12 KiB at 4 KiB payloads, 30% over `naive`. Also the
  /// charge for a scenario without variants.
  static let fetchingClientBytes: UInt64 = 8 * 1024
  /// Bytes of one set of histograms with the default layout.
  static let histogramSetBytes = UInt64(ClientRecorder.histogramCount) * 256 * 1024

  /// Throws `OptionsError.exceedsMemory` when `scenario` needs more than half of `physicalMemory`.
  static func check(_ scenario: Scenario, physicalMemory: UInt64?) throws(OptionsError) {
    guard let physicalMemory else { return }
    let needed = estimatedBytes(scenario)
    guard needed > physicalMemory / 2 else { return }
    var options = "--keys \(scenario.keys) × --payload-bytes \(scenario.payloadBytes)"
    if case .requests(let count) = scenario.stop, count < scenario.keys {
      options = "--requests \(count) × --payload-bytes \(scenario.payloadBytes)"
    }
    if clientsBytes(scenario) >= payloadsBytes(scenario) {
      options =
        "--concurrency \(scenario.concurrency) × \(text(bytes: clientBytes(scenario))) a client"
    }
    throw .exceedsMemory(needed: needed, available: physicalMemory, options: options)
  }

  /// The bytes a measured window of `scenario` may hold at its peak, saturating rather than overflowing.
  static func estimatedBytes(_ scenario: Scenario) -> UInt64 {
    let histograms =
      UInt64(HistogramStripes.defaultCount(concurrency: scenario.concurrency) + 1)
      * histogramSetBytes
    let (partial, overflow) = payloadsBytes(scenario).addingReportingOverflow(
      clientsBytes(scenario))
    if overflow { return .max }
    let (total, overflowTotal) = partial.addingReportingOverflow(histograms)
    return overflowTotal ? .max : total
  }

  /// The cached payloads and their entries' bookkeeping, saturating.
  private static func payloadsBytes(_ scenario: Scenario) -> UInt64 {
    var entries = UInt64(scenario.keys)
    if case .requests(let count) = scenario.stop { entries = min(entries, UInt64(count)) }
    let perEntry = UInt64(scenario.payloadBytes) &+ entryOverheadBytes
    let (payloads, overflow) = entries.multipliedReportingOverflow(by: perEntry)
    return overflow ? .max : payloads
  }

  /// The clients' tasks and counters, saturating.
  private static func clientsBytes(_ scenario: Scenario) -> UInt64 {
    let (total, overflow) = UInt64(scenario.concurrency).multipliedReportingOverflow(
      by: clientBytes(scenario))
    return overflow ? .max : total
  }

  /// What one client of `scenario` is charged: the figure of its costliest design, since its variants
  /// run one after another and the peak is the largest of theirs.
  static func clientBytes(_ scenario: Scenario) -> UInt64 {
    let fetching = fetchingClientBytes &+ UInt64(scenario.payloadBytes)
    guard !scenario.variants.isEmpty else { return fetching }
    return scenario.variants.contains { !$0.design.traits.contains(.coalesces) }
      ? fetching : coalescingClientBytes
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
