import CacheBenchCore

/// The short lines a run prints on stderr while it works, so a person knows what is being measured.
enum RunDescription {
  /// One line naming the workload every variant gets; an open-loop run (`--rate`) says its arrival rate,
  /// since it changes what the clients do and what `latency_*` measures.
  static func summary(of scenario: Scenario) -> String {
    let stop: String
    switch scenario.stop {
    case .requests(let count): stop = counted(count, "request")
    case .duration(let duration):
      stop = "\(HumanUnits.latency(nanoseconds: UInt64(duration.nanoseconds)))"
    }
    let threads =
      scenario.caller == .main
      ? " on the main actor"
      : scenario.threads.map { " on \($0) thread\($0 == 1 ? "" : "s")" } ?? ""
    return
      "\(counted(scenario.variants.count, "variant")); each: \(stop) after"
      + " \(scenario.warmupRequests) warm-up,"
      + " \(counted(scenario.concurrency, "client"))\(threads),\(openLoop(of: scenario))"
      + " \(counted(scenario.keys, "key")) \(scenario.distribution.summaryName), seed \(scenario.seed),"
      + " fetch \(HumanUnits.latency(nanoseconds: UInt64(scenario.fetchLatency.nanoseconds))),"
      + " \(scenario.payloadBytes) B payload, \(decode(of: scenario))"
  }

  /// ` open loop at 5000/s,` for a run with an arrival rate, else nothing (closed loop).
  static func openLoop(of scenario: Scenario) -> String {
    guard let rate = scenario.openLoop?.rate else { return "" }
    let text = rate == rate.rounded() && rate < 1e15 ? String(Int(rate)) : String(rate)
    return " open loop at \(text)/s,"
  }

  /// `1 key`, `2 keys`: `count` and `noun`, plural unless the count is one.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `decode 20.0µs`, the cost of one decode, or `no decode` when no variant decodes
  /// (`--decode none`), whose cost then applies to nothing.
  static func decode(of scenario: Scenario) -> String {
    guard scenario.variants.contains(where: { $0.decode != .noDecode }) else { return "no decode" }
    return "decode \(HumanUnits.latency(nanoseconds: UInt64(scenario.decodeCost.nanoseconds)))"
  }

  /// One line per finished variant.
  static func progressLine(for result: VariantResult) -> String {
    let seconds = Double(result.windowNanoseconds) / 1e9
    return "\(result.variant.description): \(result.requests) requests in "
      + "\(HumanUnits.latency(nanoseconds: result.windowNanoseconds))"
      + " (\(HumanUnits.throughput(Double(result.requests) / max(seconds, 1e-9))))"
  }
}
