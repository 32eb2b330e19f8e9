public func debugRun(_ args: [String]) async {
  var scenario = Scenario(variants: Scenario.defaultVariants(shards: 8))
  if args.count > 1 { scenario.decodeCost = .microseconds(Int(args[1])!) }
  if args.count > 2 { scenario.stop = .requests(Int(args[2])!) }
  let start = MonotonicClock.now()
  let driver = BenchmarkDriver(scenario: scenario)
  do {
    for r in try await driver.run() {
      print(
        r.variant, r.requests, "h", r.hits, "j", r.joins, "l", r.leaders, "f", r.fetches, "dup",
        r.duplicateFetches, "thr", Int(r.throughput), "mean", Int(r.latency.mean), "max",
        r.latency.max, "fetch mean", Int(r.fetchLatency.mean))
    }
  } catch { print(error) }
  print("total", Double(MonotonicClock.now() - start) / 1e9)
}
