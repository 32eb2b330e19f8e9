/// The rules that turn figures into findings, in rank order: what makes the figures wrong or not
/// comparable first, then what costs the most time, then the rest.
enum FindingRule: String, Sendable, CaseIterable, Comparable {
  case duplicateFetches = "duplicate_fetches"
  case partialRows = "partial_rows"
  case fetchLatencySpread = "fetch_latency_spread"
  case ignoredOptions = "ignored_options"
  case openLoopOverload = "open_loop_overload"
  case decodeOnActor = "decode_on_actor"
  case hotActor = "hot_actor"
  case oneCallerPerCycle = "one_caller_per_cycle"
  case poolStarvation = "pool_starvation"
  case starvedClients = "starved_clients"
  case allocations = "allocations"
  case memoryPerEntry = "memory_per_entry"
  case duplicatesWithinInvalidations = "duplicates_within_invalidations"
  case hitThroughputCollapse = "hit_throughput_collapse"

  /// How the finding's line begins.
  var title: String {
    switch self {
    case .duplicateFetches: "duplicate fetches (reentrancy)"
    case .partialRows: "partial rows"
    case .fetchLatencySpread: "unequal fetch latency"
    case .ignoredOptions: "options a design ignored"
    case .openLoopOverload: "open-loop overload"
    case .decodeOnActor: "decode on the actor"
    case .hotActor: "hot actor"
    case .oneCallerPerCycle: "an actor served one caller per pool cycle"
    case .poolStarvation: "pool starvation"
    case .starvedClients: "starved clients"
    case .allocations: "allocations per request"
    case .memoryPerEntry: "memory per entry"
    case .duplicatesWithinInvalidations: "duplicate fetches within invalidations (not reentrancy)"
    case .hitThroughputCollapse: "hit throughput collapsed from 1 client to 2"
    }
  }

  static func < (lhs: FindingRule, rhs: FindingRule) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
